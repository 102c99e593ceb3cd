/**
 * Who is calling, for the per-address limits (docs/server.md "Limits"). The socket's address
 * (Bun's server.requestIP) unless the operator says how many proxies stand in front
 * (TRUST_PROXY=N): then the N-th X-Forwarded-For entry from the right, the one the outermost
 * trusted proxy wrote. Entries further left are the client's own words and are never believed.
 */
import { isIP } from 'node:net'

export interface AddressSource {
  requestIP(request: Request): { address: string } | null
}

export function clientAddress(request: Request, server: AddressSource | null, trustProxy: number): string {
  const socket = server?.requestIP(request)?.address ?? 'unknown'
  if (trustProxy <= 0) return socket
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  // The chain as the last proxy sees it: what it was told, then who told it.
  const chain = [...forwarded, socket]
  const picked = chain[Math.max(0, chain.length - 1 - trustProxy)]
  return picked && isIP(picked) ? picked : socket
}

/**
 * The key a limit counts under: an IPv4-mapped IPv6 address is its IPv4 address, and IPv6 counts
 * per /64 (one subscriber's whole prefix), or one home network would be 2^64 addresses.
 */
export function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]
  if (isIP(address) !== 6) return address
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`
}

function expandIpv6(address: string): string[] {
  const [head, tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
}
