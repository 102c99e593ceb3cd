/**
 * One server per suite with signed-in socket clients and plain HTTP calls: the setup the
 * multiplayer suites share. Call inside a describe: it registers the suite's beforeAll/afterAll.
 */
import { afterAll, beforeAll } from 'bun:test'
import {
  type DbKind,
  SERVER_TEST_TIMEOUT_MS,
  type StartOptions,
  signIn,
  startServer,
  type TestServer,
} from './harness.ts'
import { call } from './http.ts'
import { TestSocket } from './ws-client.ts'

export interface Client {
  uid: string
  token: string
  socket: TestSocket
}

export interface Http {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked by the tests' expectations
  body: any
}

export function useServer(db: DbKind, options: Omit<StartOptions, 'db'> = {}) {
  let server: TestServer | undefined
  const sockets: TestSocket[] = []
  beforeAll(async () => {
    server = await startServer({ db, ...options })
  }, SERVER_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()))
    await server?.stop()
  }, SERVER_TEST_TIMEOUT_MS)

  const running = (): TestServer => {
    if (!server) throw new Error('the server is not started')
    return server
  }

  const request = (method: string, path: string, token: string | null, body?: unknown): Promise<Http> =>
    call(running(), path, { method, token, body })

  return {
    server: running,
    /** A new user (the suite's database kind in the name) with an open socket. */
    async player(name: string): Promise<Client> {
      const auth = await signIn(running(), `${name} ${db}`)
      const socket = await TestSocket.connect(running().wsUrl, auth.token)
      sockets.push(socket)
      return { ...auth, socket }
    },
    /** A socket closed with the suite (e.g. a visitor's). */
    keep(socket: TestSocket): TestSocket {
      sockets.push(socket)
      return socket
    },
    request,
    post: (path: string, token: string | null, body: unknown) => request('POST', path, token, body),
    get: (path: string, token: string | null = null) => request('GET', path, token),
  }
}
