import type { LogLevel } from '../config.ts'

export type Level = Exclude<LogLevel, 'silent'>
export type Fields = Record<string, unknown>

export interface LogRecord {
  level: Level
  msg: string
  time: string
  [field: string]: unknown
}

export interface Logger {
  debug(msg: string, fields?: Fields): void
  info(msg: string, fields?: Fields): void
  warn(msg: string, fields?: Fields): void
  error(msg: string, fields?: Fields): void
  /** A logger that adds `fields` to every record (e.g. {component: 'ws'}). */
  child(fields: Fields): Logger
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface LoggerOptions {
  level: LogLevel
  /** Where records go; default: one JSON line on stdout (stderr for warn and error). */
  sink?: (record: LogRecord) => void
  now?: () => number
}

export function createLogger(options: LoggerOptions): Logger {
  const sink = options.sink ?? writeLine
  const now = options.now ?? Date.now
  const min = RANK[options.level]

  const make = (base: Fields): Logger => {
    const emit = (level: Level, msg: string, fields?: Fields) => {
      if (RANK[level] < min) return
      // Record keys win over fields so a field named `level` cannot forge the level.
      sink({ ...base, ...normalize(fields), level, msg, time: new Date(now()).toISOString() })
    }
    return {
      debug: (msg, fields) => emit('debug', msg, fields),
      info: (msg, fields) => emit('info', msg, fields),
      warn: (msg, fields) => emit('warn', msg, fields),
      error: (msg, fields) => emit('error', msg, fields),
      child: (fields) => make({ ...base, ...fields }),
    }
  }
  return make({})
}

/** Errors do not survive JSON.stringify; turn them into plain fields. */
function normalize(fields: Fields | undefined): Fields | undefined {
  if (!fields) return fields
  let out: Fields | undefined
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Error) {
      out ??= { ...fields }
      out[key] = { name: value.name, message: value.message, stack: value.stack }
    }
  }
  return out ?? fields
}

function writeLine(record: LogRecord): void {
  let line: string
  try {
    line = JSON.stringify(record)
  } catch {
    // Cycles or BigInts in fields must not take the process down.
    line = JSON.stringify({ level: record.level, msg: record.msg, time: record.time, unserializable: true })
  }
  if (record.level === 'warn' || record.level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}
