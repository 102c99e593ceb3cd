/**
 * The processes' transport (ARCHITECTURE.md "More than one process"): Redis pub/sub through Bun's
 * built-in client (PITFALLS.md). Every process listens on the deployment's channel (`all`) and on
 * one of its own (its process id). Redis only carries messages: nothing here is the only copy of
 * anything, so a message lost while Redis is down costs a push (clients catch up on reconnect),
 * never an acknowledged change.
 *
 * Bun's client reconnects by itself but forgets its subscriptions, and subscribing again adds a
 * second listener beside the first: each subscription carries a generation and only the newest
 * one's messages are read.
 */
import { RedisClient } from 'bun'
import type { Logger } from '../observability/log.ts'
import { setIn } from '../util/sets.ts'

/** A message between processes: `t` names its kind, `from` the sender's process id. */
export interface BusMessage {
  t: string
  from: string
  [key: string]: unknown
}

export type BusHandler = (message: BusMessage) => void

export interface BusOptions {
  url: string
  prefix: string
  self: string
  log: Logger
}

const CLIENT_OPTIONS = {
  autoReconnect: true,
  maxRetries: 2 ** 32 - 1,
  // A message for a process that may be gone is better refused at once than sent minutes later.
  enableOfflineQueue: false,
  connectionTimeout: 2_000,
} as const

const WATCH_EVERY_MS = 250

export function createBus(options: BusOptions) {
  const { url, prefix, self, log } = options
  const allChannel = `${prefix}:all`
  const channelOf = (processId: string) => `${prefix}:p:${processId}`
  const handlers = new Map<string, Set<BusHandler>>()
  const upListeners = new Set<() => void>()
  let pub: RedisClient | null = null
  let sub: RedisClient | null = null
  let generation = 0
  let subscribed = false
  let stopped = false
  let watchdog: ReturnType<typeof setInterval> | undefined

  const receive = (text: string) => {
    let message: BusMessage
    try {
      message = JSON.parse(text) as BusMessage
    } catch {
      return log.warn('unreadable bus message')
    }
    if (message.from === self || typeof message.t !== 'string') return
    for (const handler of handlers.get(message.t) ?? []) {
      try {
        handler(message)
      } catch (err) {
        log.error('bus handler failed', { t: message.t, err })
      }
    }
  }

  async function subscribe(): Promise<void> {
    const client = sub
    if (!client || stopped) return
    const mine = ++generation
    const listener = (text: string) => {
      if (mine === generation) receive(text)
    }
    await client.subscribe(allChannel, listener)
    await client.subscribe(channelOf(self), listener)
    if (mine !== generation) return
    subscribed = true
    log.info('bus connected', { channel: channelOf(self) })
    for (const listener of upListeners) {
      try {
        listener()
      } catch (err) {
        log.error('bus up listener failed', { err })
      }
    }
  }

  const resubscribe = () => {
    if (stopped) return
    subscribe().catch((err) => {
      subscribed = false
      log.warn('bus subscription failed', { err })
    })
  }

  function send(channel: string, message: Record<string, unknown> & { t: string }): boolean {
    if (!up() || !pub) return false
    pub.publish(channel, JSON.stringify({ ...message, from: self })).catch((err) => {
      log.debug('bus publish failed', { t: message.t, err })
    })
    return true
  }

  function up(): boolean {
    return !stopped && subscribed && (pub?.connected ?? false) && (sub?.connected ?? false)
  }

  return {
    self,
    up,
    /** Connects both clients; the first failure throws (a deployment needs Redis to start). */
    async start(): Promise<void> {
      pub = new RedisClient(url, CLIENT_OPTIONS)
      sub = new RedisClient(url, CLIENT_OPTIONS)
      await Promise.all([pub.connect(), sub.connect()])
      await subscribe()
      // Every later connect is a reconnect: subscribe again (the client does not).
      sub.onconnect = resubscribe
      // The client does not always call onclose when Redis goes away: look instead.
      watchdog = setInterval(() => {
        if (!subscribed || sub?.connected) return
        subscribed = false
        log.warn('bus lost Redis')
      }, WATCH_EVERY_MS)
      watchdog.unref?.()
    },
    /** To every other process; false (nothing sent) while Redis is away. */
    broadcast: (message: Record<string, unknown> & { t: string }) => send(allChannel, message),
    /** To one process; false while Redis is away. */
    sendTo: (processId: string, message: Record<string, unknown> & { t: string }) =>
      send(channelOf(processId), message),
    on(t: string, handler: BusHandler): () => void {
      const set = setIn(handlers, t)
      set.add(handler)
      return () => set.delete(handler)
    },
    /** Called on every (re)connection, once subscribed: the moment to ask the others for their state. */
    onUp(listener: () => void): void {
      upListeners.add(listener)
    },
    stop(): void {
      stopped = true
      clearInterval(watchdog)
      generation++
      for (const client of [pub, sub]) {
        try {
          client?.close()
        } catch {
          // already closed
        }
      }
    },
  }
}

export type Bus = ReturnType<typeof createBus>
