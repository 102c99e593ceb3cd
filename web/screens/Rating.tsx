import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { localePath } from '../../shared/paths.ts'
import type { RatingList } from '../../src/ratings/service.ts'
import { call } from '../api/client.ts'
import { Avatar } from '../game/views/PlayersBar.tsx'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { Tabs } from '../ui/Tabs.tsx'

const TABS = ['arena', 'computer'] as const
type Tab = (typeof TABS)[number]

/** SPEC.md §2 rating: arena and computer tabs, paged; the player's own place when signed in. */
export function RatingScreen() {
  useSignals()
  const { t, api, props } = useIsland()
  useSession()
  const [tab, setTab] = useState<Tab>('arena')
  const [page, setPage] = useState(1)
  const [list, setList] = useState<RatingList | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    setFailed(false)
    void call(() => api.api.rating.get({ query: { tab, page } })).then((got) => {
      if (!live) return
      if (got.ok) setList(got.data)
      else setFailed(true)
    })
    return () => {
      live = false
    }
  }, [api, tab, page])

  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1
  return (
    <section className="screen rating" data-testid="rating">
      <h1>{t('screens.rating')}</h1>
      <Tabs
        ids={TABS}
        selected={tab}
        label={(id) => t(`rating.tab.${id}`)}
        onSelect={(id) => {
          setTab(id)
          setPage(1)
        }}
      />
      {list?.me && (
        <p className="card" data-testid="my-place">
          {t('rating.me', { place: list.me.place, rating: list.me.rating })}
        </p>
      )}
      {failed && <p className="form-error">{t('errors.network')}</p>}
      {list && list.items.length === 0 && <p className="muted">{t('rating.empty')}</p>}
      {list && list.items.length > 0 && (
        <ol className="rating__list" start={(list.page - 1) * list.pageSize + 1}>
          {list.items.map((item) => (
            <li key={item.user.id} className="rating__item">
              <span className="rating__place">{item.place}</span>
              <Avatar name={item.user.name} src={item.user.avatar} />
              <a href={localePath(props.lang, `/profile/${item.user.id}`)} className="rating__name">
                {item.user.name}
              </a>
              <span className="muted small">{t('home.level', { n: item.level })}</span>
              <strong className="rating__value">{item.rating}</strong>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav className="row pager" aria-label={t('rating.pages')}>
          <button
            type="button"
            className="button button--ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('rating.prev')}
          </button>
          <span>{t('rating.page', { page, pages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('rating.next')}
          </button>
        </nav>
      )}
    </section>
  )
}
