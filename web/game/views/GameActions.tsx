import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
import type { GameStore } from '../store.ts'
import { Notebook } from './Notebook.tsx'

type Panel = 'reactions' | 'notebook'
const PANELS: readonly [Panel, string][] = [
  ['reactions', '😀'],
  ['notebook', '📒'],
]

/** Reactions, notebook, surrender and claim-win. */
export function GameActions({ store }: { store: GameStore }) {
  useSignals()
  const { t, session, sounds } = useIsland()
  const [panel, setPanel] = useState<Panel | null>(null)
  const [confirmGiveUp, setConfirmGiveUp] = useState(false)
  const game = store.game.value
  const side = store.side.value
  if (!game || side === null || game.isFinished) return null
  const active = game.state === 'active'
  const slots = session.profile.value?.intercomSlots ?? []
  const toggle = (p: Panel) => {
    sounds.play(panel === p ? 'close' : 'open')
    setPanel(panel === p ? null : p)
  }
  return (
    <div className="game-actions">
      <div className="game-actions__row">
        {PANELS.map(([id, icon]) => (
          <button
            key={id}
            type="button"
            className="button button--ghost"
            aria-expanded={panel === id}
            onClick={() => toggle(id)}
            data-testid={`${id}-toggle`}
          >
            {icon} {t(`game.${id}`)}
          </button>
        ))}
        {store.canTakeWin.value && (
          <button
            type="button"
            className="button"
            onClick={() => void store.takeWin()}
            data-testid="take-win"
          >
            {t('game.takeWin')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--danger-text"
          disabled={!active && game.state !== 'countingDown' && game.state !== 'new'}
          onClick={() => setConfirmGiveUp(true)}
          data-testid="giveup"
        >
          🏳 {t('game.giveUp')}
        </button>
      </div>
      {panel === 'reactions' && (
        <fieldset className="panel reactions-panel">
          <legend className="visually-hidden">{t('game.reactions')}</legend>
          {slots.length === 0 && <p className="muted">{t('game.noReactions')}</p>}
          {slots.map((emoji) => (
            <button
              type="button"
              key={emoji}
              className="reaction-choice"
              onClick={() => {
                void store.react(emoji)
                setPanel(null)
              }}
            >
              {emoji}
            </button>
          ))}
        </fieldset>
      )}
      {panel === 'notebook' && <Notebook gameId={game.id} onClose={() => setPanel(null)} />}
      {confirmGiveUp && (
        <ConfirmDialog
          title={t('game.giveUpTitle')}
          text={t('game.giveUpText')}
          confirmLabel={t('game.giveUp')}
          cancelLabel={t('actions.cancel')}
          danger
          onCancel={() => setConfirmGiveUp(false)}
          onConfirm={() => {
            setConfirmGiveUp(false)
            void store.giveUp()
          }}
        />
      )}
    </div>
  )
}
