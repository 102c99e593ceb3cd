/**
 * The game page's pure parts: how the board faces the player, territory, the turn clock, the
 * announcements, why a tap or booster is refused, and how a game ended, in words.
 */
import { describe, expect, test } from 'bun:test'
import { computerId, type GameView, type PlayedMove, TIME_MODE_CONFIG } from '../../engine/index.ts'
import en from '../../locales/en.json'
import { translator } from '../../shared/i18n.ts'
import { boosterRefusal, cellRefusal, endReason, hintRefusal, turnRefusal } from '../../web/game/explain.ts'
import { moveText, newsLine, skipNotice } from '../../web/game/news.ts'
import { displayCentre, displayOrder, territoryOf, tintOf } from '../../web/game/orientation.ts'
import { turnClockOf } from '../../web/game/turn-clock.ts'
import { drawnGame } from './board-fixture.ts'

// Side 0 owns the top row (its base) and two cells below; side 1 the bottom row and one above it.
const ROWS = ['CATSE', 'oNErd', 'limpa', 'gus*hy', '*b*o*x*e*n']
const t = translator('en')
const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k) => String(p[k]))

describe('the board faces the player', () => {
  test('side 0 sees the board turned round (its base row at the bottom); side 1 as it is', () => {
    expect(displayOrder(3, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(displayOrder(3, 0)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0])
    // Cell 0 (side 0's base) is drawn bottom right for side 0, top left for side 1.
    expect(displayCentre(5, 0, 0)).toEqual({ x: 4.5, y: 4.5 })
    expect(displayCentre(5, 1, 0)).toEqual({ x: 0.5, y: 0.5 })
  })

  test("the viewer's own cells are home-coloured whichever side they are", () => {
    expect([tintOf(0, 0), tintOf(1, 0), tintOf(9, 0)]).toEqual(['home', 'away', 'none'])
    expect([tintOf(1, 1), tintOf(0, 1)]).toEqual(['home', 'away'])
  })

  test('territory counts cells and the base row each side still holds', () => {
    const game = drawnGame(ROWS)
    expect(territoryOf(game.board)).toEqual([
      { cells: 7, base: 5, baseTotal: 5 },
      { cells: 6, base: 5, baseTotal: 5 },
    ])
    game.board.cells[20].owner = 0
    expect(territoryOf(game.board)[1]).toEqual({ cells: 5, base: 4, baseTotal: 5 })
  })
})

describe('why a tap does nothing', () => {
  test('a cell far from the player, a frozen one, and one that does not touch the word', () => {
    const game = drawnGame(ROWS)
    expect(cellRefusal(game.board, 0, [], 12)).toBeNull()
    expect(cellRefusal(game.board, 0, [], 20)).toEqual({ key: 'game.why.far' })
    expect(cellRefusal(game.board, 0, [0, 5], 9)).toEqual({
      key: 'game.why.notNext',
      params: { letter: 'O' },
    })
    game.board.cells[12].specials.freeze = { side: 1, boosterId: 'freeze', cellId: 12, activeTillTurn: 3 }
    expect(cellRefusal(game.board, 0, [], 12)).toEqual({ key: 'game.why.frozen' })
  })

  test('the board says why it is closed: watching, not started, the other side to move, time up, over', () => {
    const game = drawnGame(ROWS)
    expect(turnRefusal(game, 0, false)).toBeNull()
    expect(turnRefusal(game, null, false)?.key).toBe('game.why.observing')
    expect(turnRefusal(game, 1, false)?.key).toBe('game.why.notYourTurn')
    expect(turnRefusal(game, 0, true)?.key).toBe('game.why.timeUp')
    expect(turnRefusal({ ...game, state: 'countingDown' }, 0, false)?.key).toBe('game.why.notStarted')
    expect(turnRefusal({ ...game, state: 'over' }, 0, false)?.key).toBe('game.why.over')
  })

  test('boosters name their rule: sniper on a base cell or an own cell, mutagen on the enemy base, price', () => {
    const game = drawnGame(ROWS)
    game.players[0].score = 100
    expect(boosterRefusal(game, 0, 'strike', 20)).toEqual({ key: 'game.boosterWhy.strikeBase' })
    expect(boosterRefusal(game, 0, 'strike', 0)).toEqual({ key: 'game.boosterWhy.strikeNotEnemy' })
    expect(boosterRefusal(game, 0, 'strike', 18)).toBeNull()
    expect(boosterRefusal(game, 0, 'mutation', 22)).toEqual({ key: 'game.boosterWhy.mutationBase' })
    expect(boosterRefusal(game, 0, 'mutation', 12)).toBeNull()
    game.players[0].score = 10
    expect(boosterRefusal(game, 0, 'freeze', null)).toEqual({
      key: 'game.boosterWhy.noPoints',
      params: { cost: 20 },
    })
    expect(t('game.boosterWhy.strikeBase')).toBe("Sniper can't hit your opponent's base row.")
  })

  test('hints missing below level 3 say why (RULES §6); off for another reason, or too dear', () => {
    const game = drawnGame(ROWS)
    game.options.hintsOn = false
    expect(hintRefusal(game, 1, 10, 50)).toEqual({ key: 'game.hints.locked', params: { level: 1 } })
    expect(hintRefusal(game, 5, 10, 50)).toEqual({ key: 'game.hints.off' })
    game.options.hintsOn = true
    expect(hintRefusal(game, 5, 10, 5)).toEqual({ key: 'game.hints.noPoints', params: { cost: 10 } })
    expect(hintRefusal(game, 5, 10, 50)).toBeNull()
  })
})

describe('how the game ended, in words', () => {
  const names = ['Ann', 'Computer'] as const
  const over = (patch: Partial<GameView>, change?: (g: GameView) => void): GameView => {
    const g = drawnGame(ROWS) as GameView
    Object.assign(g, { state: 'over', isFinished: true, turnAvailable: null }, patch)
    change?.(g)
    return g
  }
  const said = (g: GameView, side: 0 | 1 | null) => {
    const r = endReason(g, side, names)
    return r ? t(r.key, r.params) : null
  }

  test('every reason says who and how, for the winner, the loser and an observer', () => {
    const resigned = over({ winner: 0, gameoverReason: 'noWord' })
    expect(said(resigned, 0)).toBe('Computer had no word left to play and resigned.')
    expect(said(resigned, null)).toBe('Computer had no word left to play and resigned.')
    expect(said(over({ winner: 1, gameoverReason: 'giveup' }), 0)).toBe('You surrendered.')
    expect(said(over({ winner: 0, gameoverReason: 'takeWin' }), 1)).toBe(
      'Ann claimed the win: you did not move in time.',
    )
    // A base taken (the loser still has cells) or no cells left.
    expect(said(over({ winner: 1, gameoverReason: 'gameover' }), 0)).toBe('Computer took your base row.')
    const wiped = over({ winner: 0, gameoverReason: 'gameover' }, (g) => {
      for (const c of g.board.cells) if (c.owner === 1) c.owner = 0
    })
    expect(said(wiped, null)).toBe('Computer has no cells left.')
    // Time: three skips in a row, or the bank.
    const skips = over({ winner: 1, gameoverReason: 'timeout' }, (g) => {
      g.players[0].skips = 3
    })
    expect(said(skips, 0)).toBe('You ran out of time three turns in a row.')
    expect(said(over({ winner: 1, gameoverReason: 'timeout' }), 1)).toBe("Ann's time bank ran out.")
    // Expired: the title says it all.
    expect(said(over({ state: 'expired', winner: null, gameoverReason: null }), 0)).toBeNull()
  })
})

describe('the turn clock and the news line', () => {
  const blitz = (at: number) => {
    const g = drawnGame(ROWS)
    g.options.timeMode = 'blitz'
    g.type = 'blitz'
    g.players[0].timeleft = 600
    return { game: g, now: g.turnStartedAt! + at }
  }

  test('a blitz turn counts down to its limit or the bank, warns in its last 10 s, and ends', () => {
    const limit = TIME_MODE_CONFIG.blitz.turnLimit
    const { game, now } = blitz(5_000)
    expect(turnClockOf(game, now)).toMatchObject({
      side: 0,
      left: limit - 5,
      warn: false,
      up: false,
      skipsLeft: 3,
    })
    expect(turnClockOf(game, game.turnStartedAt! + (limit - 9) * 1000)).toMatchObject({
      warn: true,
      up: false,
    })
    expect(turnClockOf(game, game.turnStartedAt! + (limit + 1) * 1000)).toMatchObject({ left: 0, up: true })
    // A nearly empty bank ends the turn first.
    game.players[0].timeleft = 20
    expect(turnClockOf(game, now)?.left).toBe(15)
    // Classic modes have no turn clock.
    game.options.timeMode = 'classic'
    expect(turnClockOf(game, now)).toBeNull()
  })

  test("the computer's move is announced; a skipped turn says how many more skips lose", () => {
    const { game, now } = blitz(1_000)
    game.players[1].user = { id: computerId('easy'), name: 'Computer', avatar: null }
    const played: PlayedMove = {
      kind: 'turn',
      ts: 5,
      side: 1,
      word: 'grin',
      cellIds: [1, 2, 3, 4],
      score: 4,
      scoreReached: 9,
    }
    expect(moveText(t, game, played, 0)).toBe('Computer played GRIN +4')
    expect(moveText(t, game, { ...played, side: 0 }, 0)).toBe('You played GRIN +4')
    expect(moveText(t, game, { ...played, booster: { boosterId: 'freeze', cellId: 7 } }, null)).toBe(
      'Computer played GRIN +4 · Freeze first',
    )
    game.players[0].skips = 1
    const skip: PlayedMove = { kind: 'skip', ts: 6, side: 0 }
    expect(moveText(t, game, skip, 0)).toBe('You ran out of time: turn skipped, 2 more skips lose')
    game.players[0].skips = 2
    expect(moveText(t, game, skip, 0)).toBe(en.game.news.skippedYou.one)
    // The notice stays after the opponent's move, until the player plays.
    expect(skipNotice(t, game, 0, skip)).toBeNull()
    expect(skipNotice(t, game, 0, played)).toBe(en.game.news.skippedYou.one)
    expect(skipNotice(t, game, null, played)).toBeNull()
    // The line: the last move, or the warning of the last seconds on the player's own turn.
    expect(newsLine(t, game, 0, played, turnClockOf(game, now))).toEqual({
      text: 'Computer played GRIN +4',
      tone: 'info',
    })
    const late = turnClockOf(game, game.turnStartedAt! + 85_000)
    expect(newsLine(t, game, 0, played, late)).toEqual({
      text: fill(en.game.news.hurry, { n: 5 }),
      tone: 'alert',
    })
    expect(newsLine(t, game, 1, played, late)?.tone).toBe('info')
    expect(newsLine(t, game, 0, null, null)).toEqual({ text: en.game.news.youFirst, tone: 'info' })
  })
})
