/**
 * Plural forms through the platform's own rules (Intl.PluralRules): Russian needs three forms where
 * English needs two. A plural text is a locale branch with every CLDR category our languages use
 * (`one`, `few`, `many`, `other`), each language filling the ones it needs and repeating the rest,
 * so every file keeps the same keys.
 */
import type { Lang, MessageKey, Params, Translate } from '../shared/i18n.ts'

const CATEGORIES = ['one', 'few', 'many', 'other'] as const
type Category = (typeof CATEGORIES)[number]

const rules = new Map<Lang, Intl.PluralRules>()

export function pluralCategory(lang: Lang, n: number): Category {
  let rule = rules.get(lang)
  if (!rule) {
    rule = new Intl.PluralRules(lang)
    rules.set(lang, rule)
  }
  const category = rule.select(n)
  return (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : 'other'
}

/** The text of branch `key` for `n` (passed as {{n}} with the other params). */
export function plural(t: Translate, lang: Lang, key: string, n: number, params: Params = {}): string {
  return t(`${key}.${pluralCategory(lang, n)}` as MessageKey, { ...params, n })
}
