/** A real server wired to a fake Bot API, and Telegram sign-ins for its users. */
import { type DbKind, startServer, type TestServer } from '../server/harness.ts'
import { signInitData } from '../server/telegram.ts'
import { type FakeBotApi, startFakeBotApi } from './fake-bot-api.ts'

export const WEBHOOK_SECRET = 'test_webhook_secret-123'

export interface TelegramTestServer {
  server: TestServer
  fake: FakeBotApi
  stop(): Promise<void>
}

export async function startTelegramServer(
  db: DbKind,
  env: Record<string, string> = {},
): Promise<TelegramTestServer> {
  const fake = startFakeBotApi()
  try {
    const server = await startServer({
      db,
      env: { TELEGRAM_API_ROOT: fake.url, TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env },
    })
    return {
      server,
      fake,
      async stop() {
        await server.stop()
        await fake.stop()
      },
    }
  } catch (err) {
    await fake.stop()
    throw err
  }
}

/** Signs a Telegram user in through the Mini App's init data, dated on the server's clock. */
export async function tgSignIn(server: TestServer, id: number, startParam?: string) {
  const data = signInitData(
    { id, first_name: `Tg${id}`, language_code: 'en' },
    { startParam, authDate: Math.floor(server.clock.now() / 1000) },
  )
  const res = await server.api.api.auth['tg-signin'].post({ data })
  if (!res.data) throw new Error(`tg sign-in failed: ${res.status}`)
  return res.data.data.auth
}

/** Waits until `check` holds (background work such as the start-up Bot API calls). */
export async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await Bun.sleep(10)
  }
}
