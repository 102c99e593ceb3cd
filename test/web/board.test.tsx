/**
 * The board in happy-dom, on the whole game page (game-mount.tsx): pointer taps and drags
 * dispatched on the cells.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { GameView } from '../../engine/index.ts'
import { drawnGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { mountGame } from './game-mount.tsx'
import { settle } from './host.ts'

withDom()

const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']

let unmount: (() => void) | null = null
afterEach(() => {
  unmount?.()
  unmount = null
})

async function mount(game: GameView) {
  const mounted = await mountGame(game)
  unmount = mounted.unmount
  return mounted
}

const cell = (id: number) => document.querySelector(`[data-cell="${id}"]`) as HTMLElement

function pointer(type: string, id: number) {
  cell(id).dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1, clientX: 0, clientY: 0 }))
}

async function tapCell(id: number) {
  await act(async () => {
    pointer('pointerdown', id)
    pointer('pointerup', id)
  })
}

async function drag(ids: number[]) {
  await act(async () => {
    pointer('pointerdown', ids[0])
    for (const id of ids.slice(1)) pointer('pointermove', id)
    pointer('pointerup', ids[ids.length - 1])
  })
}

const selected = () =>
  [...document.querySelectorAll('[data-cell][aria-pressed="true"]')].map((el) =>
    Number((el as HTMLElement).dataset.cell),
  )

describe('the board under a finger', () => {
  test('only playable cells respond: they are the enabled ones', async () => {
    await mount(drawnGame(ROWS))
    const enabled = [...document.querySelectorAll('[data-cell][aria-disabled="false"]')]
      .map((el) => Number((el as HTMLElement).dataset.cell))
      .sort((a, b) => a - b)
    expect(enabled).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    await tapCell(12)
    expect(selected()).toEqual([])
  })

  test('taps build a path cell by cell, and the word with its points shows as you go', async () => {
    const { store } = await mount(drawnGame(ROWS))
    await tapCell(2)
    await tapCell(7)
    await tapCell(8)
    expect(store.path.value).toEqual([2, 7, 8])
    expect(document.querySelector('.word__text')?.textContent).toBe('TER')
    expect(document.querySelector('[data-testid="points"]')?.textContent).toBe('+2 points')
    // The last cell again takes it back.
    await tapCell(8)
    expect(store.path.value).toEqual([2, 7])
    expect(cell(7).getAttribute('aria-label')).toContain('letter 2 of the word')
  })

  test('a drag through cells selects them in order, and going back takes the last one back', async () => {
    const { store } = await mount(drawnGame(ROWS))
    await drag([0, 6, 7])
    expect(store.path.value).toEqual([0, 6, 7])
    await drag([7, 8, 7])
    expect(store.path.value).toEqual([0, 6, 7])
    // A drag over a cell that is not playable passes over it without taking it.
    await drag([7, 12])
    expect(store.path.value).toEqual([0, 6, 7])
  })

  test('clear empties the path; submit waits for three letters', async () => {
    const { store } = await mount(drawnGame(ROWS))
    await tapCell(0)
    await tapCell(6)
    const submit = document.querySelector('[data-testid="submit"]') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await tapCell(7)
    expect(submit.disabled).toBe(false)
    await act(async () => {
      ;(document.querySelector('[data-testid="clear"]') as HTMLButtonElement).click()
      await settle()
    })
    expect(store.path.value).toEqual([])
  })

  test("nothing responds on the opponent's turn", async () => {
    const { store } = await mount(drawnGame(ROWS, { turn: 1 }))
    expect(document.querySelectorAll('[data-cell][aria-disabled="false"]').length).toBe(0)
    await tapCell(0)
    expect(store.path.value).toEqual([])
  })

  test('cells carry screen-reader labels: letter, place, points and owner', async () => {
    await mount(drawnGame(ROWS))
    expect(cell(0).getAttribute('aria-label')).toBe('C, row 1, column 1, score 5, yours, base cell')
    expect(cell(22).getAttribute('aria-label')).toBe("X, row 5, column 3, score 5, opponent's, base cell")
    expect(cell(12).getAttribute('aria-label')).toBe('M, row 3, column 3, score 1, free')
  })
})
