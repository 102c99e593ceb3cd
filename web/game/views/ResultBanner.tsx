import { useSignals } from '@preact/signals-react/runtime'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { COINS, type GameView, type Side } from '../../../engine/index.ts'
import { errorMessage } from '../../../shared/i18n.ts'
import { localePath } from '../../../shared/paths.ts'
import { ReviewSummary } from '../../review/views/ReviewSummary.tsx'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
import { Mentor } from '../../ui/Mentor.tsx'
import { endReason } from '../explain.ts'
import { nextLevel, opponentOf } from '../rematch.ts'
import type { GameStore } from '../store.ts'
import { playerName } from './format.ts'
import { ShareButton } from './ShareButton.tsx'

interface AgainProps {
  primary: boolean
  busy: boolean
  testId?: string
  onClick(): void
  children: ReactNode
}

function AgainButton({ primary, busy, testId, onClick, children }: AgainProps) {
  return (
    <button
      type="button"
      className={`button ${primary ? '' : 'button--ghost'}`}
      disabled={busy}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  )
}

/** Play again: a rematch between players, the same or next level against the computer, the tutorial. */
function PlayAgain({ store, game, side }: { store: GameStore; game: GameView; side: Side }) {
  useSignals()
  const { t, props } = useIsland()
  const rematch = store.rematch
  const busy = rematch.busy.value
  const failed = rematch.failed.value
  const opponent = opponentOf(game)
  const other: Side = side === 0 ? 1 : 0
  const otherName = playerName(game.players[other].user, t)
  const won = game.winner === side
  let buttons: ReactNode
  if (opponent.kind === 'mentor')
    buttons = (
      <>
        <AgainButton
          primary
          busy={busy}
          testId="next-level"
          onClick={() => void rematch.playComputer('veryEasy')}
        >
          {t('game.again.computer')}
        </AgainButton>
        <AgainButton primary={false} busy={busy} testId="play-again" onClick={() => void rematch.tutorial()}>
          {t('game.again.tutorial')}
        </AgainButton>
      </>
    )
  else if (opponent.kind === 'computer') {
    const next = nextLevel(opponent.level)
    // After a win the next level leads; after a loss, the same one again.
    buttons = (
      <>
        <AgainButton
          primary={!(won && next)}
          busy={busy}
          testId="play-again"
          onClick={() => void rematch.playComputer(opponent.level)}
        >
          {t('game.again.sameLevel')}
        </AgainButton>
        {next && (
          <AgainButton
            primary={won}
            busy={busy}
            testId="next-level"
            onClick={() => void rematch.playComputer(next)}
          >
            {t('game.again.nextLevel', { level: t(`levels.${next}`) })}
          </AgainButton>
        )}
      </>
    )
  } else {
    const offers = rematch.offers.value
    const offered = offers?.offers[other] === true
    if (offers?.declined) buttons = <p className="muted">{t('game.again.declined')}</p>
    else if (offers?.offers[side])
      buttons = (
        <p className="muted" data-testid="rematch-sent">
          {t('game.again.rematchSent', { name: otherName })}
        </p>
      )
    else
      buttons = (
        <>
          {offered && (
            <p data-testid="rematch-offered">{t('game.again.rematchOffered', { name: otherName })}</p>
          )}
          <AgainButton primary busy={busy} testId="play-again" onClick={() => void rematch.offer()}>
            {offered ? t('game.again.accept') : t('game.again.rematch')}
          </AgainButton>
          {offered && (
            <AgainButton primary={false} busy={busy} onClick={() => void rematch.decline()}>
              {t('game.again.decline')}
            </AgainButton>
          )}
        </>
      )
  }
  return (
    <div className="result__again">
      {buttons}
      {failed && (
        <p className="result__failed" role="alert">
          {t('game.again.failed', { reason: errorMessage(props.lang, failed) })}
        </p>
      )}
    </div>
  )
}

/**
 * The result on the board itself, for players and observers alike: who won and how in words, the
 * points, the rating change (a lost result may be skipped for coins), and Play again. It folds away
 * to a strip so the final position can be studied; the board is frozen under it.
 */
