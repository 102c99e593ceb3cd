/**
 * What makes a nickname acceptable, and when two nicknames are "the same" (PROTOCOL.md Auth):
 * NFKC, no invisible characters, one alphabet per word, and a key that is equal for case changes,
 * separators and Latin/Cyrillic/Greek look-alikes, so nobody can pass for a taken name.
 */

export const NICKNAME_ERRORS = {
  /** Not 2-24 letters, digits, spaces, `_` or `-`. */
  invalid: 'NICKNAME_INVALID',
  /** Zero-width, control, bidi, filler or other invisible characters. */
  invisible: 'NICKNAME_INVISIBLE',
  /** A word mixing Latin, Cyrillic or Greek letters (the usual way to fake a name). */
  mixedScripts: 'NICKNAME_MIXED_SCRIPTS',
} as const
export type NicknameError = (typeof NICKNAME_ERRORS)[keyof typeof NICKNAME_ERRORS]

export type NicknameCheck =
  | { ok: true; nickname: string; key: string }
  | { ok: false; code: NicknameError; message: string }

export const NICKNAME_PATTERN = /^[\p{L}\p{N}_\- ]{2,24}$/u

// Format (Cf) and control (Cc) characters, separators other than the space, private use and
// unassigned code points, and the letters and symbols that render as nothing (Hangul fillers,
// the Braille blank, the Mongolian vowel separator, the combining grapheme joiner).
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u115F\u1160\u180E\u2800\u3164\uFFA0]|\u034F/u

const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
] as const

/**
 * Lower-case Cyrillic and Greek letters that look like a Latin letter (or digit) in either case,
 * and Latin look-alikes of each other. Case-insensitive names make a letter that only looks alike
 * in upper case (Cyrillic в / В ~ B) as dangerous as one that does in both.
 */
const SKELETON: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'ë',
  з: '3',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'l',
  ї: 'ï',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'l',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'y',
  χ: 'x',
  '0': 'o',
  // A capital I passes for a small l; under case-insensitive names that makes every i one.
  i: 'l',
  ı: 'l',
  '1': 'l',
  '-': '_',
  ' ': '_',
}

/** The comparison key: equal for names a person could take for one another. */
export function nicknameKey(nickname: string): string {
  let key = ''
  for (const char of clean(nickname).toLowerCase()) key += SKELETON[char] ?? char
  return key
}

/** NFKC, trimmed, runs of spaces made one. */
function clean(raw: string): string {
  return raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ')
}

export function checkNickname(raw: string): NicknameCheck {
  if (INVISIBLE.test(raw))
    return fail('invisible', 'A nickname cannot contain invisible or control characters')
  const nickname = clean(raw)
  if (!NICKNAME_PATTERN.test(nickname))
    return fail('invalid', 'A nickname is 2-24 letters, digits, spaces, _ or -')
  for (const word of nickname.split(/[ _-]+/)) {
    const scripts = SCRIPTS.filter(([, pattern]) => pattern.test(word)).map(([name]) => name)
    if (scripts.length > 1)
      return fail(
        'mixedScripts',
        `"${word}" mixes ${scripts.join(' and ')} letters: write each word in one alphabet`,
      )
  }
  return { ok: true, nickname, key: nicknameKey(nickname) }
}

function fail(kind: keyof typeof NICKNAME_ERRORS, message: string): NicknameCheck {
  return { ok: false, code: NICKNAME_ERRORS[kind], message }
}
