import { useSignals } from '@preact/signals-react/runtime'
import { type ReactNode, useState } from 'react'
import { ALPHABETS } from '../../../engine/index.ts'
import { wordRefusalKey } from '../../../shared/i18n.ts'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
import { later } from '../../ui/later.tsx'
import type { GameStore } from '../store.ts'
import { playerName } from './format.ts'
import { Sheet } from './Sheet.tsx'
import { Tools } from './Tools.tsx'

// Offered after a refused word: loaded then (web/ui/later.tsx).
const ReportWord = later(() => import('./ReportWord.tsx').then((m) => m.ReportWord))

/**
 * Before the start nobody is waiting for the opponent's word yet (the first side is drawn when the
 * countdown ends): the bar says how a word is made, the text a first mover keeps as the game starts.
 */
function started(store: GameStore): boolean {
  const state = store.game.value?.state
  return state !== 'new' && state !== 'countingDown'
}

/** The word being built with its points, or the booster prompt. */
function WordSlot({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const { word, points } = store.preview.value
  const exists = store.wordExists.value
  const choosing = store.choosing.value
  const pending = store.pending.value
  const empty = store.path.value.length === 0
  const status =
    word.length < 3
      ? ''
      : exists === true
        ? 'word--ok'
        : exists === false
          ? 'word--unknown'
          : 'word--checking'
  let body: ReactNode
  if (choosing)
    body = (
      <span className="word__prompt">
        {choosing.boosterId === 'mutation' && choosing.cellId !== null
          ? t('game.chooseLetter')
          : t('game.chooseTarget', { name: t(`boosters.${choosing.boosterId}`) })}{' '}
        <button type="button" className="link-button" onClick={() => store.cancelBooster()}>
          {t('actions.cancel')}
        </button>
      </span>
    )
  else if (empty)
    body = (
      <span className="muted word__placeholder">
        {store.myTurn.value || !started(store) ? t('game.pickLetters') : t('game.waitTurn')}
      </span>
    )
  else
    body = (
      <>
        <span className="word__text">{word.toUpperCase()}</span>
        <span className="word__points" data-testid="points">
          {t('game.points', { n: points })}
        </span>
        {exists === false && store.game.value && (
          <span className="word__hint">{t(wordRefusalKey(store.game.value))}</span>
        )}
        <ReportWord store={store} word={word} />
      </>
    )
  return (
    <div className={`word ${status}`} data-testid="word" aria-live="polite">
      {body}
      {pending && (
        <span className="word__pending" data-testid="pending-booster">
          {t('game.boosterPending', { name: t(`boosters.${pending.use.boosterId}`), cost: pending.cost })}{' '}
          <button type="button" className="link-button" onClick={() => store.cancelBooster()}>
            {t('actions.cancel')}
          </button>
        </span>
      )}
    </div>
  )
}

/** Mutagen's letters, once its cell is chosen: a bottom sheet, so every letter is within reach. */
function LetterPicker({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const game = store.game.value
  const choosing = store.choosing.value
  if (!game || choosing?.boosterId !== 'mutation' || choosing.cellId === null) return null
  const cellId = choosing.cellId
  const current = game.board.cells[cellId].letter
  return (
    <Sheet
      title={t('game.tools.letterFor', { letter: current.toUpperCase() })}
      onClose={() => store.cancelBooster()}
      testId="letter-picker"
    >
      <div className="letters">
        {ALPHABETS[game.lang].letters
          .filter((l) => l !== current)
          .map((letter) => (
            <button
              type="button"
              key={letter}
              className="letter-choice"
              onClick={() =>
                void store.applyBooster({ boosterId: 'mutation', cellId, mutationLetter: letter })
              }
            >
              {letter.toUpperCase()}
            </button>
          ))}
      </div>
    </Sheet>
  )
}

/**
 * What a player does on their turn, in one bar that stays above the bottom navigation on phones:
 * the word and Play, then the tools. Gone once the game is over (the board is then a record).
 */
export function ActionBar({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const [claiming, setClaiming] = useState(false)
  const game = store.game.value
  if (!game || store.side.value === null || game.state === 'over' || game.state === 'expired') return null
  const { word } = store.preview.value
  const empty = store.path.value.length === 0
  return (
    <div className="actionbar" data-testid="actionbar">
      <div className="actionbar__word">
        <WordSlot store={store} />
        <button
          type="button"
          className="button button--ghost actionbar__clear"
          disabled={empty}
          onClick={() => store.clear()}
          data-testid="clear"
          aria-label={t('game.tools.clearWord')}
        >
          <span aria-hidden="true">⌫</span>
          <span className="actionbar__clear-text">{t('game.clear')}</span>
        </button>
        {store.canTakeWin.value ? (
          <button type="button" className="button" onClick={() => setClaiming(true)} data-testid="take-win">
            {t('game.takeWin')}
          </button>
        ) : (
          <button
            type="button"
            className="button actionbar__play"
            disabled={!store.myTurn.value || empty || word.length < 3 || store.busy.value}
            onClick={() => void store.submit()}
            data-testid="submit"
          >
            {t('game.submit')}
          </button>
        )}
      </div>
      <Tools store={store} />
      <LetterPicker store={store} />
      {claiming && (
        <ConfirmDialog
          title={t('insight.takeWin.title')}
          text={t('insight.takeWin.text', {
            name: playerName(game.players[store.side.value === 0 ? 1 : 0].user, t),
          })}
          confirmLabel={t('game.takeWin')}
          cancelLabel={t('actions.cancel')}
          onCancel={() => setClaiming(false)}
          onConfirm={() => {
            setClaiming(false)
            void store.takeWin()
          }}
        />
      )}
    </div>
  )
}
