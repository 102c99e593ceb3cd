import type { Host } from '../../web/shell/host.ts'
import type { PageProps } from '../../web/shell/page-props.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { recordingJar } from './jar.ts'

export interface Call {
  method: string
  path: string
  body: unknown
}

export type Reply = (call: Call) => { status: number; body: unknown }

/** A host whose network, navigation and cookies the test sees and scripts. */
export function testHost(reply: Reply, options: { cookies?: string; launch?: LaunchParams } = {}) {
  const calls: Call[] = []
  const navigations: string[] = []
  let reloads = 0
  let initialised = 0
  const cookies = recordingJar(options.cookies)
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
    const text = typeof init?.body === 'string' ? init.body : null
    const call = { method: init?.method ?? 'GET', path: url.pathname, body: text ? JSON.parse(text) : null }
    calls.push(call)
    const { status, body } = reply(call)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  const host: Host = {
    cookies,
    secure: false,
    storage: null,
    matchMedia: null,
    origin: 'http://localhost:3000',
    fetch: fetchStub,
    navigate: (url) => void navigations.push(url),
    reload: () => void reloads++,
    markInitialised: () => void initialised++,
    launch: options.launch ?? null,
  }
  return {
    host,
    calls,
    navigations,
    cookies,
    get reloads() {
      return reloads
    },
    get initialised() {
      return initialised
    },
  }
}

export function pageProps(over: Partial<PageProps> = {}): PageProps {
  return {
    lang: 'en',
    path: '/',
    params: {},
    layout: 'mini-app',
    colorMode: 'system',
    access: 'open',
    titleKey: 'screens.home',
    overlay: true,
    ...over,
  }
}

/** Lets pending promises and React's scheduled work run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0))
}

export const AUTH_OK = (token = 'tok', uid = 'u1') => ({
  status: 200,
  body: { success: true, data: { auth: { token, uid } } },
})
