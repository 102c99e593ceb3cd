import { createApi } from '../../web/api/client.ts'
import { createAuthStore } from '../../web/auth/store.ts'
import { createSession } from '../../web/session/store.ts'
import type { Host } from '../../web/shell/host.ts'
import { FakeSocket } from './fake-socket.ts'

/** A session of page `path` on a test host (auth from its cookies), its sockets FakeSockets. */
export function sessionOn(host: Host, path = '/') {
  FakeSocket.all = []
  const auth = createAuthStore({ cookies: host.cookies, secure: false })
  auth.loadFromCookie()
  const api = createApi({ origin: host.origin, token: () => auth.token.value, fetch: host.fetch })
  const session = createSession({
    api,
    auth,
    host,
    lang: 'en',
    path,
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
  })
  return { auth, api, session }
}
