/**
 * Whether a click on the page starts a navigation of this site in this window: a plain click on a
 * link of our origin to another page (not a new tab, a download or a jump within the page).
 */
export function isPageNavigation(event: MouseEvent, origin: string, current: string): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  const target = event.target as Element | null
  const link = target?.closest?.('a[href]') as HTMLAnchorElement | null
  if (!link || link.hasAttribute('download')) return false
  if (link.target && link.target !== '_self') return false
  let url: URL
  try {
    url = new URL(link.getAttribute('href') ?? '', current)
  } catch {
    return false
  }
  if (url.origin !== origin) return false
  const here = new URL(current)
  return !(url.pathname === here.pathname && url.search === here.search && url.hash !== '')
}
