/**
 * /dev "Word reports" in happy-dom against a scripted server: a developer sees the queue of missing
 * words, accepts one (it leaves the queue and shows under Accepted), rejects another; the other
 * tabs list decided reports; a visitor who is not a developer never sees the section.
 */
import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import en from '../../locales/en.json'
import type { WordReport } from '../../src/reports/repo.ts'
import { Dev } from '../../web/islands/Dev.tsx'
import { withDom } from './dom.ts'
import { type Call, okReply as ok, pageProps, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const islands = islandMounter()

const report = (id: string, word: string, over: Partial<WordReport> = {}): WordReport => ({
  id,
  userId: 'u9',
  gameId: 'g7',
  lang: 'en',
  dictType: 'default',
  word,
  status: 'pending',
  createdAt: Date.UTC(2026, 0, 2),
  decidedAt: null,
  decidedBy: null,
  ...over,
})

function server(developer: boolean) {
  let reports = [report('r1', 'qi'), report('r2', 'zyzzyva')]
  const writes: Call[] = []
  const reply = (call: Call) => {
    if (call.path === '/api/dev/access') return ok({ developer, devMode: false })
    if (call.path === '/api/news/all') return ok({ items: [] })
    if (call.path === '/api/dev/reports') {
      const status = new URLSearchParams(call.search ?? '').get('status') ?? 'pending'
      return ok({ reports: reports.filter((r) => r.status === status) })
    }
    const decided = /^\/api\/dev\/reports\/(\w+)\/(accept|reject)$/.exec(call.path)
    if (decided) {
      writes.push(call)
      const status = decided[2] === 'accept' ? 'accepted' : 'rejected'
      reports = reports.map((r) =>
        r.id === decided[1] ? { ...r, status, decidedAt: Date.UTC(2026, 0, 3) } : r,
      )
      return ok({ report: reports.find((r) => r.id === decided[1]) })
    }
    return { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: '' } } }
  }
  return { reply, writes }
}

async function mount(developer: boolean) {
  const s = server(developer)
  const t = testHost(s.reply, { cookies: 'auth={"token":"tok","uid":"u1"}' })
  const props = pageProps({ lang: 'en', path: '/dev', layout: 'default', titleKey: 'screens.dev' })
  const container = await islands.mount(Dev, props, t.host)
  return { container, writes: s.writes, calls: t.calls }
}

const words = (c: HTMLElement) =>
  [...c.querySelectorAll('[data-testid="dev-report"]')].map((li) => (li as HTMLElement).dataset.word)
async function press(el: Element | null | undefined) {
  await act(async () => (el as HTMLElement).click())
  await act(() => settle())
}
const tab = (c: HTMLElement, name: string) =>
  [...c.querySelectorAll('[role="tab"]')].find((b) => b.textContent === name)

describe('/dev word reports', () => {
  test('a developer accepts and rejects reported words; decided ones are listed under their tab', async () => {
    const { container, writes } = await mount(true)
    const section = container.querySelector('[data-testid="dev-reports"]') as HTMLElement
    expect(section.querySelector('h2')?.textContent).toBe(en.dev.reports.title)
    expect(words(section)).toEqual(['qi', 'zyzzyva'])
    const first = section.querySelector('[data-testid="dev-report"]') as HTMLElement
    expect(first.textContent).toContain('EN · default')
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/en/game/g7')

    await press(first.querySelector('[data-testid="report-accept"]'))
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /api/dev/reports/r1/accept'])
    expect(words(section)).toEqual(['zyzzyva'])
    await press(section.querySelector('[data-testid="report-reject"]'))
    expect(writes.at(-1)?.path).toBe('/api/dev/reports/r2/reject')
    expect(section.querySelector('[data-testid="dev-reports-empty"]')?.textContent).toBe(en.dev.reports.empty)

    await press(tab(section, en.dev.reports.statuses.accepted))
    expect(words(section)).toEqual(['qi'])
    // Decided reports take no decision buttons.
    expect(section.querySelector('[data-testid="report-accept"]')).toBeNull()
    await press(tab(section, en.dev.reports.statuses.rejected))
    expect(words(section)).toEqual(['zyzzyva'])
  })

  test('a visitor who is not a developer neither sees nor asks for reports', async () => {
    const { container, calls } = await mount(false)
    expect(container.querySelector('[data-testid="dev-reports"]')).toBeNull()
    expect(calls.filter((c) => c.path.startsWith('/api/dev/reports'))).toEqual([])
  })
})
