import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  ALPHABETS,
  applyTurn,
  createGame,
  type Game,
  type HistoryEvent,
  LANGS,
  type Lang,
  MENTOR_ID,
  MENTOR_LESSONS,
  MENTOR_SCRIPT,
  mentorEvents,
  mentorLessons,
  mentorMessage,
  mentorMove,
  recomputeAvailability,
  slideKeys,
  TUTORIAL_BOARDS,
  TUTORIAL_OPTIONS,
  TUTORIAL_SLIDES,
  tutorialBoard,
  tutorialPassed,
} from '../../engine/index.ts'
import {
  type BoardMove,
  type Dictionary,
  decodeDictionary,
  hasOpenings,
  listMoves,
} from '../../engine/server.ts'

const ROOT = resolve(import.meta.dir, '../..')

function dictOf(lang: Lang): Dictionary {
  const file = resolve(ROOT, 'dictionaries', lang, 'default.wtdg')
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run dictionaries\` first`)
  return decodeDictionary(new Uint8Array(readFileSync(file)))
}

function tutorialGame(lang: Lang): Game {
  const game = createGame({
    id: `tutorial-${lang}`,
    mode: 'pve',
    lang,
    options: TUTORIAL_OPTIONS,
    users: [
      { id: 'u1', name: 'Player', avatar: null },
      { id: MENTOR_ID, name: 'Mentor', avatar: null },
    ],
    board: tutorialBoard(lang),
    now: 1_000,
  })
  game.state = 'active'
  game.startedAt = 1_000
  game.turnStartedAt = 1_000
  game.turnAvailable = 1
  return game
}

/** The mentor plays again and again (the player passes): what it plays, in order. */
function mentorAlone(lang: Lang, turns: number): { words: string[]; game: Game } {
  const dict = dictOf(lang)
  let game = tutorialGame(lang)
  const words: string[] = []
  for (let i = 0; i < turns; i++) {
    const move = mentorMove(game, lang, listMoves(game.board, 1, dict))
    if (!move) break
    const r = applyTurn(game, { side: 1, cellIds: move.cellIds }, dict, 2_000 + i)
    if (!r.ok) throw new Error(`the mentor's ${move.word} was refused: ${r.error}`)
    game = r.value.game
    game.turnAvailable = 1
    words.push(move.word)
  }
  return { words, game }
}

describe('tutorial boards and the mentor’s script', () => {
  for (const lang of LANGS) {
    test(`${lang}: a 5×5 board of the language's letters with openings for both sides`, () => {
      const board = tutorialBoard(lang)
      expect(board.size).toBe(5)
      expect(board.cells).toHaveLength(25)
      const alphabet = ALPHABETS[lang]
      for (const c of board.cells)
        expect(alphabet.vowels.has(c.letter) || alphabet.consonants.has(c.letter)).toBe(true)
      expect(board.cells.slice(0, 5).every((c) => c.owner === 0 && c.is_base)).toBe(true)
      expect(board.cells.slice(20).every((c) => c.owner === 1 && c.is_base)).toBe(true)
      expect(hasOpenings(board, dictOf(lang))).toBe(true)
      expect(TUTORIAL_BOARDS[lang].join('')).toBe(board.cells.map((c) => c.letter).join(''))
    })

    test(`${lang}: every scripted move is a real word, played in order while the player lets it`, () => {
      const dict = dictOf(lang)
      for (const step of MENTOR_SCRIPT[lang]) expect(dict.has(step.word)).toBe(true)
      const { words, game } = mentorAlone(lang, MENTOR_SCRIPT[lang].length + 3)
      expect(words.slice(0, MENTOR_SCRIPT[lang].length)).toEqual(MENTOR_SCRIPT[lang].map((s) => s.word))
      // After the script it goes on with words of its own, never touching the player's base.
      expect(words.length).toBe(MENTOR_SCRIPT[lang].length + 3)
      expect(game.board.cells.slice(0, 5).every((c) => c.owner === 0)).toBe(true)
    })
  }

  test('a scripted move the player spoiled (its word played) is skipped for the next playable one', () => {
    const dict = dictOf('en')
    const first = mentorAlone('en', 1).game
    expect(first.wordsUsed).toEqual([MENTOR_SCRIPT.en[0].word])
    first.wordsUsed.push(MENTOR_SCRIPT.en[1].word)
    const move = mentorMove(first, 'en', listMoves(first.board, 1, dict))
    expect(move).toEqual(MENTOR_SCRIPT.en[2])
  })

  test('fallback: the cheapest word that leaves the player’s base alone, else one that leaves a base cell', () => {
    const game = tutorialGame('en')
    const moves: BoardMove[] = [
      { word: 'zzb', cellIds: [5, 0, 1] }, // takes two of the player's base cells
      { word: 'zzc', cellIds: [10, 11, 12] }, // three neutral cells: 3 points
      { word: 'zza', cellIds: [15, 16] }, // two neutral cells: 2 points
    ]
    expect(mentorMove(game, 'en', moves)?.word).toBe('zza')
    expect(mentorMove(game, 'en', [moves[0]])?.word).toBe('zzb')
    // Taking the player's last base cells would end the game in the mentor's favour: never.
    for (const c of game.board.cells.slice(2, 5)) c.owner = 9
    recomputeAvailability(game.board)
    expect(mentorMove(game, 'en', [moves[0]])).toBeNull()
    expect(mentorMove(game, 'en', [])).toBeNull()
  })
})

