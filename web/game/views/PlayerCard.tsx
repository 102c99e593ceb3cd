import { useSignals } from '@preact/signals-react/runtime'
import { isBlitz, isComputer, type Side } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { tintOf } from '../orientation.ts'
import type { GameStore } from '../store.ts'
import { Avatar } from './Avatar.tsx'
import { compactClock, formatClock, playerName } from './format.ts'

/**
 * One player: name, points (the booster currency), the clock, the turn marker, and reactions that
 * float by. The player's own card is below the board, the opponent's above (as the board faces).
 * In blitz the mover's card counts the turn down, and warns in its last seconds.
 */
export function PlayerCard({ store, side }: { store: GameStore; side: Side }) {
  useSignals()
  const { t, session, auth } = useIsland()
  const game = store.game.value
  if (!game) return null
  const mySide = store.side.value
  const player = game.players[side]
  const name = playerName(player.user, t)
  const tint = tintOf(side, store.bottom.value)
  const moving = game.state === 'active' && game.turnAvailable === side
  const turn = moving ? store.turnClock.value : null
  const online =
    session.presence.value[player.user.id] === 1 ||
    isComputer(player.user.id) ||
    player.user.id === auth.uid.value
  const bank = store.clocks.value[side]
  const blitz = isBlitz(game)
  const timeUp = turn?.up === true
  return (
    <div
      className={`player player--${tint} ${moving ? 'player--moving' : ''} ${turn?.warn ? 'player--warn' : ''}`}
      data-testid={`player-${side}`}
      aria-current={moving ? 'step' : undefined}
    >
      <Avatar name={name} src={player.user.avatar} tint={tint} />
      <div className="player__who">
        <span className="player__name">
          <span className="player__name-text">{name}</span>
          {side === mySide && <span className="player__you">({t('game.you')})</span>}
          <span
            className={`presence ${online ? 'presence--on' : ''}`}
            title={online ? t('game.online') : t('game.offline')}
          />
        </span>
        {moving && (
          <span className={`player__turn ${timeUp ? 'player__turn--up' : ''}`} data-testid="turn-marker">
            {timeUp
              ? t('game.news.timeUp')
              : mySide === null
                ? t('game.moving')
                : side === mySide
                  ? t('game.yourTurn')
                  : t('game.theirTurn')}
          </span>
        )}
      </div>
      <span className="player__score" data-testid={`score-${side}`}>
        <span className="player__score-n">{player.score}</span>
        <span className="player__score-label">{t('game.territory.points')}</span>
      </span>
      <span className="player__clock">
        <span className="visually-hidden">{t('game.clock')}: </span>
        {turn ? (
          <>
            <span
              className={`player__countdown ${turn.warn ? 'player__countdown--warn' : ''}`}
              data-testid="turn-countdown"
              role="timer"
            >
              {formatClock(turn.left)}
            </span>
            <span className="player__bank">{t('game.turnClock.bank', { time: formatClock(bank) })}</span>
          </>
        ) : blitz ? (
          <span className="player__bank">{t('game.turnClock.bank', { time: formatClock(bank) })}</span>
        ) : (
          // Classic: only the mover's time runs (until the other may claim the win).
          moving && (
            <span className="player__countdown">
              {compactClock(bank, (h, m) => t('game.turnClock.hours', { h, m }))}
            </span>
          )
        )}
      </span>
      <div className="player__reactions" aria-live="polite">
        {store.reactions.value
          .filter((r) => r.from === side)
          .map((r) => (
            <span key={r.key} className="reaction-bubble" data-testid="reaction">
              {r.message}
            </span>
          ))}
      </div>
    </div>
  )
}
