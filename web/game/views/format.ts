import { isComputer, MENTOR_ID } from '../../../engine/index.ts'

/** 75 → '1:15', 3725 → '1:02:05'. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** A clock that fits a player card: m:ss under an hour, else hours and minutes in words. */
export function compactClock(seconds: number, hours: (h: number, m: string) => string): string {
  const s = Math.max(0, Math.ceil(seconds))
  if (s < 3600) return formatClock(s)
  return hours(Math.floor(s / 3600), String(Math.floor((s % 3600) / 60)).padStart(2, '0'))
}

/** The first letter of a name, for an avatar without a picture. */
export function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?'
}

/** A player's name as shown: the computer and the mentor in the page's language. */
export function playerName(
  user: { id: string; name: string },
  t: (key: 'game.computerName' | 'game.mentorName') => string,
): string {
  if (user.id === MENTOR_ID) return t('game.mentorName')
  if (isComputer(user.id)) return t('game.computerName')
  return user.name
}
