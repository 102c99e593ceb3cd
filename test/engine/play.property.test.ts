import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  applyPatch,
  applyTurn,
  type BoosterUse,
  createGame,
  type Game,
  neighbourTable,
  type Side,
  toView,
} from '../../engine/index.ts'
import { generateBoard } from '../../engine/server.ts'

const anyWord = { has: (w: string) => w.length >= 3 && !w.includes('q') }

function startedGame(seed: number, size: number): Game {
  const { board } = generateBoard({ size, lang: 'en', boardType: 'default', seed })
  const game = createGame({
    id: `g${seed}`,
    mode: 'pvp',
    lang: 'en',
    options: { timeMode: 'classic' },
    users: [
      { id: 'a', name: 'A', avatar: null },
      { id: 'b', name: 'B', avatar: null },
    ],
    board,
    now: 0,
  })
  return { ...game, state: 'active', turnAvailable: 0, turnStartedAt: 1, startedAt: 1 }
}

/** A random walk from a random usable cell: often valid, often not. */
function randomPath(game: Game, side: Side, pick: (n: number) => number): number[] {
  const table = neighbourTable(game.board.size)
  const usable = game.board.cells.filter((c) => c.available === side || c.available === 'any')
  const pool = usable.length && pick(5) > 0 ? usable : game.board.cells
  const path = [pool[pick(pool.length)].id]
  const length = 2 + pick(4)
  while (path.length < length) {
    const next = table[path.at(-1)!].filter((n) => !path.includes(n))
    if (!next.length) break
    path.push(next[pick(next.length)])
  }
  return path
}

describe('playing random games', () => {
  test('refused actions leave the game untouched; every patch applied in order rebuilds the view', () => {
    let accepted = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.constantFrom(5, 6, 7, 8),
        fc.infiniteStream(fc.nat()),
        (seed, size, stream) => {
          const it = stream[Symbol.iterator]()
          const pick = (n: number) => (it.next().value as number) % n
          let game = startedGame(seed, size)
          let view = toView(game)
          for (let step = 0; step < 60 && game.state === 'active'; step++) {
            const side = pick(6) === 0 ? ((1 - game.turnAvailable!) as Side) : game.turnAvailable!
            const booster: BoosterUse | undefined =
              pick(4) === 0
                ? {
                    boosterId: (['freeze', 'strike', 'mutation'] as const)[pick(3)],
                    cellId: pick(size * size + 2) - 1,
                    mutationLetter: 'etaoz'[pick(5)],
                  }
                : undefined
            const before = structuredClone(game)
            const r = applyTurn(
              game,
              { side, cellIds: randomPath(game, side, pick), booster },
              anyWord,
              1000 + step,
            )
            if (!r.ok) {
              expect(game).toEqual(before)
              continue
            }
            accepted++
            expect(r.value.game.ts).toBe(game.ts + 1)
            view = applyPatch(view, r.value.changes)
            expect(view).toEqual(toView(r.value.game))
            game = r.value.game
          }
        },
      ),
      { numRuns: 150 },
    )
    // The walk must reach real positions, not only refusals.
    expect(accepted).toBeGreaterThan(300)
    // 150 whole walks take seconds of CPU; a machine shared with other work must not fail them at 5 s.
  }, 30_000)
})
