import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import type { NewsItem } from '../../../src/news/model.ts'
import { call } from '../../api/client.ts'
import { dismissedIds, rememberDismissed } from '../../news/dismissed.ts'
import { useIsland } from '../../shell/context.ts'

/** An external link opens in a new tab; a path of the app opens in place. */
function NewsLink({ href, children }: { href: string; children: string }) {
  const external = /^https?:/.test(href)
  return (
    <a
      className="news-item__link"
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  )
}

/**
 * News and banners on Home (SPEC.md §2), in the page's language, as developers wrote them on /dev.
 * A dismissed item stays hidden on this device. Nothing is rendered on the server: the list is
 * read once mounted.
 */
export function News() {
  useSignals()
  const { t, api, props, host, accessGranted } = useIsland()
  // Asked once the visitor may see Home: a signed-out one is on the way to /signin.
  const allowed = accessGranted.value
  const [items, setItems] = useState<NewsItem[]>([])
  const [dismissed, setDismissed] = useState<readonly string[]>([])

  useEffect(() => {
    if (!allowed) return
    setDismissed(dismissedIds(host.storage))
    void call(() => api.api.news.get({ query: { lang: props.lang } })).then((got) => {
      if (got.ok && Array.isArray(got.data?.items)) setItems(got.data.items)
    })
  }, [api, host, props.lang, allowed])

  const dismiss = (id: string) => {
    rememberDismissed(host.storage, id)
    setDismissed((ids) => [...ids, id])
  }

  const shown = items.filter((item) => !dismissed.includes(item.id))
  return (
    <>
      {shown.map((item) => (
        <article
          key={item.id}
          className={`card news-item news-item--${item.kind}`}
          aria-labelledby={`news-${item.id}`}
          data-testid="news-item"
        >
          <header className="news-item__head">
            {item.kind === 'banner' ? (
              <strong id={`news-${item.id}`} className="news-item__title">
                {item.title}
              </strong>
            ) : (
              <h2 id={`news-${item.id}`} className="news-item__title">
                <span className="news-item__tag">{t('news.tag')}</span> {item.title}
              </h2>
            )}
            <button
              type="button"
              className="news-item__close"
              aria-label={t('news.dismiss', { title: item.title })}
              onClick={() => dismiss(item.id)}
            >
              ×
            </button>
          </header>
          {item.body && <p className="news-item__body">{item.body}</p>}
          {item.link && <NewsLink href={item.link}>{t('news.open')}</NewsLink>}
        </article>
      ))}
    </>
  )
}
