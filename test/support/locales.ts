// Tests render components in any language, as the server does: every table is loaded (a browser
// loads only its page's, web/locale/load.ts).
import '../../shared/i18n-tables.ts'
