/**
 * The client's log (SPEC.md §3 "Client log entry", §7 POST /api/logs): info, warn and error lines,
 * uncaught errors and unhandled rejections go to the console and, fire-and-forget, to the server,
 * so an operator sees what broke in players' browsers in the server's structured log.
 */
export type ClientLevel = 'info' | 'warn' | 'error'

export interface ClientLogEntry {
  level: ClientLevel
  message: string
  data?: unknown
  context: Record<string, unknown>
  timestamp: number
}

export interface ClientLogDeps {
  /** The user's id, '' when signed out. */
  uid: () => string
  send: (entry: ClientLogEntry) => void
  now?: () => number
  console?: Pick<Console, ClientLevel>
  /** The page's context (SPEC.md §3); read from the browser by default. */
  context?: (uid: string) => Record<string, unknown>
}

/** The server drops entries above 8 KB; a message or data this long is cut first. */
const MAX_TEXT = 2000
/** Reports per minute from one page: a loop of errors must not flood the server. */
const MAX_PER_MINUTE = 20

export interface ClientLog {
  info(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  error(message: string, data?: unknown): void
}

function trimmed(value: unknown): unknown {
  if (value === undefined) return undefined
  const text = typeof value === 'string' ? value : safeJson(value)
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : value
}

function safeJson(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

function pageContext(uid: string): Record<string, unknown> {
  return {
    url: location.href,
    devicePixelRatio: window.devicePixelRatio,
    screenWidth: screen.width,
    screenHeight: screen.height,
    windowWidth: window.innerWidth,
    windowHeight: window.innerHeight,
    userLocale: navigator.language,
    userAgent: navigator.userAgent,
    environment: process.env.NODE_ENV,
    source: 'client-app',
    user_id: uid,
  }
}

export function createClientLog(deps: ClientLogDeps): ClientLog {
  const now = deps.now ?? Date.now
  const out = deps.console ?? console
  let windowStart = 0
  let sent = 0

  const emit = (level: ClientLevel, message: string, data?: unknown) => {
    out[level](message, ...(data === undefined ? [] : [data]))
    const at = now()
    if (at - windowStart >= 60_000) {
      windowStart = at
      sent = 0
    }
    if (sent >= MAX_PER_MINUTE) return
    sent++
    const cut = trimmed(data)
    deps.send({
      level,
      message: String(trimmed(message)),
      ...(cut === undefined ? {} : { data: typeof cut === 'string' ? cut : JSON.parse(safeJson(cut)) }),
      context: (deps.context ?? pageContext)(deps.uid()),
      timestamp: at,
    })
  }
  return {
    info: (message, data) => emit('info', message, data),
    warn: (message, data) => emit('warn', message, data),
    error: (message, data) => emit('error', message, data),
  }
}

/** Sends an entry to POST /api/logs; errors are ignored (SPEC.md §7: fire-and-forget). */
export function sendToServer(origin: string, fetcher: typeof fetch = fetch) {
  return (entry: ClientLogEntry) => {
    fetcher(`${origin}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(entry),
      keepalive: true,
    }).catch(() => {})
  }
}

/** Reports window errors and unhandled rejections (SPEC.md §7) through `log`. */
export function reportUncaught(target: Window, log: ClientLog): void {
  target.addEventListener('error', (event) => {
    log.error(event.message || 'window error', {
      message: event.message,
      stack: event.error instanceof Error ? event.error.stack : undefined,
      filename: event.filename,
      line: event.lineno,
      column: event.colno,
    })
  })
  target.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason
    log.error(
      'unhandled rejection',
      reason instanceof Error ? { message: reason.message, stack: reason.stack } : reason,
    )
  })
}

const consoleOnly = (level: ClientLevel) => (message: string, data?: unknown) =>
  console[level](message, ...(data === undefined ? [] : [data]))
/** Writes to the console only. */
export const consoleLog: ClientLog = {
  info: consoleOnly('info'),
  warn: consoleOnly('warn'),
  error: consoleOnly('error'),
}
let current = consoleLog

/**
 * The page's log. Console only until boot installs the reporter (never during server rendering,
 * where nothing should be sent anywhere).
 */
export const clientLog: ClientLog = {
  info: (message, data) => current.info(message, data),
  warn: (message, data) => current.warn(message, data),
  error: (message, data) => current.error(message, data),
}

export function installClientLog(log: ClientLog): void {
  current = log
}
