/**
 * The tutorial (RULES §9, SPEC.md §1), pure: a fixed board per language, the robot mentor's
 * scripted moves with a gentle fallback and the lessons it gives as the game goes. The slides and
 * the lesson list are data of their own (tutorial-content.ts), which the browser takes alone.
 */
import { baseRow, boardFromLetters } from './board.ts'
import { HINT } from './config.ts'
import type { BoardMove } from './solver/board.ts'
import { type MentorLesson, mentorMessage } from './tutorial-content.ts'
import type { Board, Game, GameOptions, HistoryEvent, Lang, Side } from './types.ts'

export * from './tutorial-content.ts'

/** The player is always side 0 (base row 0), the mentor side 1. */
export const TUTORIAL_SIDES = { player: 0, mentor: 1 } as const satisfies Record<string, Side>

/** A small, easy board without a clock; boosters and hints are on whatever the player's level. */
export const TUTORIAL_OPTIONS: GameOptions = {
  boostersOn: true,
  hintsOn: true,
  dictType: 'default',
  boardSize: 5,
  boardType: 'easy',
  timeMode: 'classic',
}

/**
 * The boards, rows from the player's base (row 0) to the mentor's. Chosen among seeded easy boards
 * for the most opening words on both sides (test/engine/tutorial.test.ts checks them on the real lists).
 */
export const TUTORIAL_BOARDS: Record<Lang, readonly string[]> = {
  en: ['adimn', 'iteli', 'eeatn', 'ersco', 'potor'],
  ru: ['гвона', 'натки', 'твоек', 'адвсо', 'ронол'],
  es: ['rosip', 'maert', 'sldoi', 'asled', 'dosor'],
}

/**
 * The mentor's moves, tried in order: each one is played when it is still playable (the player may
 * have taken its cells or its word), else the next. They stay near the mentor's own base, so the
 * player learns without being rushed.
 */
export const MENTOR_SCRIPT: Record<Lang, readonly BoardMove[]> = {
  en: [
    { word: 'cot', cellIds: [18, 23, 22] },
    { word: 'act', cellIds: [12, 18, 22] },
    { word: 'art', cellIds: [12, 16, 22] },
    { word: 'care', cellIds: [18, 12, 16, 10] },
    { word: 'cast', cellIds: [18, 12, 17, 22] },
    { word: 'case', cellIds: [18, 12, 17, 11] },
  ],
  ru: [
    { word: 'вол', cellIds: [17, 23, 24] },
    { word: 'внос', cellIds: [17, 22, 23, 18] },
    { word: 'вес', cellIds: [17, 13, 18] },
    { word: 'век', cellIds: [17, 13, 14] },
    { word: 'вод', cellIds: [17, 21, 16] },
    { word: 'вар', cellIds: [11, 15, 20] },
  ],
  es: [
    { word: 'dolo', cellIds: [20, 21, 17, 23] },
    { word: 'dos', cellIds: [19, 23, 22] },
    { word: 'eso', cellIds: [18, 22, 21] },
    { word: 'oda', cellIds: [21, 20, 15] },
    { word: 'ella', cellIds: [18, 17, 11, 15] },
    { word: 'laso', cellIds: [11, 15, 16, 21] },
  ],
}

/** The tutorial's board for a language: base rows owned, availability computed. */
export function tutorialBoard(lang: Lang): Board {
  const letters = TUTORIAL_BOARDS[lang].flatMap((row) => [...row])
  return boardFromLetters(letters, TUTORIAL_BOARDS[lang].length)
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)
const samePath = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i])

/**
 * The mentor's move: the first scripted move still playable, else the cheapest playable word that
 * leaves the player's base alone (or, failing that, leaves the player at least one base cell).
 * `moves` are the mentor's playable moves now (the move generator's list). Null: no word at all.
 */
export function mentorMove(game: Game, lang: Lang, moves: readonly BoardMove[]): BoardMove | null {
  const mentor = TUTORIAL_SIDES.mentor
  const used = new Set(game.wordsUsed)
  const fresh = moves.filter((m) => !used.has(m.word))
  for (const step of MENTOR_SCRIPT[lang]) {
    if (fresh.some((m) => m.word === step.word && samePath(m.cellIds, step.cellIds)))
      return { word: step.word, cellIds: [...step.cellIds] }
  }
  const { cells, size } = game.board
  const playerRow = baseRow(size, other(mentor))
  const heldByPlayer = cells.filter((c) => c.row === playerRow && c.owner === other(mentor)).length
  const basesTaken = (m: BoardMove) =>
    m.cellIds.filter((id) => cells[id].row === playerRow && cells[id].owner === other(mentor)).length
  const points = (m: BoardMove) =>
    m.cellIds.reduce((sum, id) => sum + (cells[id].owner === mentor ? 0 : cells[id].score), 0)
  const gentlest = (list: BoardMove[]) =>
    [...list].sort(
      (a, b) =>
        points(a) - points(b) ||
        a.word.length - b.word.length ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    )[0] ?? null
  return (
    gentlest(fresh.filter((m) => basesTaken(m) === 0)) ??
    gentlest(fresh.filter((m) => basesTaken(m) < heldByPlayer))
  )
}

/** The cheapest booster: the booster lesson comes once the player's points first reach it. */
const BOOSTER_LESSON_POINTS = 20

const crossed = (before: number, after: number, mark: number) => before < mark && after >= mark

/**
 * The lessons an accepted action brings, from the change it made (so each comes once without
 * being remembered): the start, the player's first and second words, the mentor's first word, the
 * points first reaching a hint's and a booster's price, and the end.
 */
export function mentorLessons(prev: Game, next: Game, events: readonly HistoryEvent[]): MentorLesson[] {
  const { player, mentor } = TUTORIAL_SIDES
  const lessons: MentorLesson[] = []
  if (events.some((e) => e.type === 'start')) lessons.push('select')
  const turns = [prev.stats[player].turns, next.stats[player].turns]
  if (turns[0] < 1 && turns[1] >= 1) lessons.push('capture')
  if (prev.stats[mentor].turns < 1 && next.stats[mentor].turns >= 1) lessons.push('availability')
  if (turns[0] < 2 && turns[1] >= 2) lessons.push('base')
  const reached = [prev.stats[player].scoreReached, next.stats[player].scoreReached]
  if (crossed(reached[0], reached[1], HINT.basePrice)) lessons.push('hint')
  if (crossed(reached[0], reached[1], BOOSTER_LESSON_POINTS)) lessons.push('booster')
  const end = events.find((e) => e.type === 'gameover')
  if (end) lessons.push(end.winner === player ? 'win' : 'again')
  return lessons
}

/** The lessons as the mentor's intercom events (message = locale key), after the action's own events. */
export function mentorEvents(prev: Game, next: Game, events: readonly HistoryEvent[]): HistoryEvent[] {
  return mentorLessons(prev, next, events).map((lesson) => ({
    type: 'intercom',
    from: TUTORIAL_SIDES.mentor,
    message: mentorMessage(lesson),
  }))
}

/** The tutorial is passed when its game ends with the player's win. */
export function tutorialPassed(game: Pick<Game, 'state' | 'winner'>): boolean {
  return game.state === 'over' && game.winner === TUTORIAL_SIDES.player
}
