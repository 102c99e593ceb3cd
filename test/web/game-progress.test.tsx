/**
 * The game page's share of progress and economy (happy-dom, real store and views, a fake socket):
 * a badge earned by the player is announced with its picture, name and level (not the other
 * side's), and the reaction picker offers only the reactions within the slot capacity.
 */
import { describe, expect, test } from 'bun:test'
import type { HistoryEvent } from '../../engine/index.ts'
import { drawnGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { $, click, gameMounter, text } from './game-mount.tsx'

withDom()
const { mount } = gameMounter()
const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']

const badge = (side: 0 | 1, badgeId: string, level: number): HistoryEvent => ({
  type: 'badge',
  side,
  badgeId,
  level,
})

describe('badges announced in the game', () => {
  test('the player’s own badge shows as a toast with its picture, name and level; the other side’s does not', async () => {
    const game = drawnGame(ROWS)
    const { arrive, played } = await mount(game)
    expect($('[data-testid="badge-toast"]')).toBeNull()
    await arrive({ ...game, ts: game.ts + 1 }, [badge(0, 'berserk', 2), badge(1, 'jackpot', 1)])
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-testid="badge-toast"]')]
    expect(toasts.map((t) => t.dataset.badge)).toEqual(['berserk'])
    expect(toasts[0]?.textContent).toContain('Berserk: level 2')
    expect(toasts[0]?.textContent).toContain('Take many enemy cells with one word')
    expect(toasts[0]?.querySelector('svg[data-badge="berserk"]')).not.toBeNull()
    expect(played).toContain('unhidden')
    await arrive({ ...game, ts: game.ts + 2 }, [badge(0, 'fatality', 1)])
    expect(text('[data-testid="badge-toast"]')).toContain('New badge: Fatality')
    // A badge this client does not know (a newer server) is not announced as garbage.
    // (Toasts leave after 6 s of real time, which a loaded machine can pass: checked by id, not count.)
    await arrive({ ...game, ts: game.ts + 3 }, [badge(0, 'futureBadge', 1)])
    const shown = [...document.querySelectorAll<HTMLElement>('[data-testid="badge-toast"]')]
    expect(shown.map((t) => t.dataset.badge)).toContain('fatality')
    expect(shown.map((t) => t.dataset.badge)).not.toContain('futureBadge')
    expect(shown.every((t) => t.querySelector('svg[data-badge]'))).toBe(true)
  })
})

describe('the reaction picker', () => {
  test('offers only the reactions within the capacity (after PRO ended the list may be longer)', async () => {
    await mount(drawnGame(ROWS), {
      profile: { intercomSlots: ['👍', '🔥', '😮', '😂'], intercomSlotsCapacity: 3 },
    })
    await click('[data-testid="reactions-toggle"]')
    const offered = [...document.querySelectorAll('[data-testid="reactions-sheet"] .reaction-choice')].map(
      (b) => b.textContent,
    )
    expect(offered).toEqual(['👍', '🔥', '😮'])
  })
})
