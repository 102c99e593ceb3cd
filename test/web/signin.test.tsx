import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import { readAuthCookie } from '../../shared/auth-cookie.ts'
import { SignIn } from '../../web/islands/SignIn.tsx'
import { IslandRoot } from '../../web/shell/IslandRoot.tsx'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { withDom } from './dom.ts'
import { AUTH_OK, pageProps, type Reply, settle, testHost } from './host.ts'

withDom()
const { createRoot } = await import('react-dom/client')

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
})

async function mount(
  reply: Reply,
  lang: 'en' | 'ru' | 'es' = 'en',
  launch?: LaunchParams,
  extra: { telegramBot?: string } = {},
) {
  const t = testHost(reply, { launch })
  const container = document.createElement('div')
  document.body.append(container)
  const props = pageProps({
    lang,
    path: '/signin',
    layout: 'signin',
    titleKey: 'screens.signin',
    overlay: false,
    ...extra,
  })
  await act(async () => {
    root = createRoot(container)
    root.render(<IslandRoot screen={SignIn} props={props} host={t.host} />)
  })
  return { ...t, container }
}

async function submit(container: HTMLElement, nickname: string) {
  const input = container.querySelector('input[name="nickname"]') as HTMLInputElement
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  await act(async () => {
    setValue.call(input, nickname)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await act(async () => {
    ;(container.querySelector('button[type="submit"]') as HTMLButtonElement).click()
  })
  await act(() => settle())
}

describe('SignIn island', () => {
  test('posts the trimmed nickname and language, stores the auth cookie, goes home in that language', async () => {
    const page = await mount(() => AUTH_OK('tok-1', 'u-7'), 'es')
    await submit(page.container, '  Anna  ')
    expect(page.calls).toEqual([
      { method: 'POST', path: '/api/auth/signin', body: { nickname: 'Anna', lang: 'es' } },
    ])
    expect(readAuthCookie(page.cookies)).toEqual({ token: 'tok-1', uid: 'u-7' })
    expect(page.cookies.writes[0]).toContain('Expires=Fri, 01 Jan 2100 00:00:00 GMT')
    expect(page.navigations).toEqual(['/es'])
  })

  test('Russian goes home to / (no prefix)', async () => {
    const page = await mount(() => AUTH_OK(), 'ru')
    await submit(page.container, 'Анна')
    expect(page.navigations).toEqual(['/'])
  })

  test('an invalid nickname is refused before any request, with a message', async () => {
    const page = await mount(() => AUTH_OK())
    await submit(page.container, 'a')
    expect(page.calls).toEqual([])
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain('2 to 24')
    expect(page.navigations).toEqual([])
  })

  test('a refused sign-in shows an error and stores nothing', async () => {
    const page = await mount(() => ({
      status: 500,
      body: { success: false, error: { code: 'INTERNAL_ERROR', message: 'x' } },
    }))
    await submit(page.container, 'Anna')
    expect(page.calls).toHaveLength(1)
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Could not sign in. Please try again.',
    )
    expect(page.cookies.writes).toEqual([])
    expect(page.navigations).toEqual([])
    expect((page.container.querySelector('button[type="submit"]') as HTMLButtonElement).disabled).toBe(false)
  })

  test('a Telegram visitor is signed in with the init data, without the form', async () => {
    const launch = {
      initData: 'user=x&hash=y',
      version: '8.0',
      platform: 'ios',
      startParam: null,
      themeParams: {},
    }
    const page = await mount(() => AUTH_OK('tg-tok', 'u-tg'), 'en', launch)
    await act(() => settle())
    expect(page.calls).toEqual([
      { method: 'POST', path: '/api/auth/tg-signin', body: { data: 'user=x&hash=y' } },
    ])
    expect(readAuthCookie(page.cookies)).toEqual({ token: 'tg-tok', uid: 'u-tg' })
    expect(page.navigations).toEqual(['/en'])
  })
})

async function fill(container: HTMLElement, name: string, value: string) {
  const input = container.querySelector(`input[name="${name}"]`) as HTMLInputElement
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  await act(async () => {
    setValue.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

const refusal = (status: number, code: string) => () => ({
  status,
  body: { success: false, error: { code, message: 'x' } },
})

describe('nickname and password', () => {
  test.each([
    [
      'NICKNAME_TAKEN',
      409,
      'This nickname is taken (or looks the same as one that is). If it is yours, sign in with its password.',
    ],
    ['NICKNAME_MIXED_SCRIPTS', 400, 'Write each word of the nickname in one alphabet'],
    ['NICKNAME_INVISIBLE', 400, 'The nickname contains invisible characters'],
    ['RATE_LIMITED', 429, 'Too many attempts'],
  ])('the server refusing with %s shows what to do', async (code, status, text) => {
    const page = await mount(refusal(status, code))
    await submit(page.container, 'Anna')
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain(text)
    expect(page.cookies.writes).toEqual([])
  })

  test('a taken nickname opens the password field; nickname and password sign in', async () => {
    let taken = true
    const page = await mount(() => {
      if (taken) {
        taken = false
        return refusal(409, 'NICKNAME_TAKEN')()
      }
      return AUTH_OK('tok-p', 'u-p')
    }, 'ru')
    expect(page.container.querySelector('input[name="password"]')).toBeNull()
    await submit(page.container, 'Анна')
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain('Этот ник занят')
    await fill(page.container, 'password', 'correct horse')
    await submit(page.container, 'Анна')
    expect(page.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/auth/signin',
      body: { nickname: 'Анна', password: 'correct horse', lang: 'ru' },
    })
    expect(readAuthCookie(page.cookies)).toEqual({ token: 'tok-p', uid: 'u-p' })
    expect(page.navigations).toEqual(['/'])
  })

  test('"I have a password" shows the field; an empty one is refused before any request; a wrong one is said so', async () => {
    const page = await mount(refusal(401, 'BAD_CREDENTIALS'), 'es')
    await act(async () => {
      ;(
        [...page.container.querySelectorAll('button')].find(
          (b) => b.textContent === 'Tengo una contraseña',
        ) as HTMLButtonElement
      ).click()
    })
    expect(page.container.querySelector('input[name="password"]')).not.toBeNull()
    await submit(page.container, 'Ana')
    expect(page.calls).toEqual([])
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe('Escribe tu contraseña.')
    await fill(page.container, 'password', 'wrong one')
    await submit(page.container, 'Ana')
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Apodo o contraseña incorrectos.',
    )
    expect(page.navigations).toEqual([])
  })
})

describe('the Telegram Login Widget', () => {
  test("with a bot name the widget loads Telegram's script; its frame's message signs in and goes home", async () => {
    const page = await mount(() => AUTH_OK('wt', 'u-w'), 'en', undefined, { telegramBot: 'word_bot' })
    const script = page.container.querySelector('script[data-telegram-login]') as HTMLScriptElement
    expect(script.getAttribute('src')).toBe('https://telegram.org/js/telegram-widget.js?22')
    expect(script.getAttribute('data-telegram-login')).toBe('word_bot')
    // No callback named in an attribute: the widget would eval it, which the CSP forbids.
    expect(script.hasAttribute('data-onauth')).toBe(false)
    // What telegram.org's script does: its frame next to the script, which later posts the user.
    const frame = document.createElement('iframe')
    script.before(frame)
    const user = { id: 42, first_name: 'Ann', auth_date: 1_700_000_000, hash: 'ab'.repeat(32) }
    const post = (origin: string, source: unknown, data: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', { origin, source: source as Window, data: JSON.stringify(data) }),
      )
    await act(async () => {
      // Not Telegram's frame, or not a sign-in: ignored.
      post('https://evil.example', frame.contentWindow, { event: 'auth_user', auth_data: user })
      post('https://oauth.telegram.org', window, { event: 'auth_user', auth_data: user })
      post('https://oauth.telegram.org', frame.contentWindow, { event: 'resize', height: 40 })
      await settle()
    })
    expect(page.calls).toEqual([])
    await act(async () => {
      post('https://oauth.telegram.org', frame.contentWindow, { event: 'auth_user', auth_data: user })
      await settle()
    })
    expect(page.calls).toEqual([{ method: 'POST', path: '/api/auth/tg-widget', body: user }])
    expect(readAuthCookie(page.cookies)?.token).toBe('wt')
    expect(page.navigations).toEqual(['/en'])
  })

  test('without a bot name there is no widget and no external script; nickname sign-in stays', async () => {
    const page = await mount(() => AUTH_OK())
    expect(page.container.querySelector('script')).toBeNull()
    expect(page.container.querySelector('input[name="nickname"]')).not.toBeNull()
  })
})
