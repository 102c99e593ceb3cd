/** The room a `next` address joins ('/?room=AB12CD' → 'AB12CD'), for the invitation line; else null. */
export function roomOfNext(next: string | undefined): string | null {
  if (!next) return null
  const url = new URL(next, 'http://site.invalid')
  if (url.pathname !== '/') return null
  const room = url.searchParams.get('room')?.trim()
  return room && /^[\p{L}\p{N}_-]{1,64}$/u.test(room) ? room : null
}
