import { useSignals } from '@preact/signals-react/runtime'
import type { Side } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import type { GameStore } from '../store.ts'
import { formatClock, initial } from './format.ts'

export function Avatar({ name, src, side }: { name: string; src: string | null; side?: Side }) {
  if (src?.startsWith('emoji:'))
    return (
      <span className="avatar avatar--emoji" aria-hidden="true">
        {src.slice('emoji:'.length)}
      </span>
    )
  return src ? (
    <img className="avatar" src={src} alt="" width={36} height={36} />
  ) : (
    <span
      className={`avatar avatar--letter ${side === undefined ? '' : `avatar--p${side}`}`}
      aria-hidden="true"
    >
      {initial(name)}
    </span>
  )
}

/** Names, avatars, scores, clocks and the turn marker; incoming reactions float by their sender. */
export function PlayersBar({ store }: { store: GameStore }) {
  useSignals()
  const { t, session, auth } = useIsland()
  const game = store.game.value
  if (!game) return null
  const mySide = store.side.value
  const clocks = store.clocks.value
  const presence = session.presence.value
  const reactions = store.reactions.value
  const sides: Side[] = mySide === 1 ? [1, 0] : [0, 1]
  return (
    <div className="players" data-testid="players">
      {sides.map((side) => {
        const player = game.players[side]
        const moving = game.state === 'active' && game.turnAvailable === side
        const online =
          presence[player.user.id] === 1 ||
          player.user.id.startsWith('ai:') ||
          player.user.id === auth.uid.value
        const low = moving && clocks[side] <= 10 && game.options.timeMode !== 'classic'
        return (
          <div
            key={side}
            className={`player player--p${side} ${moving ? 'player--moving' : ''}`}
            data-testid={`player-${side}`}
            aria-current={moving ? 'step' : undefined}
          >
            <div className="player__who">
              <Avatar name={player.user.name} src={player.user.avatar} side={side} />
              {/* The name keeps the card's width; "you" goes on a line of its own. */}
              <span className="player__name">
                <span className="player__name-text">{player.user.name}</span>
                {side === mySide && <span className="player__you">({t('game.you')})</span>}
              </span>
              <span
                className={`presence ${online ? 'presence--on' : ''}`}
                title={online ? t('game.online') : t('game.offline')}
              />
            </div>
            <div className="player__stats">
              <span className="player__score" data-testid={`score-${side}`}>
                <span className="visually-hidden">{t('game.score')}: </span>
                {player.score}
              </span>
              <span className={`player__clock ${low ? 'player__clock--low' : ''}`}>
                <span className="visually-hidden">{t('game.clock')}: </span>
                {formatClock(clocks[side])}
              </span>
            </div>
            {moving && (
              <span className="player__turn" data-testid="turn-marker">
                {side === mySide ? t('game.yourTurn') : t('game.theirTurn')}
              </span>
            )}
            <div className="player__reactions" aria-live="polite">
              {reactions
                .filter((r) => r.from === side)
                .map((r) => (
                  <span key={r.key} className="reaction-bubble" data-testid="reaction">
                    {r.message}
                  </span>
                ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}
