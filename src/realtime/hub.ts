import type { Clock } from '../clock.ts'
import type { Logger } from '../observability/log.ts'
import { setIn } from '../util/sets.ts'
import {
  type AckMessage,
  type PresenceMap,
  type ServerEvent,
  type ServerMessage,
  type ServerPayloads,
  serverMessage,
} from './protocol.ts'
import { topicCap, topicKind } from './topic-caps.ts'

/** One open socket, as the hub needs it; ws.ts adapts Bun's socket to this. */
export interface Connection {
  readonly id: string
  readonly uid: string
  /** A visitor without a token: may observe games and presence, never act (see watchOnlyUid). */
  readonly watchOnly?: boolean
  send(text: string): void
  close(code: number, reason: string): void
}

/** The uid of a watch-only connection: unique per connection, never a user id (those are hex). */
export const watchOnlyUid = (connectionId: string) => `visitor:${connectionId}`

export type PresenceListener = (uid: string, online: boolean) => void
/** Called after a topic gained or lost a connection (`listenersOf` tells how many listen now). */
export type TopicListener = (topic: string) => void

/** A delivery made here that other processes repeat to their own connections (src/cluster/relay.ts). */
export type Relayed =
  | { to: 'users'; uids: string[]; text: string }
  | { to: 'topic'; topic: string; text: string }
  | { to: 'all'; event: string; text: string }

/**
 * The hub's window on the other processes of a deployment (REDIS_URL); absent with one process.
 * Must not throw.
 */
export interface HubLink {
  relay(out: Relayed): void
  /** Whether the user is online on another process. */
  onlineElsewhere(uid: string): boolean
  /** The user went online or offline on this process. */
  localPresence(uid: string, online: boolean): void
  /** Distinct users listening to the topic on other processes (game topics: the watcher count). */
  listenersElsewhere(topic: string): number
}

export const topics = {
  game: (gameId: string) => `game:${gameId}`,
  presence: (uid: string) => `presence:${uid}`,
} as const

/**
 * Who is connected, what they listen to, and who is online. In memory, per process.
 * A user is online while at least one of their connections is open and not reported away
 * (`user/presenceOffline`, e.g. the Mini App went to the background).
 */
export class Hub {
  private readonly byUser = new Map<string, Set<Connection>>()
  /** Watch-only connections: nobody's presence, no user messages, closed with the rest. */
  private readonly visitors = new Set<Connection>()
  private readonly away = new Set<string>()
  private readonly subscribers = new Map<string, Set<Connection>>()
  /** Per connection, per topic kind, its topics in subscription order (oldest first). */
  private readonly topicsOf = new Map<string, Map<string, Set<string>>>()
  private readonly listeners = new Set<PresenceListener>()
  private readonly topicListeners = new Set<TopicListener>()
  private link: HubLink | null = null

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Joins the other processes of the deployment: deliveries go to them too, presence counts theirs. */
  setLink(link: HubLink): void {
    this.link = link
  }

  add(conn: Connection): void {
    if (conn.watchOnly) {
      this.visitors.add(conn)
      return
    }
    const wasOnline = this.isOnlineHere(conn.uid)
    setIn(this.byUser, conn.uid).add(conn)
    if (!wasOnline) this.presenceChanged(conn.uid, true)
  }

  remove(conn: Connection): void {
    for (const kind of [...(this.topicsOf.get(conn.id)?.values() ?? [])])
      for (const topic of [...kind]) this.unsubscribe(conn, topic)
    this.topicsOf.delete(conn.id)
    if (this.visitors.delete(conn)) return
    const wasOnline = this.isOnlineHere(conn.uid)
    const set = this.byUser.get(conn.uid)
    if (!set?.delete(conn)) return
    if (set.size === 0) this.byUser.delete(conn.uid)
    this.away.delete(conn.id)
    if (wasOnline && !this.isOnlineHere(conn.uid)) this.presenceChanged(conn.uid, false)
  }

  /** Marks a connection away (true) or back (false); presence follows. */
  setAway(conn: Connection, away: boolean): void {
    if (!this.byUser.get(conn.uid)?.has(conn)) return
    const wasOnline = this.isOnlineHere(conn.uid)
    if (away) this.away.add(conn.id)
    else this.away.delete(conn.id)
    const online = this.isOnlineHere(conn.uid)
    if (online !== wasOnline) this.presenceChanged(conn.uid, online)
  }

