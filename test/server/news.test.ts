import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { NewsInput, NewsItem } from '../../src/news/model.ts'
import { tgSignIn } from '../telegram/setup.ts'
import { describeServer, signIn, startServer, type TestServer } from './harness.ts'
import { call } from './http.ts'

const DEV_TG_ID = 770_001

const item = (over: Partial<NewsInput> = {}): NewsInput => ({
  lang: 'en',
  kind: 'news',
  title: 'Season two',
  body: 'New boards every week.',
  link: null,
  active: true,
  ...over,
})

describeServer('news and banners', (db) => {
  let server: TestServer
  let dev: string
  let player: string
  let telegramPlayer: string
  beforeAll(async () => {
    // No DEV=1: the news editor is for developers in production too.
    server = await startServer({ db, env: { DEV_TG_IDS: String(DEV_TG_ID) } })
    dev = (await tgSignIn(server, DEV_TG_ID)).token
    player = (await signIn(server, `Reader ${db}`)).token
    telegramPlayer = (await tgSignIn(server, 770_002)).token
  })
  afterAll(() => server.stop())

  const shown = async (lang: string) =>
    (await call<{ items: NewsItem[] }>(server, `/api/news?lang=${lang}`)).body.data.items
  const create = (token: string | null, body: unknown) => call<NewsItem>(server, '/api/news', { token, body })

  test('a developer creates, edits and deletes; Home sees only active items of its language', async () => {
    const en = await create(dev, item({ link: 'https://example.org/season' }))
    expect(en.status).toBe(200)
    expect(en.body.data).toMatchObject({
      lang: 'en',
      title: 'Season two',
      link: 'https://example.org/season',
    })
    const ru = await create(dev, item({ lang: 'ru', kind: 'banner', title: 'Второй сезон', link: '/daily' }))
    const hidden = await create(dev, item({ title: 'Draft', active: false }))
    expect(ru.status).toBe(200)
    expect(hidden.status).toBe(200)

    expect((await shown('en')).map((i) => i.title)).toEqual(['Season two'])
    expect((await shown('ru')).map((i) => [i.kind, i.title, i.link])).toEqual([
      ['banner', 'Второй сезон', '/daily'],
    ])
    expect(await shown('es')).toEqual([])

    const edited = await call<NewsItem>(server, `/api/news/${hidden.body.data.id}`, {
      token: dev,
      method: 'PUT',
      body: item({ title: 'Published', active: true }),
    })
    expect(edited.status).toBe(200)
    expect(edited.body.data.updatedAt).toBeGreaterThanOrEqual(edited.body.data.createdAt)
    expect((await shown('en')).map((i) => i.title).sort()).toEqual(['Published', 'Season two'])

    const all = await call<{ items: NewsItem[] }>(server, '/api/news/all', { token: dev })
    expect(all.body.data.items.map((i) => i.title).sort()).toEqual([
      'Published',
      'Season two',
      'Второй сезон',
    ])

    const removed = await call(server, `/api/news/${en.body.data.id}`, { token: dev, method: 'DELETE' })
    expect(removed.status).toBe(200)
    expect((await shown('en')).map((i) => i.title)).toEqual(['Published'])
    const again = await call(server, `/api/news/${en.body.data.id}`, { token: dev, method: 'DELETE' })
    expect(again.status).toBe(404)
  })

  test('everyone but a developer gets 403 (401 without a token), and nothing changes', async () => {
    const before = (await call<{ items: NewsItem[] }>(server, '/api/news/all', { token: dev })).body.data
      .items
    const [target] = before
    for (const token of [player, telegramPlayer]) {
      expect((await create(token, item({ title: 'Hijack' }))).status).toBe(403)
      expect((await call(server, '/api/news/all', { token })).status).toBe(403)
      const put = await call(server, `/api/news/${target?.id}`, {
        token,
        method: 'PUT',
        body: item({ title: 'X' }),
      })
      expect(put.status).toBe(403)
      expect(put.body.error?.code).toBe('FORBIDDEN')
      expect((await call(server, `/api/news/${target?.id}`, { token, method: 'DELETE' })).status).toBe(403)
    }
    expect((await create(null, item())).status).toBe(401)
    expect((await call(server, '/api/news/all')).status).toBe(401)
    const after = (await call<{ items: NewsItem[] }>(server, '/api/news/all', { token: dev })).body.data.items
    expect(after).toEqual(before)
  })

  test('bad items are 400: unsafe links, unknown languages, oversized texts', async () => {
    for (const bad of [
      item({ link: 'javascript:alert(1)' }),
      item({ link: '//evil.example/x' }),
      item({ link: 'data:text/html,hi' }),
      { ...item(), lang: 'de' },
      { ...item(), kind: 'popup' },
      item({ title: '' }),
      item({ title: 'x'.repeat(121) }),
      item({ body: 'x'.repeat(1001) }),
    ]) {
      const res = await create(dev, bad)
      expect(res.status).toBe(400)
      expect(res.body.error?.code).toBe('BAD_REQUEST')
    }
    expect((await call(server, '/api/news?lang=de')).status).toBe(400)
    expect((await call(server, '/api/news/not-an-id', { token: dev, method: 'DELETE' })).status).toBe(400)
  })

  test('GET /api/dev/access tells /dev who is a developer', async () => {
    const access = async (token: string | null) =>
      (await call<{ developer: boolean; devMode: boolean }>(server, '/api/dev/access', { token })).body.data
    expect(await access(dev)).toEqual({ developer: true, devMode: false })
    expect(await access(player)).toEqual({ developer: false, devMode: false })
    expect(await access(null)).toEqual({ developer: false, devMode: false })
    expect(await access('not-a-token')).toEqual({ developer: false, devMode: false })
  })
})
