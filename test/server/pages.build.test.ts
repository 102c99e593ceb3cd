/**
 * The build a page was made with and the build being served (SPEC.md §2/§7): every page names its
 * build in a meta tag, /builds/latest.json answers the served one, never cached; another bundle is
 * another build. Home's messaging-group link comes from TELEGRAM_GROUP_URL, only on home.
 */
import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { parseConfig } from '../../src/config.ts'
import type { AssetBundle } from '../../src/pages/assets.ts'
import { buildIdOf } from '../../src/pages/build-id.ts'
import { pagesPlugin } from '../../src/pages/index.ts'
import { webSide } from '../../web/islands/index.ts'
import { CONFIG_BASE as base, configProblems as problems } from './config-problems.ts'

const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`

/** A stand-in bundle (two tiny files): the pages plugin serves what it is given. */
function bundle(hash: string): AssetBundle {
  const file = (text: string) => ({ body: new TextEncoder().encode(text), type: 'text/plain', gzip: null })
  return {
    script: `/assets/boot-${hash}.js`,
    stylesheet: `/assets/index-${hash}.css`,
    entries: {},
    imports: {},
    files: new Map([
      [`/assets/boot-${hash}.js`, file('')],
      [`/assets/index-${hash}.css`, file('')],
    ]),
  }
}

const appWith = (assets: AssetBundle, groupUrl: string | null = null) =>
  new Elysia().use(pagesPlugin({ web: webSide, assets: Promise.resolve(assets), groupUrl }))
const get = (app: ReturnType<typeof appWith>, path: string) =>
  app.handle(new Request(`http://localhost${path}`, { headers: { cookie: AUTH } }))
const metaBuild = (html: string) => html.match(/<meta name="build-id" content="([^"]+)">/)?.[1]
const props = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="island-props-0">(.*?)<\/script>/)![1])

describe('build id', () => {
  test('a page names the build of its bundle, and latest.json the one served, uncached', async () => {
    const app = appWith(bundle('aaaa1111'))
    const html = await (await get(app, '/en/daily')).text()
    const own = metaBuild(html)
    expect(own).toBe(buildIdOf(bundle('aaaa1111')))
    const res = await get(app, '/builds/latest.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { id: string; timestamp: number }
    expect(body.id).toBe(own as string)
    expect(body.timestamp).toBeGreaterThan(0)
  })

  test('another bundle is another build; the same bundle the same build in every process', async () => {
    const a = await (await get(appWith(bundle('aaaa1111')), '/builds/latest.json')).json()
    const again = await (await get(appWith(bundle('aaaa1111')), '/builds/latest.json')).json()
    const b = await (await get(appWith(bundle('bbbb2222')), '/builds/latest.json')).json()
    expect(again.id).toBe(a.id)
    expect(b.id).not.toBe(a.id)
  })

  test('without a bundle latest.json is a 503 in the envelope, not a build', async () => {
    const failing = Promise.reject(new Error('no bundle'))
    failing.catch(() => {})
    const app = new Elysia().use(pagesPlugin({ web: webSide, assets: failing, log: { error() {} } }))
    const res = await app.handle(new Request('http://localhost/builds/latest.json'))
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'UNAVAILABLE' } })
  })
})

describe('TELEGRAM_GROUP_URL', () => {
  test('unset: no group link', () => {
    expect(parseConfig(base).telegramGroupUrl).toBeNull()
  })

  test('an https link is read', () => {
    expect(parseConfig({ ...base, TELEGRAM_GROUP_URL: 'https://t.me/word_territory' }).telegramGroupUrl).toBe(
      'https://t.me/word_territory',
    )
  })

  test.each(['http://t.me/group', 'javascript:alert(1)', 'not a url', 'tg://resolve?domain=x'])(
    '%s is refused, naming the variable',
    (value) => {
      const found = problems({ TELEGRAM_GROUP_URL: value })
      expect(found).toHaveLength(1)
      expect(found[0]).toContain('TELEGRAM_GROUP_URL')
    },
  )

  test('home gets the link in its props and renders it; other pages never do; unset: no link', async () => {
    const withGroup = appWith(bundle('aaaa1111'), 'https://t.me/word_territory')
    const home = await (await get(withGroup, '/en')).text()
    expect(props(home).groupUrl).toBe('https://t.me/word_territory')
    expect(home).toContain('href="https://t.me/word_territory"')
    const daily = await (await get(withGroup, '/en/daily')).text()
    expect(props(daily).groupUrl).toBeUndefined()
    const without = await (await get(appWith(bundle('aaaa1111')), '/en')).text()
    expect(props(without).groupUrl).toBeUndefined()
    expect(without).not.toContain('data-testid="group-link"')
  })
})
