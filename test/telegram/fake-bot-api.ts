/**
 * A Bot API server on localhost for tests: grammY's `apiRoot` points here. It records every call
 * and answers like Telegram for the methods the server uses; `failNext` makes a method answer an
 * error once (e.g. 403 "bot was blocked by the user").
 */
export interface BotApiCall {
  token: string
  method: string
  params: Record<string, unknown>
}

export const FAKE_BOT = {
  id: 7_000_001,
  is_bot: true as const,
  first_name: 'Word Territory',
  username: 'word_territory_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
}

export interface FakeBotApi {
  url: string
  calls: BotApiCall[]
  callsOf(method: string): BotApiCall[]
  failNext(method: string, error: { error_code: number; description: string }): void
  /** The next call of `method` gets no answer until the returned function is called. */
  holdNext(method: string): () => void
  stop(): Promise<void>
}

export function startFakeBotApi(): FakeBotApi {
  const calls: BotApiCall[] = []
  const failures = new Map<string, { error_code: number; description: string }>()
  const holds = new Map<string, Promise<void>>()
  let messageId = 1
  let invoice = 1

  const answer = (method: string, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'getMe':
        return FAKE_BOT
      case 'sendMessage':
        return {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: params.chat_id, type: 'private', first_name: 'User' },
          from: FAKE_BOT,
          text: params.text,
        }
      case 'createInvoiceLink':
        return `https://t.me/$fake-invoice-${invoice++}`
      default:
        // setWebhook, setChatMenuButton, setMyCommands, answerPreCheckoutQuery, refundStarPayment,
        // editUserStarSubscription: Telegram answers True.
        return true
    }
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url).pathname)
      if (!match)
        return Response.json({ ok: false, error_code: 404, description: 'Not Found' }, { status: 404 })
      const [, token, method] = match as unknown as [string, string, string]
      const text = await req.text()
      const params = text ? (JSON.parse(text) as Record<string, unknown>) : {}
      calls.push({ token, method, params })
      const hold = holds.get(method)
      if (hold) {
        holds.delete(method)
        await hold
      }
      const failure = failures.get(method)
      if (failure) {
        failures.delete(method)
        return Response.json({ ok: false, ...failure }, { status: failure.error_code })
      }
      return Response.json({ ok: true, result: answer(method, params) })
    },
  })

  return {
    url: `http://127.0.0.1:${server.port}`,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    failNext: (method, error) => {
      failures.set(method, error)
    },
    holdNext: (method) => {
      let release = () => {}
      holds.set(method, new Promise<void>((resolve) => (release = resolve)))
      return () => release()
    },
    stop: async () => {
      await server.stop(true)
    },
  }
}
