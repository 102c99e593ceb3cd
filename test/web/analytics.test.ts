import { describe, expect, test } from 'bun:test'
import type { AnalyticsBatch } from '../../src/analytics/model.ts'
import { startAnalytics } from '../../web/observability/analytics.ts'
import { createClientLog } from '../../web/observability/client-log.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { fakeWindow, memoryStorage } from './fake-window.ts'

interface Posted {
  url: string
  body: AnalyticsBatch
  authorization: string | undefined
  keepalive: boolean
}

function recorder(status = 200) {
  const posts: Posted[] = []
  const fetcher = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>
    posts.push({
      url,
      body: JSON.parse(String(init.body)),
      authorization: headers.authorization,
      keepalive: init.keepalive === true,
    })
    return new Response('{}', { status })
  }) as unknown as typeof fetch
  return { posts, fetcher }
}

const launch: LaunchParams = {
  initData: `user=${encodeURIComponent(JSON.stringify({ id: 5, is_premium: true }))}&hash=x`,
  version: '8.0',
  platform: 'android',
  startParam: 'room_abc',
  themeParams: {},
}

describe('page views and the client log in batches (SPEC.md §2, §7)', () => {
  test('a page view carries the full path, the title and the utm parameters, never the hash', async () => {
    const page = fakeWindow({
      pathname: '/en/daily',
      search: '?utm_source=tg&utm_medium=bot&utm_campaign=spring&utm_term=words&utm_content=b1&x=1',
      hash: '#tgWebAppData=user%3D%7B%7D%26hash%3Dsecret',
      title: 'Daily challenge',
    })
    const { posts, fetcher } = recorder()
    const analytics = startAnalytics({
      origin: 'http://game.test',
      launch: null,
      token: () => 'tok-1',
      storage: memoryStorage(),
      window: page.window,
      fetch: fetcher,
      randomId: () => 'session0001',
    })
    analytics.pageView()
    expect(posts).toHaveLength(0)
    await page.fireTimers()
    expect(posts).toHaveLength(1)
    expect(posts[0]?.url).toBe('http://game.test/api/analytics/batch')
    expect(posts[0]?.authorization).toBe('Bearer tok-1')
    expect(posts[0]?.body.session).toMatchObject({
      session_id: 'session0001',
      platform: 'web',
      locale: 'en-GB',
      is_premium: false,
    })
    expect(JSON.stringify(posts[0]?.body)).not.toContain('tgWebAppData')
    expect(posts[0]?.body.events).toEqual([
      {
        type: 'page_view',
        seq: 1,
        path: '/en/daily?utm_source=tg&utm_medium=bot&utm_campaign=spring&utm_term=words&utm_content=b1&x=1',
        title: 'Daily challenge',
        utm: { source: 'tg', medium: 'bot', campaign: 'spring', term: 'words', content: 'b1' },
        client_timestamp: expect.any(Number),
      },
    ])
  })

  test('inside Telegram the session names its platform, Premium and start parameter', async () => {
    const page = fakeWindow({ pathname: '/' })
    const { posts, fetcher } = recorder()
    startAnalytics({
      origin: '',
      launch,
      token: () => '',
      storage: null,
      window: page.window,
      fetch: fetcher,
    }).pageView()
    await page.fireTimers()
    expect(posts[0]?.body.session).toMatchObject({
      platform: 'android',
      is_premium: true,
      start_param: 'room_abc',
    })
    expect(posts[0]?.authorization).toBeUndefined()
  })

  test('the client log goes into the same batches, its texts cut to the server limits', async () => {
    const page = fakeWindow({ pathname: '/' })
    const { posts, fetcher } = recorder()
    const analytics = startAnalytics({
      origin: '',
      launch: null,
      token: () => '',
      storage: null,
      window: page.window,
      fetch: fetcher,
    })
    const silent = { info() {}, warn() {}, error() {} }
    const log = createClientLog({
      uid: () => 'u1',
      send: analytics.log,
      console: silent,
      context: () => ({}),
    })
    analytics.pageView()
    log.error('x'.repeat(5000), { code: 1 })
    await page.fireTimers()
    const [view, entry] = posts[0]?.body.events ?? []
    expect(view?.type).toBe('page_view')
    expect(entry).toMatchObject({ type: 'log', seq: 2, level: 'error', data: { code: 1 } })
    expect(entry?.type === 'log' && entry.message.length).toBe(2000)
  })

  test('one session per tab across page loads: the id and numbering carry on', async () => {
    const storage = memoryStorage()
    const { posts, fetcher } = recorder()
    for (const pathname of ['/', '/rating']) {
      const page = fakeWindow({ pathname })
      startAnalytics({
        origin: '',
        launch: null,
        token: () => '',
        storage,
        window: page.window,
        fetch: fetcher,
        randomId: () => `id-${pathname.length}-session`,
      }).pageView()
      await page.fireTimers()
    }
    expect(posts.map((p) => [p.body.session.session_id, p.body.events[0]?.seq])).toEqual([
      ['id-1-session', 1],
      ['id-1-session', 2],
    ])
  })

  test('leaving the page sends what waits with keepalive; offline it is kept for the next page', async () => {
    const { posts, fetcher } = recorder()
    const first = fakeWindow({ pathname: '/' })
    startAnalytics({
      origin: '',
      launch: null,
      token: () => '',
      storage: null,
      window: first.window,
      fetch: fetcher,
    }).pageView()
    first.dispatch('pagehide')
    expect(posts.map((p) => [p.keepalive, p.body.events.length])).toEqual([[true, 1]])

    const storage = memoryStorage()
    const offline = fakeWindow({ pathname: '/daily' })
    offline.setOnline(false)
    startAnalytics({
      origin: '',
      launch: null,
      token: () => '',
      storage,
      window: offline.window,
      fetch: fetcher,
    }).pageView()
    offline.hide()
    expect(posts).toHaveLength(1)
    const next = fakeWindow({ pathname: '/rating' })
    startAnalytics({
      origin: '',
      launch: null,
      token: () => '',
      storage,
      window: next.window,
      fetch: fetcher,
    }).pageView()
    await next.fireTimers()
    expect(posts.at(-1)?.body.events.map((e) => (e.type === 'page_view' ? e.path : ''))).toEqual([
      '/daily',
      '/rating',
    ])
  })
})
