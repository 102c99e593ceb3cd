import { type FormEvent, useState } from 'react'
import { LANGS } from '../../../shared/i18n.ts'
import type { NewsInput, NewsKind } from '../../../src/news/model.ts'
import { useIsland } from '../../shell/context.ts'
import { Select } from '../../ui/Select.tsx'

/** The server's list (src/news/model.ts): the type keeps this one to its members. */
const KINDS = ['news', 'banner'] as const satisfies readonly NewsKind[]

interface Props {
  initial: NewsInput
  busy: boolean
  error: string | null
  onSave(input: NewsInput): void
  onCancel(): void
}

/** One news item's fields: language, kind, title, text, optional link, shown or hidden. */
export function NewsForm({ initial, busy, error, onSave, onCancel }: Props) {
  const { t } = useIsland()
  const [draft, setDraft] = useState<NewsInput>(initial)
  const [link, setLink] = useState(initial.link ?? '')
  const set = <K extends keyof NewsInput>(key: K, value: NewsInput[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  // A field picked from a list, named and labelled by the field (`dev.news.<key>`).
  const list = <K extends 'lang' | 'kind'>(
    key: K,
    values: readonly NewsInput[K][],
    text: (v: NewsInput[K]) => string,
  ) => (
    <Select
      className="dev-field"
      label={<span>{t(`dev.news.${key}`)}</span>}
      name={key}
      value={draft[key]}
      values={values}
      text={text}
      onChange={(value) => set(key, value)}
    />
  )

  function submit(e: FormEvent) {
    e.preventDefault()
    onSave({ ...draft, title: draft.title.trim(), body: draft.body.trim(), link: link.trim() || null })
  }

  return (
    <form className="dev-news-form" onSubmit={submit} data-testid="news-form">
      <div className="dev-news-form__row">
        {list('lang', LANGS, (lang) => t(`languages.${lang}`))}
        {list('kind', KINDS, (kind) => t(`dev.news.kinds.${kind}`))}
      </div>
      <label className="dev-field">
        <span>{t('dev.news.itemTitle')}</span>
        <input name="title" required value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label className="dev-field">
        <span>{t('dev.news.body')}</span>
        <textarea name="body" rows={3} value={draft.body} onChange={(e) => set('body', e.target.value)} />
      </label>
      <label className="dev-field">
        <span>{t('dev.news.link')}</span>
        <input name="link" inputMode="url" value={link} onChange={(e) => setLink(e.target.value)} />
      </label>
      <label className="dev-check">
        <input
          type="checkbox"
          name="active"
          checked={draft.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        <span>{t('dev.news.active')}</span>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {t('dev.news.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('dev.news.cancel')}
        </button>
      </div>
    </form>
  )
}
