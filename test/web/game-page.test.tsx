/**
 * The game page in happy-dom: the real store, session and views, the server's answers from the test
 * host and a fake socket. How the board faces each viewer, the move list and announcements, an
 * answer to every tap, the special cells, the result with Play again, and the mentor in step.
 */
import { describe, expect, test } from 'bun:test'
import { signal } from '@preact/signals-react'
import { act } from 'react'
import type { GameView, HistoryEvent } from '../../engine/index.ts'
import { computerId, isComputer, MENTOR_ID } from '../../engine/index.ts'
import en from '../../locales/en.json'
import type { TurnClock } from '../../web/game/turn-clock.ts'
import { drawnGame } from './board-fixture.ts'
import { withDom } from './dom.ts'
import { FakeSocket } from './fake-socket.ts'
import { $, cell, click, gameMounter, tap, text, playedTurn as turn } from './game-mount.tsx'

withDom()
const { watchTimerSounds } = await import('../../web/game/timer-sounds.ts')

// Side 0 owns the top row and row 0 is its base; side 1 the bottom row.
const ROWS = ['CATSE', 'onerd', 'limpa', 'gushy', '*b*o*x*e*n']

const { mount } = gameMounter()

const displayed = () =>
  [...document.querySelectorAll('[data-cell]')].map((el) => Number((el as HTMLElement).dataset.cell))

/** A word as a history event. */
const played = (side: 0 | 1, word: string, cellIds: number[], score: number): HistoryEvent => ({
  type: 'turn',
  side,
  word,
  scoreReached: score,
  cellIds,
  score,
})

describe('the board faces the viewer', () => {
  test('side 0: its base row at the bottom in the home colour, its card below the board', async () => {
    await mount(drawnGame(ROWS))
    expect(displayed().slice(0, 3)).toEqual([24, 23, 22])
    expect(displayed().at(-1)).toBe(0)
    expect(cell(0).className).toContain('cell--home')
    expect(cell(22).className).toContain('cell--away')
    expect($('.game__bottom [data-testid="player-0"]')).not.toBeNull()
    expect($('.game__top [data-testid="player-1"]')).not.toBeNull()
    expect($('[data-testid="player-0"]')?.className).toContain('player--home')
  })

  test("side 1 (a friend's guest): the same picture — own base below, own colour home", async () => {
    await mount(drawnGame(ROWS, { uids: ['u2', 'u1'], turn: 1 }))
    expect(displayed().slice(0, 3)).toEqual([0, 1, 2])
    expect(cell(22).className).toContain('cell--home')
    expect(cell(0).className).toContain('cell--away')
    expect($('.game__bottom [data-testid="player-1"]')).not.toBeNull()
    expect($('[data-testid="player-1"]')?.className).toContain('player--home')
    expect(text('[data-testid="player-1"] [data-testid="turn-marker"]')).toBe(en.game.yourTurn)
  })

  test('an observer sees side 0 at the bottom, the observing banner, and no play controls', async () => {
    await mount(drawnGame(ROWS), { uid: 'u3' })
    expect(displayed()[0]).toBe(24)
    expect($('[data-testid="observer-banner"]')).not.toBeNull()
    expect($('[data-testid="actionbar"]')).toBeNull()
    await tap(6)
    expect(text('[data-testid="tip"]')).toBe(en.game.why.observing)
  })

  test('territory beside the points: cells and base row of each side', async () => {
    await mount(drawnGame(ROWS))
    expect(text('[data-testid="territory-0"]')).toBe('5 cellsbase 5/5')
    expect(text('[data-testid="territory-1"]')).toBe('5 cellsbase 5/5')
    expect(text('[data-testid="score-0"]')).toBe(`0${en.game.territory.points}`)
  })
})

