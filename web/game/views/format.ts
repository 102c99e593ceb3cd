/** 75 → '1:15', 3725 → '1:02:05'. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** The first letter of a name, for an avatar without a picture. */
export function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?'
}
