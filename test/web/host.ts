import type { PageProps } from '../../shared/page-props.ts'
import type { Host } from '../../web/shell/host.ts'
import type { LaunchParams } from '../../web/telegram/launch.ts'
import { recordingJar } from './jar.ts'

export interface Call {
  method: string
  path: string
  body: unknown
  /** The query string, when there is one ('?status=accepted'). */
  search?: string
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
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: text ? JSON.parse(text) : null,
      ...(url.search ? { search: url.search } : {}),
    }
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
    replace: (url) => void navigations.push(`replace:${url}`),
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

/** A success answer in the envelope of PROTOCOL.md. */
export const okReply = (data: unknown) => ({ status: 200, body: { success: true, data } })

/** A refusal in the envelope of PROTOCOL.md. */
export const refusedReply = (status: number, code: string) => ({
  status,
  body: { success: false, error: { code, message: '' } },
})

export const AUTH_OK = (token = 'tok', uid = 'u1') => ({
  status: 200,
  body: { success: true, data: { auth: { token, uid } } },
})

/** What POST /api/init answers (PROTOCOL.md), with a fresh level-1 profile and no games. */
export function initOk(token = 'tok', uid = 'u1', over: Record<string, unknown> = {}) {
  return {
    status: 200,
    body: {
      success: true,
      data: {
        auth: { token, uid },
        profile: {
          _id: uid,
          firstName: '',
          lastName: '',
          nickname: 'Tester',
          tgId: 0,
          tgAllowsPm: false,
          eloPvp: 1200,
          eloPve: 1200,
          lang: 'en',
          avatar: null,
          level: 1,
          xp: 1,
          coins: 10,
          intercomSlots: ['👍'],
          intercomSlotsCapacity: 3,
          gameSlots: 3,
          gameSlotsCapacity: 3,
          isTutorialAvailable: true,
          subscription: { id: null, active: false, cancelled: false, trialAvailable: true, expiresAt: null },
          income: { amount: 0, lastUpdated: 0 },
          incomeMax: 2,
          ...over,
        },
        games: [],
        presence: {},
        lobby: { counts: { classic: { ru: 0, en: 2, es: 0 }, blitz: { ru: 0, en: 0, es: 0 } } },
        shop: { items: [] },
        startParams: {},
        features: { telegramBot: true, payments: true },
      },
    },
  }
}

/** A server for signed-in pages: init, an empty rating page, and AUTH_OK for the rest. */
export const SIGNED_IN: Reply = (call) => {
  if (call.path === '/api/init') return initOk()
  if (call.path === '/api/rating')
    return {
      status: 200,
      body: { success: true, data: { tab: 'arena', page: 1, pageSize: 20, total: 0, items: [], me: null } },
    }
  return AUTH_OK()
}