  /** Online here or, in a deployment of several processes, on another one. */
  isOnline(uid: string): boolean {
    return this.isOnlineHere(uid) || (this.link?.onlineElsewhere(uid) ?? false)
  }

  /** Online through a connection of this process. */
  isOnlineHere(uid: string): boolean {
    for (const conn of this.byUser.get(uid) ?? []) if (!this.away.has(conn.id)) return true
    return false
  }

  /** Users online through this process's connections (another process asks when it joins). */
  onlineHere(): string[] {
    return [...this.byUser.keys()].filter((uid) => this.isOnlineHere(uid))
  }

  presenceOf(uids: Iterable<string>): PresenceMap {
    const out: PresenceMap = {}
    for (const uid of uids) out[uid] = this.isOnline(uid) ? 1 : 0
    return out
  }

  /** Connections of the user here, plus one when they are online on another process. */
  connectionsOf(uid: string): number {
    return (this.byUser.get(uid)?.size ?? 0) + (this.link?.onlineElsewhere(uid) ? 1 : 0)
  }

  /** Called on every online/offline change; listeners must not throw (a throw is logged). */
  onPresence(listener: PresenceListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Past its kind's cap (topic-caps.ts) the connection's oldest topic of that kind is let go first;
   * subscribing again to a held topic makes it the newest.
   */
  subscribe(conn: Connection, topic: string): void {
    let kinds = this.topicsOf.get(conn.id)
    if (!kinds) {
      kinds = new Map()
      this.topicsOf.set(conn.id, kinds)
    }
    const kind = topicKind(topic)
    const held = setIn(kinds, kind)
    if (held.delete(topic)) {
      held.add(topic)
      return
    }
    for (const oldest of held) {
      if (held.size < topicCap(kind)) break
      this.unsubscribe(conn, oldest)
    }
    // Letting go of the last one of a kind drops its set: take it afresh.
    setIn(kinds, kind).add(topic)
    setIn(this.subscribers, topic).add(conn)
    this.topicChanged(topic)
  }

  unsubscribe(conn: Connection, topic: string): void {
    const set = this.subscribers.get(topic)
    const removed = set?.delete(conn) ?? false
    if (removed && set?.size === 0) this.subscribers.delete(topic)
    const kinds = this.topicsOf.get(conn.id)
    const held = kinds?.get(topicKind(topic))
    if (held?.delete(topic) && held.size === 0) kinds?.delete(topicKind(topic))
    if (removed) this.topicChanged(topic)
  }

  /** Topics one connection holds (tests and the abuse bench check the caps). */
  topicCount(conn: Connection): number {
    let count = 0
    for (const held of this.topicsOf.get(conn.id)?.values() ?? []) count += held.size
    return count
  }

  /**
   * Distinct users listening to a topic (a user with two tabs counts once), on every process of
   * the deployment (one user on two processes counts twice).
   */
  listenersOf(topic: string): number {
    return this.listenersHere(topic) + (this.link?.listenersElsewhere(topic) ?? 0)
  }

  /** Distinct users listening to a topic through this process's connections. */
  listenersHere(topic: string): number {
    const uids = new Set<string>()
    for (const conn of this.subscribers.get(topic) ?? []) uids.add(conn.uid)
    return uids.size
  }

  /** Called whenever a topic gains or loses a connection; listeners must not throw (a throw is logged). */
  onTopic(listener: TopicListener): () => void {
    this.topicListeners.add(listener)
    return () => this.topicListeners.delete(listener)
  }

  /** Subscribes every open connection of a user (e.g. both players to a new game). */
  subscribeUser(uid: string, topic: string): void {
    for (const conn of this.byUser.get(uid) ?? []) this.subscribe(conn, topic)
  }

  subscriberCount(topic: string): number {
    return this.subscribers.get(topic)?.size ?? 0
  }

  sendToUser<E extends ServerEvent>(uid: string, event: E, payload: ServerPayloads[E]): number {
    const text = this.encode(event, payload)
    this.link?.relay({ to: 'users', uids: [uid], text })
    const conns = this.byUser.get(uid)
    if (!conns) return 0
    return this.deliver(conns, text)
  }

  sendToUsers<E extends ServerEvent>(uids: Iterable<string>, event: E, payload: ServerPayloads[E]): number {
    const unique = [...new Set(uids)]
    if (unique.length === 0) return 0
    const text = this.encode(event, payload)
    this.link?.relay({ to: 'users', uids: unique, text })
    return this.deliverToUsers(unique, text)
  }

  /** One message to these users and to a topic's subscribers, encoded once (a game's every version). */
  sendToUsersAndTopic<E extends ServerEvent>(
    uids: Iterable<string>,
    topic: string,
    event: E,
    payload: ServerPayloads[E],
  ): number {
    const text = this.encode(event, payload)
    const unique = [...new Set(uids)]
    if (unique.length > 0) this.link?.relay({ to: 'users', uids: unique, text })
    this.link?.relay({ to: 'topic', topic, text })
    return this.deliverToUsers(unique, text) + this.deliver(this.subscribers.get(topic) ?? [], text)
  }

  publish<E extends ServerEvent>(topic: string, event: E, payload: ServerPayloads[E]): number {
    const text = this.encode(event, payload)
    this.link?.relay({ to: 'topic', topic, text })
    return this.deliver(this.subscribers.get(topic) ?? [], text)
  }

  /** Every signed-in connection (e.g. the lobby counts, which every home screen shows). */
  broadcast<E extends ServerEvent>(event: E, payload: ServerPayloads[E]): number {
    const text = this.encode(event, payload)
    this.link?.relay({ to: 'all', event, text })
    return this.deliverToAll(text)
  }

  /** Delivers what another process sent, to this process's connections only. */
  deliverRelayed(message: Relayed): number {
    if (message.to === 'users') return this.deliverToUsers(message.uids, message.text)
    if (message.to === 'topic') return this.deliver(this.subscribers.get(message.topic) ?? [], message.text)
    return this.deliverToAll(message.text)
  }

  private deliverToUsers(uids: Iterable<string>, text: string): number {
    let sent = 0
    for (const uid of uids) sent += this.deliver(this.byUser.get(uid) ?? [], text)
    return sent
  }

  private deliverToAll(text: string): number {
    let sent = 0
    for (const conns of this.byUser.values()) sent += this.deliver(conns, text)
    return sent
  }

  /** Sends to one connection (acks, direct answers). */
  sendTo(conn: Connection, message: ServerMessage | AckMessage): void {
    this.deliver([conn], JSON.stringify(message))
  }

  closeAll(code: number, reason: string): void {
    for (const conn of [...this.visitors, ...[...this.byUser.values()].flatMap((conns) => [...conns])]) {
      try {
        conn.close(code, reason)
      } catch {
        // already closed
      }
    }
  }

  /** A message stamped with the app clock. */
  message<E extends ServerEvent>(event: E, payload: ServerPayloads[E]): ServerMessage<E> {
    return serverMessage(event, payload, this.clock())
  }

  private encode<E extends ServerEvent>(event: E, payload: ServerPayloads[E]): string {
    return JSON.stringify(this.message(event, payload))
  }

  private deliver(conns: Iterable<Connection>, text: string): number {
    let sent = 0
    for (const conn of conns) {
      try {
        conn.send(text)
        sent++
      } catch (err) {
        // A socket closing under us must not stop the others from hearing.
        this.log.debug('send failed', { conn: conn.id, err })
      }
    }
    return sent
  }

  private topicChanged(topic: string): void {
    for (const listener of this.topicListeners) {
      try {
        listener(topic)
      } catch (err) {
        this.log.error('topic listener failed', { topic, err })
      }
    }
  }

  /** A change of this process's presence of `uid`; heard only if it changes the deployment's. */
  private presenceChanged(uid: string, online: boolean): void {
    if (this.link) {
      this.link.localPresence(uid, online)
      if (this.link.onlineElsewhere(uid)) return
    }
    this.publish(topics.presence(uid), 'presence/update', { [uid]: online ? 1 : 0 })
    for (const listener of this.listeners) {
      try {
        listener(uid, online)
      } catch (err) {
        this.log.error('presence listener failed', { uid, err })
      }
    }
  }
}
