import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { NewsItem } from '../../src/news/model.ts'
import { News } from '../../web/home/views/News.tsx'
import { withDom } from './dom.ts'
import { memoryStorage } from './fake-window.ts'
import { pageProps, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()

const item = (id: string, over: Partial<NewsItem> = {}): NewsItem => ({
  id,
  lang: 'es',
  kind: 'news',
  title: `Title ${id}`,
  body: `Body ${id}`,
  link: null,
  active: true,
  createdAt: 1,
  updatedAt: 1,
  ...over,
})

async function mount(
  items: NewsItem[] | 'fail',
  storage = memoryStorage(),
  access: 'open' | 'auth' = 'open',
) {
  const urls: string[] = []
  const t = testHost(() =>
    items === 'fail'
      ? { status: 500, body: { success: false, error: { code: 'INTERNAL_ERROR', message: '' } } }
      : { status: 200, body: { success: true, data: { items } } },
  )
  const fetchStub = t.host.fetch as typeof fetch
  t.host.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input instanceof Request ? input.url : input))
    return fetchStub(input, init)
  }) as typeof fetch
  t.host.storage = storage
  const container = await islands.mount(News, pageProps({ lang: 'es', access }), t.host)
  return { container, urls, storage, navigations: t.navigations }
}

const titles = (c: HTMLElement) =>
  [...c.querySelectorAll('[data-testid="news-item"] .news-item__title')].map((e) => e.textContent)

describe('News on Home', () => {
  test("asks for the page's language and shows news and banners with their links", async () => {
    const { container, urls } = await mount([
      item('a', { kind: 'banner', title: 'Torneo', link: 'https://example.org/t' }),
      item('b', { title: 'Nuevo', link: '/es/daily' }),
    ])
    expect(urls.some((u) => u.endsWith('/api/news?lang=es'))).toBe(true)
    expect(titles(container)).toEqual(['Torneo', 'Noticias Nuevo'])
    const [banner, news] = [...container.querySelectorAll('[data-testid="news-item"]')]
    expect(banner?.className).toContain('news-item--banner')
    expect(banner?.querySelector('a')?.getAttribute('target')).toBe('_blank')
    expect(banner?.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(news?.querySelector('a')?.getAttribute('href')).toBe('/es/daily')
    expect(news?.querySelector('a')?.hasAttribute('target')).toBe(false)
    expect(news?.querySelector('.news-item__body')?.textContent).toBe('Body b')
    expect(news?.querySelector('a')?.textContent).toBe('Abrir')
  })

  test('text that looks like a date stays text', async () => {
    const { container } = await mount([
      item('d', { kind: 'banner', title: '2026-12-31', body: '01/02/2027' }),
    ])
    expect(titles(container)).toEqual(['2026-12-31'])
    expect(container.querySelector('.news-item__body')?.textContent).toBe('01/02/2027')
  })

  test('a dismissed item disappears and stays hidden on the next visit', async () => {
    const storage = memoryStorage()
    const first = await mount([item('a'), item('b')], storage)
    const close = first.container.querySelector('button[aria-label="Ocultar «Title a»"]') as HTMLButtonElement
    await act(async () => close.click())
    expect(titles(first.container)).toEqual(['Noticias Title b'])
    islands.unmount()
    document.body.innerHTML = ''

    const again = await mount([item('a'), item('b'), item('c')], storage)
    expect(titles(again.container)).toEqual(['Noticias Title b', 'Noticias Title c'])
  })

  test('without news, or when the call fails, nothing is shown', async () => {
    expect((await mount([])).container.querySelectorAll('[data-testid="news-item"]')).toHaveLength(0)
    islands.unmount()
    expect((await mount('fail')).container.querySelectorAll('[data-testid="news-item"]')).toHaveLength(0)
  })

  test('a signed-out visitor on the way to /signin does not ask for news', async () => {
    const page = await mount([item('a')], memoryStorage(), 'auth')
    expect(page.navigations).toEqual(['/es/signin'])
    expect(page.urls.filter((u) => u.includes('/api/news'))).toEqual([])
  })
})
