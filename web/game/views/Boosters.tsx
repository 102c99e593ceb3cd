import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { ALPHABETS, boosterCost } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
import type { GameStore } from '../store.ts'

const ICONS = { freeze: '❄', mutation: '🧬', strike: '🎯' } as const

/** The three boosters with their costs, the target prompt, the mutation letters, and the hint. */
export function Boosters({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const [confirmHint, setConfirmHint] = useState(false)
  const game = store.game.value
  const side = store.side.value
  if (!game || side === null || game.state !== 'active') return null
  const player = game.players[side]
  const myTurn = store.myTurn.value
  const choosing = store.choosing.value
  const hintCost = store.nextHintCost.value
  return (
    <div className="boosters">
      {game.options.boostersOn &&
        player.boosters.map((b) => {
          const cost = boosterCost(player, b.id) ?? 0
          return (
            <button
              type="button"
              key={b.id}
              className={`pill booster ${choosing?.boosterId === b.id ? 'booster--active' : ''}`}
              disabled={!myTurn || player.score < cost || store.pending.value !== null}
              onClick={() => store.chooseBooster(b.id)}
              data-testid={`booster-${b.id}`}
              title={t(`boosters.${b.id}Help`)}
            >
              <span aria-hidden="true">{ICONS[b.id]}</span> {t(`boosters.${b.id}`)}
              <span className="booster__cost">{t('game.cost', { n: cost })}</span>
            </button>
          )
        })}
      {game.options.hintsOn && (
        <button
          type="button"
          className="pill booster booster--hint"
          disabled={!myTurn || player.score < hintCost}
          onClick={() => setConfirmHint(true)}
          data-testid="hint"
        >
          <span aria-hidden="true">💡</span> {t('game.hint')}
          <span className="booster__cost">{t('game.cost', { n: hintCost })}</span>
        </button>
      )}
      {choosing && (
        <div className="booster-prompt" role="status">
          <span>
            {choosing.boosterId === 'mutation' && choosing.cellId !== null
              ? t('game.chooseLetter')
              : t('game.chooseTarget', { name: t(`boosters.${choosing.boosterId}`) })}
          </span>
          {choosing.boosterId === 'mutation' && choosing.cellId !== null && (
            <div className="letters">
              {ALPHABETS[game.lang].letters
                .filter((l) => l !== game.board.cells[choosing.cellId as number].letter)
                .map((letter) => (
                  <button
                    type="button"
                    key={letter}
                    className="letter-choice"
                    onClick={() =>
                      void store.applyBooster({
                        boosterId: 'mutation',
                        cellId: choosing.cellId as number,
                        mutationLetter: letter,
                      })
                    }
                  >
                    {letter.toUpperCase()}
                  </button>
                ))}
            </div>
          )}
          <button type="button" className="link-button" onClick={() => store.cancelBooster()}>
            {t('actions.cancel')}
          </button>
        </div>
      )}
      {confirmHint && (
        <ConfirmDialog
          title={t('game.hintConfirmTitle')}
          text={t('game.hintConfirmText', { n: hintCost })}
          confirmLabel={t('game.hintConfirm')}
          cancelLabel={t('actions.cancel')}
          onCancel={() => setConfirmHint(false)}
          onConfirm={() => {
            setConfirmHint(false)
            void store.hint()
          }}
        />
      )}
    </div>
  )
}
