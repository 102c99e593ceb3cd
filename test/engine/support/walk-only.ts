/** A Dictionary that is not the flat one: only its walk API, for code that must not rely on the flat layout. */
import type { Dictionary } from '../../../engine/server.ts'

export function walkOnly(inner: Dictionary): Dictionary {
  return {
    letters: inner.letters,
    size: inner.size,
    has: (w) => inner.has(w),
    letterIndex: (l) => inner.letterIndex(l),
    root: () => inner.root(),
    child: (n, l) => inner.child(n, l),
    isWord: (n) => inner.isWord(n),
  }
}
