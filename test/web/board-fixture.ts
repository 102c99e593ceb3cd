import {
  boardFromLetters,
  createGame,
  type Game,
  type GameView,
  isComputer,
  type Owner,
  recomputeAvailability,
  type Side,
} from '../../engine/index.ts'

/**
 * A game drawn as text: one string per row, a letter per cell; an upper-case letter belongs to
 * side 0, a letter after `*` to side 1 (so "C*at" is C:0, a:1, t:free). Base rows start as
 * boardFromLetters makes them unless the drawing says otherwise.
 */
export function drawnGame(rows: string[], options: { turn?: Side; uids?: [string, string] } = {}): Game {
  const letters: string[] = []
  const owners: Owner[] = []
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      let ch = row[i]
      let owner: Owner = 9
      if (ch === '*') {
        ch = row[++i]
        owner = 1
      } else if (ch !== ch.toLowerCase()) owner = 0
      letters.push(ch.toLowerCase())
      owners.push(owner)
    }
  }
  const size = rows.length
  const board = boardFromLetters(letters, size)
  for (const cell of board.cells) cell.owner = owners[cell.id]
  recomputeAvailability(board)
  const [a, b] = options.uids ?? ['u1', 'u2']
  const game = createGame({
    id: 'g1',
    mode: 'pvp',
    lang: 'en',
    users: [
      { id: a, name: 'Ann', avatar: null },
      { id: b, name: 'Bob', avatar: null },
    ],
    board,
    now: 1_000,
  })
  game.state = 'active'
  game.turnAvailable = options.turn ?? 0
  game.turnStartedAt = 1_000
  game.startedAt = 1_000
  return game
}

/**
 * The same game played to its end (side 0 won by taking the base, unless `patch` says otherwise);
 * with a computer as side 1 (`computerId(level)`) it is a game against the computer, named as the server
 * names it.
 */
export function finishedGame(
  rows: string[],
  uids: [string, string],
  patch: Partial<GameView> = {},
): GameView {
  const game = drawnGame(rows, { uids })
  if (isComputer(uids[1])) {
    game.mode = 'pve'
    game.players[1].user = { id: uids[1], name: 'Computer', avatar: null }
  }
  return Object.assign(game, {
    state: 'over',
    isFinished: true,
    turnAvailable: null,
    winner: 0,
    gameoverReason: 'gameover',
    ...patch,
  }) as GameView
}