describe('the move list and the last move', () => {
  test('listed with who and points; a new move is appended, announced and drawn; a gap reads the list again', async () => {
    const game = drawnGame(ROWS)
    game.ts = 3
    const moves = [turn(2, 0, 'cat', [0, 1, 2], 3), turn(3, 1, 'box', [21, 22, 23], 4)]
    const { arrive, calls } = await mount(game, { moves })
    const items = () => [...document.querySelectorAll('[data-testid="move"]')].map((li) => li.textContent)
    expect(items()).toEqual(['1.YouCAT+3', '2.BobBOX+4'])
    expect(text('[data-testid="news"]')).toBe('Bob played BOX +4')
    expect($('[data-testid="last-path"]')?.dataset.cells).toBe('21,22,23')
    expect([21, 22, 23].every((id) => cell(id).className.includes('cell--last'))).toBe(true)

    await arrive({ ...game, ts: 4, turnAvailable: 1 }, [played(0, 'toe', [2, 7, 8], 2)])
    expect(items().at(-1)).toBe('3.YouTOE+2')
    expect(text('[data-testid="news"]')).toBe('You played TOE +2')
    expect($('[data-testid="last-path"]')?.dataset.cells).toBe('2,7,8')
    const reads = () => calls.filter((c) => c.path === '/api/games/g1/moves').length
    expect(reads()).toBe(1)
    await arrive({ ...game, ts: 6, turnAvailable: 0 }, [])
    expect(reads()).toBe(2)
  })
})

describe('every tap gets an answer', () => {
  test('too far, not touching the word (which stays), not your turn', async () => {
    const { store } = await mount(drawnGame(ROWS))
    await tap(12)
    expect(text('[data-testid="tip"]')).toBe(en.game.why.far)
    expect(cell(12).className).toContain('cell--refused')
    await tap(0)
    await tap(6)
    expect(store.path.value).toEqual([0, 6])
    await tap(9)
    expect(store.path.value).toEqual([0, 6])
    expect(text('[data-testid="tip"]')).toBe('Letters must touch: pick one next to N, or clear the word.')
    // A good tap clears the tip.
    await tap(7)
    expect(store.path.value).toEqual([0, 6, 7])
    expect($('[data-testid="tip"]')).toBeNull()
  })

  test("on the opponent's turn the board says so", async () => {
    await mount(drawnGame(ROWS, { turn: 1 }))
    await tap(6)
    expect(text('[data-testid="tip"]')).toBe(en.game.why.notYourTurn)
  })

  test('the word bar: how to make a word before the start and on your turn, waiting only on theirs', async () => {
    const placeholder = () => text('.word__placeholder')
    const before = drawnGame(ROWS)
    Object.assign(before, { state: 'new', turnAvailable: null, startedAt: null })
    await mount(before)
    expect(placeholder()).toBe(en.game.pickLetters)
    await mount(drawnGame(ROWS, { turn: 0 }))
    expect(placeholder()).toBe(en.game.pickLetters)
    await mount(drawnGame(ROWS, { turn: 1 }))
    expect(placeholder()).toBe(en.game.waitTurn)
  })

  test('sniper on a base cell names the rule and asks nothing of the server', async () => {
    const game = drawnGame(ROWS)
    game.players[0].score = 100
    const { sentPayloads } = await mount(game)
    await click('[data-testid="booster-strike"]')
    await tap(22)
    expect(text('[data-testid="tip"]')).toBe("Sniper can't hit your opponent's base row.")
    await tap(0)
    expect(text('[data-testid="tip"]')).toBe(en.game.boosterWhy.strikeNotEnemy)
    expect(sentPayloads('booster')).toEqual([])
  })

  test('a booster too dear and hints below level 3 say why instead of hiding', async () => {
    const game = drawnGame(ROWS)
    // RULES §6: a game made by a player below level 3 has hints off.
    game.options.hintsOn = false
    await mount(game, { level: 1 })
    await click('[data-testid="booster-freeze"]')
    expect(text('[data-testid="tip"]')).toBe('Not enough points: this costs 20.')
    await click('[data-testid="hint"]')
    expect(text('[data-testid="tip"]')).toBe(
      'Hints open at level 3 (you are level 1): play a few games first.',
    )
  })

  test('the mutagen letter picker is a sheet of the language’s letters, without the current one', async () => {
    const game = drawnGame(ROWS)
    game.players[0].score = 100
    await mount(game)
    await click('[data-testid="booster-mutation"]')
    await tap(12)
    const letters = [...document.querySelectorAll('[data-testid="letter-picker"] .letter-choice')]
    expect(letters.length).toBe(25)
    expect(letters.map((b) => b.textContent)).not.toContain('M')
    await click('[data-testid="sheet-close"]')
    expect($('[data-testid="letter-picker"]')).toBeNull()
  })
})

