/**
 * The post-game review on the real server: refused while the game is on, computed in the review
 * worker once the game is over, stored once and served from the database after that.
 */
import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { GameReview } from '../../engine/index.ts'
import { gameReviews } from '../../src/db/schema/index.ts'
import { historyOf } from '../../src/games/repo.ts'
import { useServer } from './clients.ts'
import { finishComputerGame, playTurns, startComputerGame } from './computer-play.ts'
import { describeServer } from './harness.ts'

type ReviewAnswer =
  | { status: 'pending' }
  | { status: 'ready'; review: GameReview; computedAt: number }
  | { status: 'unavailable'; reason: string }

describeServer('post-game review', (db) => {
  const s = useServer(db, { env: { COMPUTER_DELAY_MS: '10-30' } })

  const review = (gameId: string) => s.get(`/api/games/${gameId}/review`)

  /** Asks until the review is ready (the worker takes a moment); answers it. */
  async function readyReview(gameId: string): Promise<ReviewAnswer & { status: 'ready' }> {
    for (let i = 0; i < 200; i++) {
      const res = await review(gameId)
      expect(res.status).toBe(200)
      const answer = res.body.data as ReviewAnswer
      if (answer.status === 'ready') return answer
      expect(answer.status).toBe('pending')
      await Bun.sleep(100)
    }
    throw new Error('the review never became ready')
  }

  test('refused during the game; after it, every turn reviewed, computed once and served again', async () => {
    const p = await s.player('Reviewed')
    const game = await startComputerGame(s.server(), p)
    const early = await review(game.gameId)
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ success: false, error: { code: 'GAME_NOT_OVER' } })
    await playTurns(p, game, 2)
    expect((await review(game.gameId)).status).toBe(409)

    const final = await finishComputerGame(p, game, 1)
    const answer = await readyReview(game.gameId)
    const history = await historyOf(s.server().core.db, game.gameId)
    const turns = history.flatMap((h) =>
      h.events.filter((e) => e.type === 'turn').map((e) => ({ ...e, ts: h.ts })),
    )
    expect(turns.length).toBe(final.wordsUsed.length)
    expect(answer.review.turns.map((t) => [t.ts, t.side, t.played.word])).toEqual(
      turns.map((t) => [t.ts, t.side, t.type === 'turn' ? t.word : '']),
    )
    for (const t of answer.review.turns) {
      expect(t.best).not.toBeNull()
      expect(t.choices).toBeGreaterThan(0)
      // The best word by the look-ahead scores; the word played is one of the side's words.
      expect(t.best!.cellIds.length).toBe(t.best!.word.length)
    }
    const mine = answer.review.turns.filter((t) => t.side === 0)
    expect(answer.review.summary[0].turns).toBe(mine.length)
    expect(answer.review.summary[0].points).toBe(mine.reduce((n, t) => n + t.played.points, 0))
    // A new game records its opening values (fair boards), and the review shows them.
    expect(answer.review.openings?.values).toHaveLength(2)
    expect(answer.review.openings?.fair).toBe(true)

    // Served from the database from now on: the same answer, computed once.
    const again = (await review(game.gameId)).body.data
    expect(again).toEqual(answer)
    const stored = s.server().logs.filter((r) => r.msg === 'review stored' && r.gameId === game.gameId)
    expect(stored).toHaveLength(1)
  })

  test('a review lost to a restart (no row) is computed on the first request', async () => {
    const p = await s.player('Late')
    const game = await startComputerGame(s.server(), p)
    await finishComputerGame(p, game, 1)
    await readyReview(game.gameId)
    await s.server().core.db.delete(gameReviews).where(eq(gameReviews.gameId, game.gameId))
    const first = await review(game.gameId)
    expect(first.body.data.status).toBe('pending')
    expect((await readyReview(game.gameId)).review.turns.length).toBeGreaterThan(0)
  })

  test('unknown game: 404', async () => {
    const res = await review('nope')
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('GAME_NOT_FOUND')
  })
})
