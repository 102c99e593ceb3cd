import { addMessages, type Lang, type Messages } from './i18n.ts'

/** One chunk per language (the browser build keeps the tables out of the entry). */
const LOCALES: Record<Lang, () => Promise<{ default: Messages }>> = {
  ru: () => import('../locales/ru.json'),
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
}

/** Loads the page's language and makes it the one translate() reads. */
export async function loadMessages(lang: Lang): Promise<void> {
  addMessages(lang, (await LOCALES[lang]()).default)
}
