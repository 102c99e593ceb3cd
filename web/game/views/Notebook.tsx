import { type FormEvent, useEffect, useState } from 'react'
import { call } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'

/** The per-game word list (SPEC.md §7): words the player noted for later; used words drop out. */
export function Notebook({ gameId }: { gameId: string }) {
  const { api, t, notices, sounds } = useIsland()
  const [words, setWords] = useState<string[] | null>(null)
  const [word, setWord] = useState('')

  useEffect(() => {
    void call<{ words: string[] }>(() => api.api.games({ id: gameId }).notebook.get()).then((got) => {
      setWords(got.ok ? got.data.words : [])
    })
  }, [api, gameId])

  async function add(e: FormEvent) {
    e.preventDefault()
    const value = word.trim().toLowerCase()
    if (!value) return
    const got = await call<{ words: string[] }>(() =>
      api.api.games({ id: gameId }).notebook.post({ word: value }),
    )
    if (got.ok) {
      setWords(got.data.words)
      setWord('')
      sounds.play('blip')
    } else notices.add('error', t('game.notebookFull'))
  }

  async function remove(w: string) {
    const got = await call<{ words: string[] }>(() =>
      api.api.games({ id: gameId }).notebook({ word: w }).delete(),
    )
    if (got.ok) setWords(got.data.words)
  }

  return (
    <section className="notebook" aria-label={t('game.notebook')}>
      <form className="inline-form" onSubmit={add}>
        <input
          value={word}
          maxLength={32}
          onChange={(e) => setWord(e.currentTarget.value)}
          aria-label={t('game.notebookAdd')}
          placeholder={t('game.notebookAdd')}
        />
        <button type="submit" className="button">
          {t('actions.add')}
        </button>
      </form>
      {words === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : words.length === 0 ? (
        <p className="muted">{t('game.notebookEmpty')}</p>
      ) : (
        <ul className="notebook__list">
          {words.map((w) => (
            <li key={w}>
              <span>{w.toUpperCase()}</span>
              <button
                type="button"
                className="link-button"
                aria-label={t('actions.remove')}
                onClick={() => void remove(w)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">{t('game.notebookLimit')}</p>
    </section>
  )
}
