import { useSignals } from '@preact/signals-react/runtime'
import { type FormEvent, useEffect, useState } from 'react'
import { NOTEBOOK } from '../../../engine/index.ts'
import { call } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'
import { Select } from '../../ui/Select.tsx'
import { TextBox } from '../../ui/TextBox.tsx'
import { NOTEBOOK_SORTS, type NotebookSort, sortWords } from '../notebook-order.ts'
import type { GameStore } from '../store.ts'
import { bestPathFor } from '../word-path.ts'

/**
 * The per-game word list (SPEC.md §7): words the player noted for later; used words drop out.
 * Without PRO it holds 5 words and says so; with PRO it is unlimited, sorts, and marks the words
 * that can be played now — tapping one puts it on the board (SPEC.md §5).
 */
export function Notebook({ store, onPick }: { store: GameStore; onPick(): void }) {
  useSignals()
  const { api, t, notices, sounds } = useIsland()
  const game = store.game.value
  const gameId = game?.id ?? ''
  const [words, setWords] = useState<string[] | null>(null)
  const [word, setWord] = useState('')
  const [sort, setSort] = useState<NotebookSort>('added')
  const pro = store.pro()

  useEffect(() => {
    void call(() => api.api.games({ id: gameId }).notebook.get()).then((got) => {
      setWords(got.ok ? got.data.words : [])
    })
  }, [api, gameId])

  async function add(e: FormEvent) {
    e.preventDefault()
    const value = word.trim().toLowerCase()
    if (!value) return
    const got = await call(() => api.api.games({ id: gameId }).notebook.post({ word: value }))
    if (got.ok) {
      setWords(got.data.words)
      setWord('')
      sounds.play('blip')
    } else notices.add('error', t('game.notebookFull'))
  }

  async function remove(w: string) {
    const got = await call(() => api.api.games({ id: gameId }).notebook({ word: w }).delete())
    if (got.ok) setWords(got.data.words)
  }

  // PRO: where each word can be played now (only on the player's turn, on the board as it stands).
  const board = store.board.value
  const side = store.side.value
  const canPlay = pro && store.myTurn.value && board !== null && side !== null
  const shown = words === null ? null : pro ? sortWords(words, sort, game?.lang ?? 'en') : words

  return (
    <section className="notebook" aria-label={t('game.notebook')} data-testid="notebook" data-pro={pro}>
      <form className="inline-form" onSubmit={add}>
        <TextBox value={word} maxLength={32} onChange={setWord} label={t('game.notebookAdd')} />
        <button type="submit" className="button">
          {t('actions.add')}
        </button>
      </form>
      {pro && words !== null && words.length > 1 && (
        <Select
          className="notebook__sort"
          label={<span className="muted small">{t('insight.notebook.sort')}</span>}
          value={sort}
          values={NOTEBOOK_SORTS}
          text={(s) => t(`insight.notebook.sorts.${s}`)}
          onChange={setSort}
          testId="notebook-sort"
        />
      )}
      {shown === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{t('game.notebookEmpty')}</p>
      ) : (
        <ul className="notebook__list" data-testid="notebook-words">
          {shown.map((w) => {
            const path = canPlay ? bestPathFor(board, side, w) : null
            return (
              <li key={w} className={path ? 'notebook__word--playable' : undefined} data-word={w}>
                {path ? (
                  <button
                    type="button"
                    className="link-button notebook__play"
                    data-testid="notebook-play"
                    aria-label={t('insight.notebook.play', { word: w.toUpperCase() })}
                    onClick={() => {
                      store.selectPath(path)
                      onPick()
                    }}
                  >
                    ▶ {w.toUpperCase()}
                  </button>
                ) : (
                  <span>{w.toUpperCase()}</span>
                )}
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('actions.remove')}
                  onClick={() => void remove(w)}
                >
                  ×
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <p className="muted small" data-testid="notebook-note">
        {pro
          ? t('insight.notebook.proNote')
          : t('insight.notebook.limit', { n: words?.length ?? 0, max: NOTEBOOK.freeLimit })}
      </p>
    </section>
  )
}
