/**
 * A lint for "never touch `db` inside a transaction" (src/db/tx-guard.ts enforces it at run time):
 * finds the callback of every `.transaction(` call in a source text and reports each use of a
 * `db` handle (`db`, `core.db`, `this.deps.db`, …) inside it. Strings and comments are skipped.
 */

export interface DbUse {
  /** 1-based line of the use. */
  line: number
  text: string
}

/** The text with comments and string contents blanked out (same length, so offsets still hold). */
function codeOnly(source: string): string {
  let out = ''
  let i = 0
  while (i < source.length) {
    const two = source.slice(i, i + 2)
    const ch = source[i] as string
    if (two === '//') {
      const end = source.indexOf('\n', i)
      const stop = end === -1 ? source.length : end
      out += ' '.repeat(stop - i)
      i = stop
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      out += source.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop
    } else if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1
      while (j < source.length && source[j] !== ch) j += source[j] === '\\' ? 2 : 1
      out += ch + source.slice(i + 1, j).replace(/[^\n]/g, ' ') + ch
      i = j + 1
    } else {
      out += ch
      i++
    }
  }
  return out
}

/** Where the parenthesis opened at `open` closes. */
function closing(code: string, open: number): number {
  let depth = 0
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++
    else if (code[i] === ')' && --depth === 0) return i
  }
  return code.length
}

/** Every use of a database handle inside the arguments of a `.transaction(…)` call. */
export function dbUsesInTransactions(source: string): DbUse[] {
  const code = codeOnly(source)
  const uses: DbUse[] = []
  for (const call of code.matchAll(/\.transaction\s*\(/g)) {
    const open = (call.index as number) + call[0].length - 1
    const body = code.slice(open, closing(code, open))
    for (const use of body.matchAll(/\bdb\b/g)) {
      const at = open + (use.index as number)
      const line = code.slice(0, at).split('\n').length
      uses.push({ line, text: (source.split('\n')[line - 1] ?? '').trim() })
    }
  }
  return uses
}
