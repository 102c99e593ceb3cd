/**
 * Reads the stem list of a Hunspell `.dic` file (the `dictionary-*` packages). Affixes are not
 * expanded: our rules only ask which stems exist, how they are capitalised and which flags they take.
 */
import { readFileSync } from 'node:fs'

export interface HunspellStem {
  word: string
  /** One entry a flag (the default FLAG char and FLAG UTF-8 both use one character a flag). */
  flags: string
}

export function readHunspellStems(path: string): HunspellStem[] {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/)
  const out: HunspellStem[] = []
  // Line 1 is the approximate entry count.
  for (let i = 1; i < lines.length; i++) {
    // Morphological fields follow a tab or space; an escaped slash (\/) is part of the word.
    const entry = lines[i].split(/[\t ]/)[0]
    if (!entry) continue
    const slash = entry.search(/(?<!\\)\//)
    const word = (slash < 0 ? entry : entry.slice(0, slash)).replaceAll('\\/', '/')
    out.push({ word, flags: slash < 0 ? '' : entry.slice(slash + 1) })
  }
  return out
}

/** The flags an `.aff` file declares with NOSUGGEST (words Hunspell knows but never proposes). */
export function readAffixOption(path: string, option: string): string | undefined {
  const line = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .find((l) => l.startsWith(`${option} `))
  return line?.split(/\s+/)[1]
}

export interface AffixRule {
  strip: string
  add: string
  /** Flags the affixed word takes in turn (twofold affixes). */
  next: string
  test: (word: string) => boolean
}

export interface AffixSet {
  kind: 'PFX' | 'SFX'
  cross: boolean
  rules: AffixRule[]
}

/** The PFX and SFX classes of an `.aff` file, by flag. */
export function readAffixes(path: string): Map<string, AffixSet> {
  const sets = new Map<string, AffixSet>()
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const f = line.trim().split(/\s+/)
    if (f[0] !== 'PFX' && f[0] !== 'SFX') continue
    const kind = f[0]
    const set = sets.get(f[1])
    if (!set) {
      sets.set(f[1], { kind, cross: f[2] === 'Y', rules: [] })
      continue
    }
    const [addText, next = ''] = f[3].split('/')
    const strip = f[2] === '0' ? '' : f[2]
    const add = addText === '0' ? '' : addText
    const cond = f[4] && f[4] !== '.' ? f[4] : ''
    const re = cond ? new RegExp(kind === 'SFX' ? `${cond}$` : `^${cond}`, 'u') : null
    set.rules.push({
      strip,
      add,
      next,
      test: (w) => (re === null || re.test(w)) && (kind === 'SFX' ? w.endsWith(strip) : w.startsWith(strip)),
    })
  }
  return sets
}

/** Every word a stem stands for: itself, its affixed forms, and prefix × suffix where both cross. */
export function expandStem(stem: HunspellStem, affixes: Map<string, AffixSet>, out: (w: string) => void) {
  out(stem.word)
  const apply = (word: string, set: AffixSet, emit: (w: string, next: string) => void) => {
    for (const r of set.rules) {
      if (!r.test(word)) continue
      emit(
        set.kind === 'SFX'
          ? word.slice(0, word.length - r.strip.length) + r.add
          : r.add + word.slice(r.strip.length),
        r.next,
      )
    }
  }
  const sets = [...stem.flags].map((f) => affixes.get(f)).filter((s) => s !== undefined)
  for (const set of sets) {
    apply(stem.word, set, (w, next) => {
      out(w)
      // Twofold: the affix's own continuation classes apply to the affixed word once more.
      for (const f of next) {
        const more = affixes.get(f)
        if (more) apply(w, more, (w2) => out(w2))
      }
      if (set.kind !== 'SFX' || !set.cross) return
      for (const p of sets) if (p.kind === 'PFX' && p.cross) apply(w, p, (w2) => out(w2))
    })
  }
}

/**
 * Answers whether Hunspell would accept a word as spelled (case-sensitive): a stem, or a stem with
 * one suffix or one prefix its flags allow. The reverse of expandStem, for checking thousands of
 * words without generating every form. Prefix + suffix and twofold affixes are not followed
 * (ru_RU, the one use, has neither).
 */
export class HunspellChecker {
  private readonly stems = new Map<string, string>()
  /** Affix text → the rules adding it, with their flag. */
  private readonly affixes = { SFX: new Map<string, Indexed[]>(), PFX: new Map<string, Indexed[]>() }

  constructor(stems: Iterable<HunspellStem>, affixes: Map<string, AffixSet>) {
    for (const s of stems) this.stems.set(s.word, (this.stems.get(s.word) ?? '') + s.flags)
    for (const [flag, set] of affixes)
      for (const rule of set.rules) {
        const index = this.affixes[set.kind]
        const list = index.get(rule.add) ?? []
        list.push({ flag, rule })
        index.set(rule.add, list)
      }
  }

  accepts(word: string): boolean {
    if (this.stems.has(word)) return true
    for (let k = 0; k <= word.length; k++) {
      for (const { flag, rule } of this.affixes.SFX.get(word.slice(word.length - k)) ?? [])
        if (this.takes(word.slice(0, word.length - k) + rule.strip, flag, rule)) return true
      for (const { flag, rule } of this.affixes.PFX.get(word.slice(0, k)) ?? [])
        if (this.takes(rule.strip + word.slice(k), flag, rule)) return true
    }
    return false
  }

  private takes(stem: string, flag: string, rule: AffixRule): boolean {
    return this.stems.get(stem)?.includes(flag) === true && rule.test(stem)
  }
}

interface Indexed {
  flag: string
  rule: AffixRule
}
