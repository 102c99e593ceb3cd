import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { telegramPhotoUrl } from '../photos/source.ts'
import type { TelegramIdentity } from '../users/types.ts'

/** Init data and widget logins older than this are refused (PROTOCOL.md Auth). */
export const TELEGRAM_AUTH_MAX_AGE_SEC = 24 * 3600
/** Tolerated clock skew for an auth_date slightly in the future. */
const FUTURE_SKEW_SEC = 300

export interface VerifiedInitData {
  user: TelegramIdentity
  authDate: number
  startParam: string | null
}

export type TelegramCheck<T> = { ok: true; value: T } | { ok: false; reason: string }

const fail = (reason: string) => ({ ok: false, reason }) as const

/**
 * Mini App init data (PITFALLS.md): check string = every field but `hash`, sorted, `key=value`
 * joined by \n (the newer `signature` stays in); secret = HMAC-SHA256(key "WebAppData", bot token).
 */
export function verifyInitData(
  raw: string,
  botToken: string,
  nowMs: number,
): TelegramCheck<VerifiedInitData> {
  if (raw.length > 8192) return fail('init data too long')
  const params = new URLSearchParams(raw)
  const fields = new Map<string, string>()
  for (const [key, value] of params) {
    if (fields.has(key)) return fail('duplicate field')
    fields.set(key, value)
  }
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  const signed = checkSignature(fields, secret)
  if (!signed.ok) return signed
  const age = checkAge(fields.get('auth_date'), nowMs)
  if (!age.ok) return age

  let user: unknown
  try {
    user = JSON.parse(fields.get('user') ?? '')
  } catch {
    return fail('user is not JSON')
  }
  const identity = readIdentity(user)
  if (!identity) return fail('user lacks id or first_name')
  return {
    ok: true,
    value: { user: identity, authDate: age.value, startParam: fields.get('start_param') ?? null },
  }
}

/** Login Widget (legacy): same check string, but secret = SHA-256(bot token). */
export function verifyWidget(
  data: Record<string, string | number | boolean>,
  botToken: string,
  nowMs: number,
): TelegramCheck<TelegramIdentity> {
  const fields = new Map<string, string>()
  for (const [key, value] of Object.entries(data)) fields.set(key, String(value))
  const secret = createHash('sha256').update(botToken).digest()
  const signed = checkSignature(fields, secret)
  if (!signed.ok) return signed
  const age = checkAge(fields.get('auth_date'), nowMs)
  if (!age.ok) return age
  const identity = readIdentity({
    id: Number(fields.get('id')),
    first_name: fields.get('first_name'),
    last_name: fields.get('last_name'),
    username: fields.get('username'),
    photo_url: fields.get('photo_url'),
  })
  if (!identity) return fail('id or first_name missing')
  return { ok: true, value: identity }
}

function checkSignature(fields: Map<string, string>, secret: Buffer): TelegramCheck<true> {
  const hash = fields.get('hash')
  // Hex parsing ignores junk, so the shape is checked first (PITFALLS.md).
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) return fail('hash must be 64 hex characters')
  const checkString = [...fields]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')
  const expected = createHmac('sha256', secret).update(checkString).digest()
  const given = Buffer.from(hash, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return fail('bad hash')
  return { ok: true, value: true }
}

function checkAge(raw: string | undefined, nowMs: number): TelegramCheck<number> {
  if (!raw || !/^\d{1,12}$/.test(raw)) return fail('auth_date missing')
  const authDate = Number(raw)
  const nowSec = Math.floor(nowMs / 1000)
  if (nowSec - authDate > TELEGRAM_AUTH_MAX_AGE_SEC) return fail('auth_date is too old')
  if (authDate - nowSec > FUTURE_SKEW_SEC) return fail('auth_date is in the future')
  return { ok: true, value: authDate }
}

function readIdentity(raw: unknown): TelegramIdentity | null {
  if (typeof raw !== 'object' || raw === null) return null
  const user = raw as Record<string, unknown>
  const id = user.id
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null
  const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  const firstName = str(user.first_name)
  if (!firstName) return null
  return {
    id,
    firstName: firstName.slice(0, 64),
    lastName: str(user.last_name).slice(0, 64),
    username: str(user.username).slice(0, 64) || null,
    languageCode: str(user.language_code).slice(0, 16) || null,
    allowsPm: typeof user.allows_write_to_pm === 'boolean' ? user.allows_write_to_pm : null,
    photoUrl: telegramPhotoUrl(user.photo_url),
  }
}
