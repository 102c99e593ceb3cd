/** Sign-in calls of the account suites: with cookies and a User-Agent, as a browser sends them. */
import { count } from 'drizzle-orm'
import { deviceKeys, sessions, users } from '../../src/db/schema/index.ts'
import type { TestServer } from './harness.ts'

export const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
export const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

export interface Reply<T = Record<string, unknown>> {
  status: number
  body: { success: boolean; data: T; error?: { code: string; message: string } }
  /** The Set-Cookie header, '' when none. */
  setCookie: string
}

export interface Auth {
  token: string
  uid: string
  deviceKey?: string
}

export async function request<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; cookie?: string; userAgent?: string } = {},
): Promise<Reply<T>> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  return { status: res.status, body: await res.json(), setCookie: res.headers.get('set-cookie') ?? '' }
}

export const signin = (
  server: TestServer,
  body: { nickname: string; password?: string; deviceKey?: string },
  options: { cookie?: string; userAgent?: string } = {},
) => request<{ auth: Auth }>(server, 'POST', '/api/auth/signin', { ...options, body })

/** A new web account; fails loudly when the nickname is not free. */
export async function signUp(
  server: TestServer,
  nickname: string,
  userAgent?: string,
): Promise<Required<Auth>> {
  const res = await signin(server, { nickname }, { userAgent })
  if (res.status !== 200) throw new Error(`sign-up of ${nickname}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data.auth as Required<Auth>
}

/** The claims of a token (no check: the server's answers are the check). */
export function claims(token: string): { sub: string; sid?: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString())
}

/** Rows of the account tables, to show a refused attempt wrote nothing. */
export async function accountRows(
  server: TestServer,
): Promise<{ users: number; sessions: number; keys: number }> {
  const { db } = server.core
  const [[u], [s], [k]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(deviceKeys),
  ])
  return { users: u?.n ?? 0, sessions: s?.n ?? 0, keys: k?.n ?? 0 }
}
