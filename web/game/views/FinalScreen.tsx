import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef, useState } from 'react'
import { COINS } from '../../../engine/index.ts'
import { localePath } from '../../paths.ts'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog, Dialog } from '../../ui/Dialog.tsx'
import { Mentor } from '../../ui/Mentor.tsx'
import type { GameStore } from '../store.ts'

/** The result, the rating change, and skipping (forgetting) a lost result for coins. */
export function FinalScreen({ store }: { store: GameStore }) {
  useSignals()
  const { t, props, notices, sounds } = useIsland()
  const [hidden, setHidden] = useState(false)
  const [confirmSkip, setConfirmSkip] = useState(false)
  const finished = useRef(false)
  const game = store.game.value
  const side = store.side.value
  const over = game !== null && (game.state === 'over' || game.state === 'expired')

  useEffect(() => {
    // One finish signal per player once the result is on screen (SPEC.md §4).
    if (over && side !== null && game && !game.fsignals[side] && !finished.current) {
      finished.current = true
      void store.finish()
    }
  }, [over, side, game, store])

  if (!game || !over || hidden) return null
  const result = side === null ? null : game.results?.[side]
  const won = side !== null && game.winner === side
  const lost = side !== null && game.winner !== null && game.winner !== side
  const title =
    game.state === 'expired'
      ? t('game.final.expired')
      : side === null
        ? game.winner === null
          ? t('game.final.draw')
          : t('game.final.winnerIs', { name: game.players[game.winner].user.name })
        : won
          ? t('game.final.victory')
          : lost
            ? t('game.final.defeat')
            : t('game.final.draw')
  const delta = result?.ratingDelta ?? null
  const canSkip = lost && result !== undefined && result !== null && !result.skipped && (delta ?? 0) < 0
  const skipCost = Math.abs(delta ?? 0) * COINS.perSkippedPoint

  return (
    <Dialog
      title={title}
      onClose={() => setHidden(true)}
      className={`final final--${won ? 'win' : lost ? 'lose' : 'neutral'}`}
      actions={
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setHidden(true)}
            data-testid="final-hide"
          >
            {t('game.final.showBoard')}
          </button>
          <a className="button" href={localePath(props.lang, '/')} data-testid="final-home">
            {t('game.final.home')}
          </a>
        </>
      }
    >
      <div data-testid="final" data-result={won ? 'win' : lost ? 'lose' : 'none'}>
        {/* A tutorial game ends with the mentor's last word (win or again), sent with the game over. */}
        {store.lessons.ending.value && <Mentor text={store.lessons.ending.value} testId="final-lesson" />}
        {game.gameoverReason && <p className="muted">{t(`game.reason.${game.gameoverReason}`)}</p>}
        <p className="final__score">
          {game.players[0].user.name} {game.players[0].score} : {game.players[1].score}{' '}
          {game.players[1].user.name}
        </p>
        {delta !== null && (
          <p className="final__rating" data-testid="rating-delta">
            {t('game.final.rating', { delta: delta > 0 ? `+${delta}` : String(delta) })}
            {result?.skipped && ` · ${t('game.final.skipped')}`}
          </p>
        )}
        {canSkip && (
          <button type="button" className="button button--ghost" onClick={() => setConfirmSkip(true)}>
            {t('game.final.skip', { n: skipCost })}
          </button>
        )}
      </div>
      {confirmSkip && (
        <ConfirmDialog
          title={t('game.final.skipTitle')}
          text={t('game.final.skipText', { points: Math.abs(delta ?? 0), coins: skipCost })}
          confirmLabel={t('game.final.skipConfirm')}
          cancelLabel={t('actions.cancel')}
          onCancel={() => setConfirmSkip(false)}
          onConfirm={async () => {
            setConfirmSkip(false)
            const ack = await store.skipResult()
            if (ack.success) {
              notices.add('success', t('game.final.pointsReturned', { n: Math.abs(delta ?? 0) }))
              sounds.play('echoAffirm')
            }
          }}
        />
      )}
    </Dialog>
  )
}
