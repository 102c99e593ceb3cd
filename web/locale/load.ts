import { addLocale, isLang, type Lang, type Messages } from '../../shared/i18n.ts'

/** The link the server puts in every page's head: its language's texts, fetched as JSON. */
export const LOCALE_LINK = 'link[rel="preload"][data-locale]'

/**
 * Loads the texts of the page's language. They are data, not code: one JSON file per language
 * (a page fetches its own, already requested by the preload link), parsed faster than a script.
 */
export async function loadPageLocale(doc: Document, fetcher: typeof fetch = fetch): Promise<Lang> {
  const lang = isLang(doc.documentElement.lang) ? doc.documentElement.lang : 'en'
  const href = doc.querySelector<HTMLLinkElement>(LOCALE_LINK)?.getAttribute('href')
  if (!href) throw new Error(`no texts linked for ${lang}`)
  const response = await fetcher(href, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`texts for ${lang}: HTTP ${response.status}`)
  addLocale(lang, (await response.json()) as Messages)
  return lang
}