describe('special cells look like what they are', () => {
  test('a frozen enemy cell keeps its colour under the ice; struck and mutated cells are marked', async () => {
    const game = drawnGame(ROWS)
    const cells = game.board.cells
    cells[21].specials.freeze = { side: 0, boosterId: 'freeze', cellId: 21, activeTillTurn: 3 }
    cells[12].specials.strike = { side: 0, boosterId: 'strike', cellId: 12, activeTillTurn: 3 }
    cells[13].letter = 'z'
    cells[13].specials.mutation = {
      side: 1,
      boosterId: 'mutation',
      cellId: 13,
      activeTillTurn: 3,
      oldLetter: 'p',
      mutationLetter: 'z',
    }
    await mount(game)
    expect(cell(21).className).toContain('cell--frozen')
    expect(cell(21).className).toContain('cell--away')
    expect(cell(21).className).not.toContain('cell--home')
    expect(cell(12).className).toContain('cell--struck')
    expect(cell(13).className).toContain('cell--mutated')
    expect(cell(13).querySelector('.cell__was')?.textContent).toBe('P')
    expect(cell(13).getAttribute('aria-label')).toContain('mutated, was P')
    expect(cell(21).getAttribute('aria-label')).toContain('frozen')
  })
})

describe('the end', () => {
  const over = (patch: Partial<GameView>, uids: [string, string] = ['u1', computerId('easy')]) => {
    const game = drawnGame(ROWS, { uids })
    if (isComputer(uids[1])) game.players[1].user = { id: uids[1], name: 'Computer', avatar: null }
    return Object.assign(game, { state: 'over', isFinished: true, turnAvailable: null, ...patch }) as GameView
  }

  test('the computer without a word: the true reason on the board, Play again and the next level', async () => {
    const { calls } = await mount(over({ winner: 0, gameoverReason: 'noWord' }))
    expect($('[data-testid="final"]')?.dataset.result).toBe('win')
    expect(text('[data-testid="final-reason"]')).toBe('Computer had no word left to play and resigned.')
    expect($('[data-testid="actionbar"]')).toBeNull()
    expect(text('[data-testid="play-again"]')).toBe(en.game.again.sameLevel)
    expect(text('[data-testid="next-level"]')).toBe('Next level: Medium')
    await click('[data-testid="next-level"]')
    const started = calls.find((c) => c.path === '/api/waiting-rooms')
    expect(started?.body).toMatchObject({ mode: 'computer', extraParams: { level: 'medium' } })
  })

  test('an observer sees who won and how, and no Play again', async () => {
    await mount(over({ winner: 1, gameoverReason: 'giveup' }, ['u1', 'u2']), { uid: 'u3' })
    expect(text('.result__title')).toBe('Bob won')
    expect(text('[data-testid="final-reason"]')).toBe('Ann surrendered.')
    expect($('[data-testid="play-again"]')).toBeNull()
    expect($('[data-testid="final-home"]')).not.toBeNull()
  })

  test('between players: a rematch offered by the other side is accepted from the banner', async () => {
    const { sentPayloads } = await mount(over({ winner: 0, gameoverReason: 'gameover' }, ['u1', 'u2']))
    expect(text('[data-testid="final-reason"]')).toBe("You took Bob's base row.")
    await act(async () => {
      FakeSocket.all[0].receive({
        type: 'game',
        event: 'rematch',
        payload: { gameId: 'g1', offers: [false, true], declined: false },
        timestamp: Date.now(),
      })
    })
    expect(text('[data-testid="rematch-offered"]')).toBe('Bob wants a rematch')
    await click('[data-testid="play-again"]')
    expect(sentPayloads('rematch')).toEqual([{ gameId: 'g1' }])
  })
})

