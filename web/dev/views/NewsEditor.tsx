import { useCallback, useEffect, useState } from 'react'
import type { NewsInput, NewsItem } from '../../../src/news/model.ts'
import { call } from '../../api/client.ts'
import { useIsland } from '../../shell/context.ts'
import { ConfirmDialog } from '../../ui/Dialog.tsx'
import { NewsForm } from './NewsForm.tsx'

/** Which form is open: a new item, or the id of the one being edited. */
type Editing = { kind: 'new' } | { kind: 'edit'; item: NewsItem } | null

const fieldsOf = ({ lang, kind, title, body, link, active }: NewsItem): NewsInput => ({
  lang,
  kind,
  title,
  body,
  link,
  active,
})

/** News and banners for Home, every language, edited by developers (SPEC.md §2; /api/news). */
export function NewsEditor() {
  const { t, api, props } = useIsland()
  const [items, setItems] = useState<NewsItem[]>([])
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<NewsItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(async () => {
    const got = await call(() => api.api.news.all.get())
    if (got.ok) setItems(got.data.items)
  }, [api])
  useEffect(() => {
    void load()
  }, [load])

  async function save(input: NewsInput) {
    setBusy(true)
    const got =
      editing?.kind === 'edit'
        ? await call(() => api.api.news({ id: editing.item.id }).put(input))
        : await call(() => api.api.news.post(input))
    setBusy(false)
    if (!got.ok) return setError(t('dev.news.failed', { message: got.message || got.code }))
    setError(null)
    setEditing(null)
    await load()
  }

  async function remove(item: NewsItem) {
    setDeleting(null)
    await call(() => api.api.news({ id: item.id }).delete())
    await load()
  }

  const open = (next: Editing) => {
    setError(null)
    setEditing(next)
  }

  const blank: NewsInput = { lang: props.lang, kind: 'news', title: '', body: '', link: null, active: true }
  return (
    <section className="card dev-news" data-testid="dev-news">
      <header className="card__head">
        <h2>{t('dev.news.title')}</h2>
        {editing === null && (
          <button type="button" className="button button--small" onClick={() => open({ kind: 'new' })}>
            {t('dev.news.add')}
          </button>
        )}
      </header>
      <p className="muted small">{t('dev.news.help')}</p>
      {editing?.kind === 'new' && (
        <NewsForm initial={blank} busy={busy} error={error} onSave={save} onCancel={() => open(null)} />
      )}
      {items.length === 0 && editing === null && <p className="muted">{t('dev.news.empty')}</p>}
      <ul className="dev-news__list">
        {items.map((item) =>
          editing?.kind === 'edit' && editing.item.id === item.id ? (
            <li key={item.id}>
              <NewsForm
                initial={fieldsOf(item)}
                busy={busy}
                error={error}
                onSave={save}
                onCancel={() => open(null)}
              />
            </li>
          ) : (
            <li key={item.id} className="dev-news__item" data-testid="dev-news-item">
              <div className="dev-news__text">
                <span className="dev-news__meta small">
                  {item.lang.toUpperCase()} · {t(`dev.news.kinds.${item.kind}`)}
                  {!item.active && ` · ${t('dev.news.hidden')}`}
                </span>
                <strong>{item.title}</strong>
                {item.link && <span className="muted small dev-news__link">{item.link}</span>}
              </div>
              <div className="row">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => open({ kind: 'edit', item })}
                >
                  {t('dev.news.edit')}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small button--danger-text"
                  onClick={() => setDeleting(item)}
                >
                  {t('dev.news.delete')}
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={t('dev.news.confirmDelete', { title: deleting.title })}
          confirmLabel={t('dev.news.delete')}
          cancelLabel={t('dev.news.cancel')}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  )
}