describe('the mentor’s lessons', () => {
  const base = tutorialGame('en')
  const withStats = (p: [number, number], m = 0, reached = 0): Game => {
    const g = structuredClone(base)
    g.stats[0].turns = p[0]
    g.stats[0].scoreReached = reached
    g.stats[1].turns = m
    return g
  }
  const start: HistoryEvent = { type: 'start', startedAt: 1 }
  const won: HistoryEvent = { type: 'gameover', winner: 0, gameoverReason: 'gameover' }
  const lost: HistoryEvent = { type: 'gameover', winner: 1, gameoverReason: 'giveup' }

  test.each([
    ['the start', withStats([0, 0]), withStats([0, 0]), [start], ['select']],
    ['the player’s first word', withStats([0, 0]), withStats([1, 0], 0, 4), [], ['capture']],
    ['the mentor’s first word', withStats([1, 0]), withStats([1, 0], 1), [], ['availability']],
    ['the player’s second word', withStats([1, 0], 1, 4), withStats([2, 0], 1, 8), [], ['base']],
    ['points reach a hint’s price', withStats([2, 0], 1, 8), withStats([3, 0], 1, 12), [], ['hint']],
    ['points reach a booster’s price', withStats([3, 0], 1, 12), withStats([4, 0], 1, 21), [], ['booster']],
    ['both prices in one word', withStats([3, 0], 1, 9), withStats([4, 0], 1, 25), [], ['hint', 'booster']],
    ['a later word: nothing new', withStats([4, 0], 2, 25), withStats([5, 0], 2, 30), [], []],
    ['the player wins', withStats([5, 0], 2), withStats([6, 0], 2), [won], ['win']],
    ['the player gives up', withStats([5, 0], 2), withStats([5, 0], 2), [lost], ['again']],
  ] as const)('%s', (_name, prev, next, events, lessons) => {
    expect(mentorLessons(prev, next, events)).toEqual([...lessons])
  })

  test('lessons travel as the mentor’s intercom events with a locale key', () => {
    const events = mentorEvents(withStats([0, 0]), withStats([1, 0], 0, 4), [])
    expect(events).toEqual([{ type: 'intercom', from: 1, message: 'tutorial.mentor.capture' }])
  })

  test('passed only when the game is over with the player’s win', () => {
    expect(tutorialPassed({ state: 'over', winner: 0 })).toBe(true)
    expect(tutorialPassed({ state: 'over', winner: 1 })).toBe(false)
    expect(tutorialPassed({ state: 'active', winner: null })).toBe(false)
    expect(tutorialPassed({ state: 'expired', winner: null })).toBe(false)
  })
})

describe('tutorial texts in locales/', () => {
  const locales = Object.fromEntries(
    (['ru', 'en', 'es'] as const).map((l) => [
      l,
      JSON.parse(readFileSync(resolve(ROOT, 'locales', `${l}.json`), 'utf8')) as Record<string, unknown>,
    ]),
  )
  const lookup = (tree: unknown, key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)

  test('the six slide groups of SPEC.md §1', () => {
    expect(Object.keys(TUTORIAL_SLIDES)).toEqual([
      'basics',
      'territory',
      'boosters',
      'interface',
      'training',
      'other',
    ])
  })

  for (const lang of ['ru', 'en', 'es'] as const) {
    test(`${lang}: every slide has a title and a text, every lesson a message`, () => {
      const keys: string[] = []
      for (const [group, slides] of Object.entries(TUTORIAL_SLIDES))
        for (const slide of slides) {
          const k = slideKeys(group as keyof typeof TUTORIAL_SLIDES, slide)
          keys.push(k.title, k.text)
        }
      for (const lesson of MENTOR_LESSONS) keys.push(mentorMessage(lesson))
      const missing = keys.filter((k) => {
        const v = lookup(locales[lang], k)
        return typeof v !== 'string' || v.trim() === ''
      })
      expect(missing).toEqual([])
    })
  }
})
