/**
 * The hub across processes: what one process delivers to users, topics or everyone is repeated by
 * the others to their own connections; who is online where; session revocations; and small
 * signals between features (e.g. "the arena queue changed"). Presence is kept per process: each
 * tells the others of its users going online or offline, answers a newcomer's `hello` with all of
 * them, and says it is alive every few seconds; a process not heard of for PROCESS_GONE_MS is
 * taken for dead and its users for offline.
 */
import type { Sessions } from '../auth/sessions.ts'
import { systemSchedule } from '../clock.ts'
import type { Logger } from '../observability/log.ts'
import { type Hub, type HubLink, type Relayed, topics } from '../realtime/hub.ts'
import { setIn } from '../util/sets.ts'
import { every } from '../util/timers.ts'
import type { Bus, BusMessage } from './bus.ts'

const ALIVE_EVERY_MS = 3_000
const PROCESS_GONE_MS = 10_000
/**
 * Broadcasts each process makes for its own connections only: the lobby counts come from the
 * database, every process recounts on a signal and pushes to its own (docs/cluster.md).
 */
const LOCAL_ONLY: ReadonlySet<string> = new Set(['lobby/pvpMonitor'])
const GAME_TOPIC = topics.game('')

export interface RelayDeps {
  bus: Bus
  hub: Hub
  sessions: Sessions
  log: Logger
}

export function createRelay({ bus, hub, sessions, log }: RelayDeps) {
  /** uid → processes where the user is online. */
  const online = new Map<string, Set<string>>()
  const lastSeen = new Map<string, number>()
  const signals = new Map<string, Set<() => void>>()
  /** topic → process → distinct listeners there (game topics only: the watcher counts). */
  const listeners = new Map<string, Map<string, number>>()

  const seen = (processId: string) => lastSeen.set(processId, Date.now())

  const setOnline = (uid: string, processId: string, on: boolean) => {
    let where = online.get(uid)
    if (on) {
      if (!where) {
        where = new Set()
        online.set(uid, where)
      }
      where.add(processId)
    } else if (where?.delete(processId) && where.size === 0) online.delete(uid)
  }

  const setListeners = (topic: string, processId: string, count: number) => {
    let where = listeners.get(topic)
    if (count > 0) {
      if (!where) {
        where = new Map()
        listeners.set(topic, where)
      }
      where.set(processId, count)
    } else if (where?.delete(processId) && where.size === 0) listeners.delete(topic)
  }

  const forget = (processId: string) => {
    lastSeen.delete(processId)
    for (const uid of [...online.keys()]) setOnline(uid, processId, false)
    for (const topic of [...listeners.keys()]) setListeners(topic, processId, 0)
  }

  const link: HubLink = {
    relay(out: Relayed) {
      if (out.to === 'all' && LOCAL_ONLY.has(out.event)) return
      bus.broadcast({ t: 'relay', m: out })
    },
    onlineElsewhere: (uid) => (online.get(uid)?.size ?? 0) > 0,
    localPresence(uid, on) {
      bus.broadcast({ t: 'presence', uid, on })
    },
    listenersElsewhere(topic) {
      let sum = 0
      for (const count of listeners.get(topic)?.values() ?? []) sum += count
      return sum
    },
  }
  hub.setLink(link)
  const watchedTopics = new Set<string>()
  hub.onTopic((topic) => {
    if (!topic.startsWith(GAME_TOPIC)) return
    const count = hub.listenersHere(topic)
    if (count > 0) watchedTopics.add(topic)
    else watchedTopics.delete(topic)
    bus.broadcast({ t: 'listeners', topic, count })
  })

  bus.on('relay', (msg) => {
    seen(msg.from)
    hub.deliverRelayed(msg.m as Relayed)
  })
  bus.on('listeners', (msg) => {
    seen(msg.from)
    setListeners(String(msg.topic), msg.from, Number(msg.count))
  })
  bus.on('presence', (msg) => {
    seen(msg.from)
    setOnline(String(msg.uid), msg.from, msg.on === true)
  })
  const hereOnline = () => hub.onlineHere()
  bus.on('hello', (msg) => {
    seen(msg.from)
    const watched = [...watchedTopics].map((topic) => [topic, hub.listenersHere(topic)])
    bus.sendTo(msg.from, { t: 'online', uids: hereOnline(), listeners: watched })
  })
  bus.on('online', (msg: BusMessage) => {
    seen(msg.from)
    for (const uid of msg.uids as string[]) setOnline(uid, msg.from, true)
    for (const [topic, count] of (msg.listeners ?? []) as [string, number][])
      setListeners(topic, msg.from, count)
  })
  bus.on('alive', (msg) => seen(msg.from))
  bus.on('bye', (msg) => forget(msg.from))
  bus.on('sessionsEnded', (msg) => sessions.endedElsewhere(msg.ids as string[]))
  bus.on('signal', (msg) => {
    for (const fn of signals.get(String(msg.name)) ?? []) {
      try {
        fn()
      } catch (err) {
        log.error('signal listener failed', { name: msg.name, err })
      }
    }
  })
  sessions.onEnd((ids, elsewhere) => {
    if (!elsewhere) bus.broadcast({ t: 'sessionsEnded', ids })
  })

  // After every (re)connection what others hold may have changed unseen: ask afresh.
  bus.onUp(() => {
    online.clear()
    listeners.clear()
    bus.broadcast({ t: 'hello' })
  })

  const stopAlive = every(systemSchedule, ALIVE_EVERY_MS, log, 'cluster alive', () => {
    bus.broadcast({ t: 'alive' })
    const now = Date.now()
    for (const [processId, at] of lastSeen) if (now - at > PROCESS_GONE_MS) forget(processId)
  })

  return {
    /** Tells every other process (their listeners of `name` run); without Redis, nobody hears. */
    signal(name: string): void {
      bus.broadcast({ t: 'signal', name })
    },
    onSignal(name: string, fn: () => void): void {
      setIn(signals, name).add(fn)
    },
    /** Processes heard of within PROCESS_GONE_MS (this one excluded). */
    liveProcesses: () => [...lastSeen.keys()],
    stop(): void {
      stopAlive()
      bus.broadcast({ t: 'bye' })
    },
  }
}

export type Relay = ReturnType<typeof createRelay>
