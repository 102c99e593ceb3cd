/**
 * The socket's share of the limits (docs/server.md "Limits"): connections per user and per client
 * address, and each connection's message credits. RATE_LIMITS=off lifts all three (load tests
 * open hundreds of connections from one address).
 */
import { limitKey } from '../http/client-address.ts'
import { limitClock } from '../http/rate-limit.ts'
import { type MessageCredits, messageCredits, unlimitedCredits } from './credits.ts'
import type { Hub } from './hub.ts'

/** A player's tabs and devices; the next one is refused until one closes. */
export const CONNECTIONS_PER_USER = 10
/** Generous for players behind one NAT; a single client opening sockets by the hundred stops here. */
export const CONNECTIONS_PER_ADDRESS = 200

export interface SocketLimits {
  /** Whether one more connection of this address (and user; null for a visitor) fits now. */
  fits(address: string, uid: string | null): boolean
  /** Counts a connection that opened; false (and not counted) when it no longer fits. */
  open(address: string, uid: string | null): boolean
  /** A counted connection closed. */
  close(address: string): void
  /** Fresh message credits for a connection. */
  credits(): MessageCredits
}

export function createSocketLimits(options: { enabled: boolean; hub: Hub }): SocketLimits {
  const { enabled, hub } = options
  const perAddress = new Map<string, number>()
  const fits = (address: string, uid: string | null) =>
    !enabled ||
    ((perAddress.get(limitKey(address)) ?? 0) < CONNECTIONS_PER_ADDRESS &&
      (uid === null || hub.connectionsOf(uid) < CONNECTIONS_PER_USER))
  return {
    fits,
    open(address, uid) {
      // Upgrades that passed `fits` together may not all fit: the count at open decides.
      if (!fits(address, uid)) return false
      const key = limitKey(address)
      perAddress.set(key, (perAddress.get(key) ?? 0) + 1)
      return true
    },
    close(address) {
      const key = limitKey(address)
      const left = (perAddress.get(key) ?? 1) - 1
      if (left > 0) perAddress.set(key, left)
      else perAddress.delete(key)
    },
    credits: () => (enabled ? messageCredits(limitClock) : unlimitedCredits),
  }
}
