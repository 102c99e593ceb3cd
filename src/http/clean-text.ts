/**
 * Text from outside must be clean before anything inside sees it: no NUL (Postgres refuses it in
 * text and JSONB, which would surface as a 500), no lone UTF-16 surrogate (what invalid UTF-8 or a
 * bare "\ud800" escape in JSON turns into). Checked once at the edge: the URL, JSON bodies, socket
 * frames.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isCleanText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text)

/** Whether every string (key or value) in a decoded JSON value is clean; iterative, no garbage. */
function allClean(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (typeof current === 'string') {
      if (!isCleanText(current)) return false
    } else if (Array.isArray(current)) {
      for (const inner of current) stack.push(inner)
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) {
        if (!isCleanText(key)) return false
        stack.push((current as Record<string, unknown>)[key])
      }
    }
  }
  return true
}

/**
 * Where in a decoded JSON value the first unclean string (key or value) is, as a JSON-pointer-like
 * path; null when every string is clean. Iterative: a deeply nested body must not overflow the
 * stack. Paths are built only once something is found (floods of clean frames cost no garbage).
 */
export function findUncleanText(value: unknown): string | null {
  if (allClean(value)) return null
  const stack: [unknown, string][] = [[value, '']]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [current, path] = item
    if (typeof current === 'string') {
      if (!isCleanText(current)) return path || '/'
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}/${i}`])
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        if (!isCleanText(key)) return `${path}/(key)`
        stack.push([inner, `${path}/${key}`])
      }
    }
  }
  return null
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** Bytes as UTF-8 text, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return null
  }
}

/**
 * A percent-encoded URL part (path segment, query key or value) decoded strictly: null when its
 * escapes are not valid UTF-8 or it holds a NUL. A '%' that starts no escape stays as it is, as
 * URLSearchParams reads it.
 */
export function decodeUrlPart(part: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(part.replace(/%(?![0-9a-fA-F]{2})/g, '%25'))
  } catch {
    return null
  }
  return isCleanText(decoded) ? decoded : null
}