export function ResultBanner({ store }: { store: GameStore }) {
  useSignals()
  const { t, props, notices, sounds } = useIsland()
  const [confirmSkip, setConfirmSkip] = useState(false)
  const folded = store.resultFolded.value
  const setFolded = (value: boolean) => {
    store.resultFolded.value = value
  }
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

  if (!game || !over) return null
  const result = side === null ? null : game.results?.[side]
  const won = side !== null && game.winner === side
  const lost = side !== null && game.winner !== null && game.winner !== side
  const names = [playerName(game.players[0].user, t), playerName(game.players[1].user, t)] as const
  const title =
    game.state === 'expired'
      ? t('game.final.expired')
      : side === null
        ? game.winner === null
          ? t('game.final.draw')
          : t('game.final.winnerIs', { name: names[game.winner] })
        : won
          ? t('game.final.victory')
          : lost
            ? t('game.final.defeat')
            : t('game.final.draw')
  const reason = endReason(game, side, names)
  const delta = result?.ratingDelta ?? null
  const canSkip = lost && result !== undefined && result !== null && !result.skipped && (delta ?? 0) < 0
  const skipCost = Math.abs(delta ?? 0) * COINS.perSkippedPoint
  const bottom = store.bottom.value
  const top: Side = bottom === 0 ? 1 : 0
  const outcome = won ? 'win' : lost ? 'lose' : 'none'

  return (
    <section
      className={`result result--${outcome} ${folded ? 'result--folded' : ''}`}
      aria-label={title}
      data-testid="final"
      data-result={outcome}
      data-reason={game.gameoverReason ?? ''}
    >
      <div className="result__card">
        <div className="result__head">
          <h2 className="result__title">{title}</h2>
          <button
            type="button"
            className="link-button result__fold"
            onClick={() => setFolded(!folded)}
            aria-expanded={!folded}
            data-testid="final-hide"
          >
            {folded ? t('game.final.showResult') : t('game.final.showBoard')}
          </button>
        </div>
        {reason && (
          <p className="result__reason" data-testid="final-reason">
            {t(reason.key, reason.params)}
          </p>
        )}
        {!folded && (
          <>
            {/* A tutorial game ends with the mentor's last word (win or again), sent with the game over. */}
            {store.lessons.ending.value && <Mentor text={store.lessons.ending.value} testId="final-lesson" />}
            <p className="result__score">
              <span className="result__side result__side--home">
                {side === null ? names[bottom] : t('game.moves.you')} {game.players[bottom].score}
              </span>
              <span aria-hidden="true"> : </span>
              <span className="result__side result__side--away">
                {game.players[top].score} {names[top]}
              </span>
            </p>
            {delta !== null && (
              <p className="result__rating" data-testid="rating-delta">
                {t('game.final.rating', { delta: delta > 0 ? `+${delta}` : String(delta) })}
                {result?.skipped && ` · ${t('game.final.skipped')}`}
              </p>
            )}
            {canSkip && (
              <button type="button" className="link-button" onClick={() => setConfirmSkip(true)}>
                {t('game.final.skip', { n: skipCost })}
              </button>
            )}
            <ReviewSummary store={store} />
            {side !== null && <PlayAgain store={store} game={game} side={side} />}
            <div className="result__more">
              {game.state === 'over' && store.review.status.value !== 'unavailable' && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  data-testid="open-review"
                  onClick={() => {
                    setFolded(true)
                    // Phones: the review sits under the board; desktops show it beside.
                    requestAnimationFrame(() =>
                      document
                        .querySelector('[data-testid="review"]')
                        ?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }),
                    )
                  }}
                >
                  {t('insight.review.open')}
                </button>
              )}
              <ShareButton store={store} />
              <a
                className={`button button--small ${side === null ? '' : 'button--ghost'}`}
                href={localePath(props.lang, '/')}
                data-testid="final-home"
              >
                {t('game.final.home')}
              </a>
            </div>
          </>
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
    </section>
  )
}
