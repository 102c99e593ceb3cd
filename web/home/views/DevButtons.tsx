import { useSignals } from '@preact/signals-react/runtime'
import type { GameType } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import type { RoomMode, RoomsStore } from '../rooms.ts'

const QUICK: readonly { mode: RoomMode; type: GameType; id: string }[] = [
  { mode: 'randomPlayer', type: 'classic', id: 'online-classic' },
  { mode: 'computer', type: 'classic', id: 'ai-classic' },
  { mode: 'randomPlayer', type: 'blitz', id: 'online-blitz' },
  { mode: 'computer', type: 'blitz', id: 'ai-blitz' },
]

/** SPEC.md §4: developers get four extra buttons, a game of each kind with one tap (default options). */
export function DevButtons({ rooms }: { rooms: RoomsStore }) {
  useSignals()
  const { t, session } = useIsland()
  if (!session.profile.value?.isDev) return null
  const busy = rooms.busy.value || rooms.room.value !== null
  return (
    <section className="card dev-buttons" aria-labelledby="dev-buttons-title" data-testid="dev-buttons">
      <h2 id="dev-buttons-title">{t('home.dev.title')}</h2>
      <div className="dev-buttons__grid">
        {QUICK.map((q) => (
          <button
            key={q.id}
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void rooms.start({ mode: q.mode, type: q.type, level: 'medium' })}
            data-testid={`dev-${q.id}`}
          >
            {t(q.mode === 'computer' ? 'home.dev.ai' : 'home.dev.online', { type: t(`home.type.${q.type}`) })}
          </button>
        ))}
      </div>
    </section>
  )
}
