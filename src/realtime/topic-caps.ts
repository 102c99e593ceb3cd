/**
 * How many topics of each kind one connection may hold (docs/server.md "Limits"). Subscribing
 * past the cap lets go of that kind's oldest subscription, so a client that floods made-up topics
 * costs a fixed amount of memory, and an honest one that wanders keeps what it subscribed to last.
 * Not lifted by RATE_LIMITS=off: this bounds memory, not pace.
 */
const CAPS: ReadonlyMap<string, number> = new Map([
  // One frame may name 200 users; two lists' worth stay.
  ['presence', 400],
  ['game', 20],
  ['daily', 40],
])
const OTHER = 50

/** A topic's kind: what comes before the first ':' (`presence:<uid>` → presence). */
export const topicKind = (topic: string): string => {
  const colon = topic.indexOf(':')
  return colon < 0 ? topic : topic.slice(0, colon)
}

export const topicCap = (kind: string): number => CAPS.get(kind) ?? OTHER
