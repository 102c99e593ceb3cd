import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { boosterCost } from '../../../engine/index.ts'
import { localePath } from '../../../shared/paths.ts'
import { usableReactions } from '../../economy/reactions.ts'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
import { later } from '../../ui/later.tsx'
import { cheapestPrice } from '../hints.ts'
import type { GameStore } from '../store.ts'
import { Sheet } from './Sheet.tsx'

// Opened by a tap: loaded then (web/ui/later.tsx).
const HintDialog = later(() => import('./HintDialog.tsx').then((m) => m.HintDialog))
const Notebook = later(() => import('./Notebook.tsx').then((m) => m.Notebook))

const ICONS = { freeze: '❄', mutation: '🧬', strike: '🎯' } as const

/** The panels a tool opens, in the toolbar's order. */
const PANELS = ['notebook', 'reactions'] as const
type Panel = (typeof PANELS)[number]
const PANEL_ICONS: Record<Panel, string> = { notebook: '📒', reactions: '😀' }

interface ToolProps {
  icon: string
  name: string
  caption?: string
  /** Looks unavailable but still answers a tap (with the reason). */
  dim?: boolean
  active?: boolean
  testId: string
  onClick(): void
  expanded?: boolean
  /** A toggle's state (the danger map). */
  pressed?: boolean
}

function Tool({ icon, name, caption, dim, active, testId, onClick, expanded, pressed }: ToolProps) {
  return (
    <button
      type="button"
      className={`tool ${dim ? 'tool--dim' : ''} ${active ? 'tool--active' : ''}`}
      onClick={onClick}
      data-testid={testId}
      aria-label={caption ? `${name}, ${caption}` : name}
      aria-expanded={expanded}
      aria-pressed={pressed}
      title={name}
    >
      <span className="tool__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="tool__name">{name}</span>
      {caption && <span className="tool__caption">{caption}</span>}
    </button>
  )
}

/**
 * Boosters, hint, notebook, reactions and surrender, all in one row. Nothing here is silently
 * disabled: a tool that cannot be used now says why when tapped (points, level, turn).
 */
export function Tools({ store }: { store: GameStore }) {
  useSignals()
  const { t, session, sounds, props } = useIsland()
  const [panel, setPanel] = useState<Panel | null>(null)
  const [confirm, setConfirm] = useState<'hint' | 'giveup' | null>(null)
  const game = store.game.value
  const side = store.side.value
  if (!game || side === null) return null
  const player = game.players[side]
  const myTurn = store.myTurn.value
  const choosing = store.choosing.value
  const hintPrices = store.hints.prices.value
  const hintWhy = store.hintRefusal()
  const danger = store.danger
  // Only the reactions within the capacity: the server refuses the rest (after PRO ended).
  const slots = usableReactions(session.profile.value)
  const open = (p: Panel) => {
    sounds.play('open')
    setPanel(p)
  }
  const close = () => {
    sounds.play('close')
    setPanel(null)
  }
  return (
    <div className="tools" role="toolbar" aria-label={t('game.tools.more')}>
      {game.options.boostersOn &&
        player.boosters.map((b) => {
          const cost = boosterCost(player, b.id) ?? 0
          return (
            <Tool
              key={b.id}
              icon={ICONS[b.id]}
              name={t(`boosters.${b.id}`)}
              caption={t('game.cost', { n: cost })}
              dim={!myTurn || player.score < cost || store.pending.value !== null}
              active={choosing?.boosterId === b.id}
              testId={`booster-${b.id}`}
              onClick={() =>
                choosing?.boosterId === b.id ? store.cancelBooster() : store.chooseBooster(b.id)
              }
            />
          )
        })}
      <Tool
        icon={hintWhy?.key === 'game.hints.locked' ? '🔒' : '💡'}
        name={t('game.hint')}
        caption={
          game.options.hintsOn && hintPrices ? t('game.cost', { n: cheapestPrice(hintPrices) }) : undefined
        }
        dim={!myTurn || hintWhy !== null}
        testId="hint"
        onClick={() => {
          if (hintWhy) return store.explain(hintWhy)
          if (!store.checkTurn()) return
          setConfirm('hint')
        }}
      />
      {danger.offered.value && (
        <Tool
          icon="🛡"
          name={t('insight.danger.tool')}
          caption={danger.needsPro.value ? 'PRO' : undefined}
          active={danger.on.value}
          dim={danger.needsPro.value}
          testId="danger-toggle"
          pressed={danger.on.value}
          onClick={() => danger.toggle()}
        />
      )}
      {PANELS.map((p) => (
        <Tool
          key={p}
          icon={PANEL_ICONS[p]}
          name={t(`game.${p}`)}
          testId={`${p}-toggle`}
          expanded={panel === p}
          onClick={() => open(p)}
        />
      ))}
      <Tool icon="🏳" name={t('game.giveUp')} testId="giveup" onClick={() => setConfirm('giveup')} />
      {panel === 'reactions' && (
        <Sheet title={t('game.reactions')} onClose={close} testId="reactions-sheet">
          <div className="reactions-panel">
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
          </div>
          <p className="small">
            <a href={`${localePath(props.lang, '/profile')}#reactions`}>{t('reactions.edit')}</a>
          </p>
        </Sheet>
      )}
      {panel === 'notebook' && (
        <Sheet title={t('game.notebook')} onClose={close} testId="notebook-sheet">
          <Notebook store={store} onPick={() => setPanel(null)} />
        </Sheet>
      )}
      {confirm === 'hint' && <HintDialog store={store} onClose={() => setConfirm(null)} />}
      {confirm === 'giveup' && (
        <ConfirmDialog
          title={t('game.giveUpTitle')}
          text={t('game.giveUpText')}
          confirmLabel={t('game.giveUp')}
          cancelLabel={t('actions.cancel')}
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null)
            void store.giveUp()
          }}
        />
      )}
    </div>
  )
}
