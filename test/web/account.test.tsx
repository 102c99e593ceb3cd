import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import { readAuthCookie } from '../../shared/auth-cookie.ts'
import type { Lang } from '../../shared/i18n.ts'
import { useIsland } from '../../web/shell/context.ts'
import { IslandRoot } from '../../web/shell/IslandRoot.tsx'
import { withDom } from './dom.ts'
import { initOk, pageProps, type Reply, settle, testHost } from './host.ts'

withDom()
const { createRoot } = await import('react-dom/client')
const { AccountSettings } = await import('../../web/auth/AccountSettings.tsx')

const AUTH_COOKIE = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const HOUR = 3600_000
const SESSIONS = [
  {
    id: 's-here',
    kind: 'web',
    device: 'Chrome · Android',
    createdAt: 0,
    lastSeenAt: 1_750_000_000_000,
    endsAt: 0,
    current: true,
  },
  {
    id: 's-tg',
    kind: 'telegram',
    device: '',
    createdAt: 0,
    lastSeenAt: 1_750_000_000_000 - HOUR,
    endsAt: 0,
    current: false,
  },
]

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
})

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } })

/** The profile the next mount shows (as /api/init would have brought it). */
let shown: unknown = null

function Account() {
  const { session } = useIsland()
  session.profile.value ??= shown as never
  return <AccountSettings session={session} />
}

/** The account part of Settings for a profile, with a server that answers the account calls. */
async function mount(profile: Record<string, unknown>, reply: Reply, lang: Lang = 'en') {
  const t = testHost(reply, { cookies: AUTH_COOKIE })
  shown = initOk('tok', 'u1', profile).body.data.profile
  const container = document.createElement('div')
  document.body.append(container)
  const props = pageProps({ lang, path: '/settings', access: 'auth', titleKey: 'screens.settings' })
  await act(async () => {
    root = createRoot(container)
    root.render(<IslandRoot screen={Account} props={props} host={t.host} />)
  })
  await act(() => settle())
  return { ...t, container }
}

const byText = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement

async function typeAndSubmit(container: HTMLElement, form: string, value: string) {
  const input = container.querySelector(`[data-testid="${form}"] input[type="password"]`) as HTMLInputElement
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  await act(async () => {
    setValue?.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await act(async () => {
    ;(container.querySelector(`[data-testid="${form}"] button[type="submit"]`) as HTMLButtonElement).click()
  })
  await act(() => settle())
}

const sessionsReply: Reply = (call) => {
  if (call.path === '/api/auth/sessions') return ok({ sessions: SESSIONS })
  if (call.path === '/api/auth/signout' || call.path.startsWith('/api/auth/sessions/'))
    return ok({ ended: 1 })
  return ok({ hasPassword: true })
}

describe('account settings', () => {
  test('a web account without a password is offered one; too short is refused here, a good one is saved', async () => {
    const page = await mount({ webAccount: true, hasPassword: false }, sessionsReply)
    const text = page.container.textContent ?? ''
    expect(text).toContain('Set a password to play on another device')
    expect(text).toContain('after signing out you can come back only in this browser')

    await typeAndSubmit(page.container, 'password-form', 'short')
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      'A password is 8 to 128 characters.',
    )
    expect(page.calls.some((c) => c.path === '/api/user/password')).toBe(false)

    await typeAndSubmit(page.container, 'password-form', 'long enough')
    expect(page.calls.filter((c) => c.path === '/api/user/password')).toEqual([
      { method: 'POST', path: '/api/user/password', body: { password: 'long enough' } },
    ])
    expect(page.container.querySelector('[role="status"]')?.textContent).toContain('Password saved')
    // Now it has one: the offer becomes "change", and the no-password warning goes.
    expect(byText(page.container, 'Change password')).toBeDefined()
    expect(page.container.textContent).not.toContain('come back only in this browser')
  })

  test('a Telegram account has no password form; sessions are listed with their devices', async () => {
    const page = await mount({ webAccount: false, hasPassword: false, tgId: 77 }, sessionsReply, 'ru')
    expect(page.container.querySelector('[data-testid="password-form"]')).toBeNull()
    const rows = [...page.container.querySelectorAll('[data-testid="session"]')].map((row) => row.textContent)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain('Chrome · Android')
    expect(rows[0]).toContain('это устройство')
    expect(rows[1]).toContain('Неизвестное устройство · Telegram')
    expect(rows[1]).toContain('Последняя активность:')
  })

  test('ending another session asks the server and reloads the list; this page stays signed in', async () => {
    const page = await mount({ webAccount: true, hasPassword: true }, sessionsReply)
    const buttons = page.container.querySelectorAll('[data-testid="session"] button')
    await act(async () => {
      ;(buttons[1] as HTMLButtonElement).click()
    })
    await act(() => settle())
    expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/auth/sessions',
      'DELETE /api/auth/sessions/s-tg',
      'GET /api/auth/sessions',
    ])
    expect(page.navigations).toEqual([])
    expect(readAuthCookie(page.cookies)?.token).toBe('tok')
  })

  test('sign out everywhere ends every session on the server, then this browser lands on /signin', async () => {
    const page = await mount({ webAccount: true, hasPassword: true }, sessionsReply, 'es')
    await act(async () => {
      ;(page.container.querySelector('[data-testid="signout-everywhere"]') as HTMLButtonElement).click()
    })
    await act(() => settle())
    expect(page.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/auth/signout',
      body: { everywhere: true },
    })
    expect(readAuthCookie(page.cookies)).toBeNull()
    expect(page.navigations).toEqual(['/es/signin'])
  })
})
