import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { AnalyticsSummary } from '../../src/analytics/model.ts'
import type { NewsItem } from '../../src/news/model.ts'
import { Dev } from '../../web/islands/Dev.tsx'
import { withDom } from './dom.ts'
import { type Call, pageProps, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } })

const summary: AnalyticsSummary = {
  days: 14,
  from: Date.UTC(2026, 0, 1),
  to: Date.UTC(2026, 0, 14),
  totals: { views: 42, sessions: 9, users: 4, errors: 2 },
  byDay: [{ day: Date.UTC(2026, 0, 14), views: 42, sessions: 9, errors: 2 }],
  byRoute: [
    { route: '/game/:id', views: 30, sessions: 5 },
    { route: '(unknown)', views: 12, sessions: 4 },
  ],
  platforms: [
    { platform: 'android', sessions: 6 },
    { platform: 'web', sessions: 3 },
  ],
}

/** A scripted server: who the visitor is, the news list it keeps, and every write it saw. */
function server(access: { developer: boolean; devMode: boolean }) {
  let news: NewsItem[] = [
    {
      id: 'a'.repeat(24),
      lang: 'ru',
      kind: 'banner',
      title: 'Турнир',
      body: '',
      link: '/daily',
      active: false,
      createdAt: 1,
      updatedAt: 1,
    },
  ]
  const writes: Call[] = []
  const reply = (call: Call) => {
    if (call.path === '/api/dev/access') return ok(access)
    if (call.path === '/api/news/all') return ok({ items: news })
    if (call.path === '/api/analytics/summary') return ok(summary)
    writes.push(call)
    if (call.path === '/api/news' && call.method === 'POST') {
      const created = { ...(call.body as NewsItem), id: 'b'.repeat(24), createdAt: 2, updatedAt: 2 }
      news = [created, ...news]
      return ok(created)
    }
    if (call.path.startsWith('/api/news/') && call.method === 'PUT') {
      news = news.map((n) => (call.path.endsWith(n.id) ? { ...n, ...(call.body as NewsItem) } : n))
      return ok(news[0])
    }
    if (call.path.startsWith('/api/news/') && call.method === 'DELETE') {
      news = news.filter((n) => !call.path.endsWith(n.id))
      return ok({})
    }
    if (call.path === '/api/subscription/devsub')
      return ok({
        subscription:
          call.method === 'POST'
            ? {
                id: 'pro',
                active: true,
                cancelled: false,
                trialAvailable: true,
                expiresAt: Date.UTC(2030, 0, 31),
              }
            : { id: null, active: false, cancelled: false, trialAvailable: true, expiresAt: null },
      })
    if (call.path === '/api/auth/dev-signin') return ok({ auth: { token: 't', uid: 'u' } })
    return { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: '' } } }
  }
  return { reply, writes }
}

async function mount(access: { developer: boolean; devMode: boolean }) {
  const s = server(access)
  const t = testHost(s.reply, { cookies: 'auth={"token":"tok","uid":"u1"}' })
  const props = pageProps({ lang: 'en', path: '/dev', layout: 'default', titleKey: 'screens.dev' })
  const container = await islands.mount(Dev, props, t.host)
  return { container, writes: s.writes, navigations: t.navigations }
}