describe('the mentor in a tutorial game', () => {
  test('says the lessons of each move as it comes, and starts afresh at the player’s next word', async () => {
    const game = drawnGame(ROWS, { uids: ['u1', MENTOR_ID] })
    game.ts = 3
    const { arrive } = await mount(game)
    const lines = () =>
      [...document.querySelectorAll('[data-testid="mentor-lesson"] .mentor__line')].map((l) => l.textContent)
    expect(lines()).toEqual([])
    const say = (lesson: string): HistoryEvent => ({
      type: 'intercom',
      from: 1,
      message: `tutorial.mentor.${lesson}`,
    })
    const word = played(0, 'cat', [0, 1, 2], 3)
    await arrive({ ...game, ts: 4, turnAvailable: 1 }, [word, say('capture')])
    expect(lines()).toEqual([en.tutorial.mentor.capture])
    const reply = played(1, 'box', [21, 22, 23], 4)
    await arrive({ ...game, ts: 5, turnAvailable: 0 }, [reply, say('availability')])
    expect(lines()).toEqual([en.tutorial.mentor.capture, en.tutorial.mentor.availability])
    await arrive({ ...game, ts: 6, turnAvailable: 1 }, [played(0, 'toe', [2, 7, 8], 2), say('base')])
    expect(lines()).toEqual([en.tutorial.mentor.base])
  })
})

describe('the last seconds of a blitz turn', () => {
  test('tick once a second from 10 on the player’s own turn, and ring at the end', () => {
    const clock = signal<TurnClock | null>(null)
    const side = signal<0 | 1 | null>(0)
    const played: string[] = []
    const stop = watchTimerSounds({ turnClock: clock, side }, (name) => played.push(name))
    const at = (left: number, who: 0 | 1 = 0) => {
      clock.value = { side: who, left, limit: 90, warn: left <= 10, up: left <= 0, skipsLeft: 3 }
    }
    at(30)
    at(10.4)
    at(10)
    at(9.5)
    at(9)
    at(0)
    // The opponent's last seconds are not the player's alarm.
    at(5, 1)
    stop()
    expect(played).toEqual(['timer10', 'timer10', 'timerAlarm'])
  })
})

describe('the clocks render once a second', () => {
  test('between two ticks within one shown second the clocks stay the same objects; a new second, new ones', async () => {
    const game: GameView = {
      ...drawnGame(ROWS),
      state: 'active',
      turnAvailable: 0,
      turnStartedAt: 1_000_000,
      options: { ...drawnGame(ROWS).options, timeMode: 'blitz' },
    }
    const { store, island } = await mount(game)
    // The store's own tick (every 250 ms) reads the session's clock: it is moved there too, so a
    // tick that comes between two steps on a loaded machine shows the same moment.
    const at = (ms: number) =>
      act(() => {
        island.session.clock.offset.value = ms - Date.now()
        store.now.value = ms
      })
    // 12.2 s into the turn, then 12.6 s: the same whole seconds show, the views have nothing new.
    await at(1_012_200)
    const [clocks, turn] = [store.clocks.value, store.turnClock.value]
    await at(1_012_600)
    expect(store.clocks.value).toBe(clocks)
    expect(store.turnClock.value).toBe(turn)
    // 13.1 s: one second less shows.
    await at(1_013_100)
    expect(store.clocks.value).not.toBe(clocks)
    expect(store.clocks.value[0]).toBe(clocks[0] - 1)
    expect(store.turnClock.value?.left).toBe((turn?.left ?? 0) - 1)
  })
})
