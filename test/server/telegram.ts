/** Builds Telegram-signed init data and widget logins for a test bot token (never used in src/). */
import { createHash, createHmac } from 'node:crypto'
import { TEST_BOT_TOKEN } from './harness.ts'

export interface TgUser {
  id: number
  first_name: string
  last_name?: string
  username?: string
  language_code?: string
  allows_write_to_pm?: boolean
  photo_url?: string
}

const checkString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')

/** Mini App init data as Telegram would send it (URL-encoded, hash last). */
export function signInitData(
  user: TgUser,
  options: { authDate?: number; startParam?: string; extra?: Record<string, string>; botToken?: string } = {},
): string {
  const fields: Record<string, string> = {
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    ...(options.startParam ? { start_param: options.startParam } : {}),
    ...options.extra,
  }
  const secret = createHmac('sha256', 'WebAppData')
    .update(options.botToken ?? TEST_BOT_TOKEN)
    .digest()
  const hash = createHmac('sha256', secret).update(checkString(fields)).digest('hex')
  return new URLSearchParams({ ...fields, hash }).toString()
}

/** Login Widget data: secret = SHA-256(bot token). */
export function signWidget(
  user: { id: number; first_name: string; last_name?: string; username?: string; photo_url?: string },
  options: { authDate?: number; botToken?: string } = {},
): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    ...user,
    auth_date: options.authDate ?? Math.floor(Date.now() / 1000),
  }
  const asStrings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
  const secret = createHash('sha256')
    .update(options.botToken ?? TEST_BOT_TOKEN)
    .digest()
  const hash = createHmac('sha256', secret).update(checkString(asStrings)).digest('hex')
  return { ...fields, hash }
}
