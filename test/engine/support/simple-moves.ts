/** A plain recursive move search over a word list: slow, obviously right, for tests. */
import { type GameView, isUsableBy, neighbourTable, type Side } from '../../../engine/index.ts'
import type { Move } from '../../../engine/server.ts'

export function simpleMoveSource(words: readonly string[], minLength = 3) {
  const set = new Set(words)
  const prefixes = new Set<string>()
  for (const w of words) for (let i = 1; i <= w.length; i++) prefixes.add(w.slice(0, i))
  return (game: GameView, side: Side): Move[] => {
    const table = neighbourTable(game.board.size)
    const cells = game.board.cells
    const out: Move[] = []
    const walk = (path: number[], word: string) => {
      if (!prefixes.has(word)) return
      if (word.length >= minLength && set.has(word) && path.some((id) => cells[id].owner !== side)) {
        out.push({ word, cellIds: [...path] })
      }
      for (const n of table[path.at(-1)!]) {
        if (path.includes(n) || !isUsableBy(cells[n], side)) continue
        path.push(n)
        walk(path, word + cells[n].letter)
        path.pop()
      }
    }
    for (const c of cells) if (isUsableBy(c, side)) walk([c.id], c.letter)
    return out
  }
}
