// Every language's texts, for the server's rendering and for tests. A browser never imports this
// file: it loads its page's language alone (web/locale/load.ts), to keep the first load small.
import en from '../locales/en.json'
import es from '../locales/es.json'
import ru from '../locales/ru.json'
import { addLocale, type Lang, type Messages } from './i18n.ts'

export const TABLES: Record<Lang, Messages> = { ru, en, es }

for (const [lang, table] of Object.entries(TABLES)) addLocale(lang as Lang, table)