const q = (c: HTMLElement, selector: string) => c.querySelector(selector) as HTMLElement
const buttonNamed = (c: HTMLElement, name: string) =>
  [...c.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement

async function type(input: Element, value: string) {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set as (v: string) => void
  await act(async () => {
    setValue.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function choose(select: Element, value: string) {
  await act(async () => {
    ;(select as HTMLSelectElement).value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

async function click(button: HTMLElement) {
  await act(async () => button.click())
  await act(() => settle())
}

describe('/dev', () => {
  test('a visitor who is not a developer sees the routes and dev sign-in, no tools', async () => {
    const { container } = await mount({ developer: false, devMode: true })
    expect(container.querySelector('[data-testid="dev-news"]')).toBeNull()
    expect(container.querySelector('[data-testid="dev-analytics"]')).toBeNull()
    expect(container.querySelector('[data-testid="dev-subscription"]')).toBeNull()
    expect(container.textContent).toContain('The developer tools appear here for developers')
    expect(container.querySelector('.dev__routes')).not.toBeNull()
  })

  test('dev sign-in can name a Telegram id', async () => {
    const { container, writes, navigations } = await mount({ developer: false, devMode: true })
    await type(q(container, 'input[name="tgId"]'), '770001')
    await click(buttonNamed(container, 'Developer sign-in'))
    expect(writes).toEqual([{ method: 'POST', path: '/api/auth/dev-signin', body: { tgId: 770001 } }])
    expect(navigations).toEqual(['/en'])
  })

  test('a developer creates, edits and deletes news items', async () => {
    const { container, writes } = await mount({ developer: true, devMode: false })
    const editor = q(container, '[data-testid="dev-news"]')
    expect(editor.querySelector('[data-testid="dev-news-item"]')?.textContent).toContain(
      'RU · Banner · hidden',
    )

    await click(buttonNamed(editor, 'New item'))
    const form = q(editor, '[data-testid="news-form"]')
    await choose(q(form, 'select[name="lang"]'), 'es')
    await type(q(form, 'input[name="title"]'), '  Temporada dos ')
    await type(q(form, 'textarea[name="body"]'), 'Tableros nuevos')
    await type(q(form, 'input[name="link"]'), 'https://example.org')
    await click(buttonNamed(form, 'Save'))
    expect(writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/news',
      body: {
        lang: 'es',
        kind: 'news',
        title: 'Temporada dos',
        body: 'Tableros nuevos',
        link: 'https://example.org',
        active: true,
      },
    })
    const listed = () =>
      [...editor.querySelectorAll('[data-testid="dev-news-item"] strong')].map((e) => e.textContent)
    expect(listed()).toEqual(['Temporada dos', 'Турнир'])

    const second = editor.querySelectorAll('[data-testid="dev-news-item"]')[1] as HTMLElement
    await click(buttonNamed(second, 'Edit'))
    const editForm = q(editor, '[data-testid="news-form"]')
    expect((q(editForm, 'input[name="title"]') as HTMLInputElement).value).toBe('Турнир')
    await act(async () => (q(editForm, 'input[name="active"]') as HTMLInputElement).click())
    await click(buttonNamed(editForm, 'Save'))
    expect(writes.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/news/${'a'.repeat(24)}`,
      body: { lang: 'ru', kind: 'banner', title: 'Турнир', link: '/daily', active: true },
    })

    const first = editor.querySelector('[data-testid="dev-news-item"]') as HTMLElement
    await click(buttonNamed(first, 'Delete'))
    await click(q(container, '[data-testid="confirm"]'))
    expect(writes.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/news/${'b'.repeat(24)}` })
    expect(listed()).toEqual(['Турнир'])
  })

  test('a developer sees the analytics summary: totals, routes and platforms', async () => {
    const { container } = await mount({ developer: true, devMode: false })
    const panel = q(container, '[data-testid="dev-analytics"]')
    expect(q(panel, '[data-testid="total-views"]').textContent).toBe('42')
    expect(q(panel, '[data-testid="total-sessions"]').textContent).toBe('9')
    expect(q(panel, '[data-testid="total-users"]').textContent).toBe('4')
    expect(q(panel, '[data-testid="total-errors"]').textContent).toBe('2')
    const day = panel.querySelector('.dev-table tbody tr')
    expect([...(day?.children ?? [])].map((cell) => cell.textContent?.trim())).toEqual([
      '01-14',
      '42',
      '9',
      '2',
    ])
    const routes = [...panel.querySelectorAll('[data-testid="dev-routes"] tbody th')].map(
      (e) => e.textContent,
    )
    expect(routes).toEqual(['/game/:id', 'other addresses'])
    expect(panel.querySelector('.dev-platforms')?.textContent).toBe('android 6web 3')
  })

  test('devsub buttons give and remove a tier on a DEV=1 server, and are off elsewhere', async () => {
    const on = await mount({ developer: true, devMode: true })
    const panel = q(on.container, '[data-testid="dev-subscription"]')
    await click(buttonNamed(panel, 'Give PRO'))
    expect(on.writes.at(-1)).toEqual({
      method: 'POST',
      path: '/api/subscription/devsub',
      body: { id: 'pro' },
    })
    expect(q(panel, '[data-testid="dev-subscription-now"]').textContent).toContain('Now: PRO until')
    await click(buttonNamed(panel, 'Remove'))
    expect(on.writes.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/subscription/devsub' })
    expect(q(panel, '[data-testid="dev-subscription-now"]').textContent).toBe('Now: basic')
    islands.unmount()

    const off = await mount({ developer: true, devMode: false })
    const buttons = [...q(off.container, '[data-testid="dev-subscription"]').querySelectorAll('button')]
    expect(buttons.every((b) => b.disabled)).toBe(true)
    expect(off.container.textContent).toContain('Available only when the server runs with DEV=1.')
  })
})
