/**
 * A chunk of the client bundle that does not load: after a deploy the old build's files are gone,
 * so a page of that build asking for one gets a 404. SPEC.md §2: the page then reloads (guarded).
 */

// The messages of Chromium, Firefox and Safari for a failed dynamic import.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload/i

const ASSETS = '/assets/'

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : ''
  return CHUNK_ERROR.test(message)
}

/** A script or stylesheet element of our bundle (an 'error' event's target). */
function isOurAsset(target: EventTarget | null, origin: string): boolean {
  const el = target as { tagName?: string; src?: string; href?: string } | null
  const tag = el?.tagName?.toUpperCase()
  const url = tag === 'SCRIPT' ? el?.src : tag === 'LINK' ? el?.href : undefined
  if (!url) return false
  try {
    const parsed = new URL(url, origin)
    return parsed.origin === origin && parsed.pathname.startsWith(ASSETS)
  } catch {
    return false
  }
}

/**
 * Calls `onChunkError` for a dynamic import that failed and nobody caught, and for a script or
 * stylesheet of /assets/ that failed to load (resource errors do not bubble: caught on the way down).
 */
export function watchChunkErrors(
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { location: { origin: string } },
  onChunkError: () => void,
): () => void {
  const onRejection = (event: Event) => {
    if (isChunkLoadError((event as PromiseRejectionEvent).reason)) onChunkError()
  }
  const onError = (event: Event) => {
    if (isChunkLoadError((event as ErrorEvent).error ?? (event as ErrorEvent).message)) onChunkError()
    else if (isOurAsset(event.target, win.location.origin)) onChunkError()
  }
  win.addEventListener('unhandledrejection', onRejection)
  win.addEventListener('error', onError, true)
  return () => {
    win.removeEventListener('unhandledrejection', onRejection)
    win.removeEventListener('error', onError, true)
  }
}
