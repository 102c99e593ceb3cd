/**
 * The Mini App's `start_param` (t.me/<bot>/<app>?startapp=…) carries at most one of these.
 * Telegram allows [A-Za-z0-9_-]{1,64}; rooms and referrals build their links with `startParamFor`.
 */
export interface StartParams {
  roomId?: string
  ref?: string
}

const FORMS = { room: 'roomId', ref: 'ref' } as const
const PATTERN = /^(room|ref)_([A-Za-z0-9-]{1,58})$/

export function parseStartParam(raw: string | null | undefined): StartParams {
  const match = raw ? PATTERN.exec(raw) : null
  if (!match) return {}
  return { [FORMS[match[1] as keyof typeof FORMS]]: match[2] }
}

export function startParamFor(params: { roomId: string } | { ref: string }): string {
  return 'roomId' in params ? `room_${params.roomId}` : `ref_${params.ref}`
}
