/** What pages and the server both know of Telegram: the Login Widget's hosts and the Mini App's hint. */

/** SPEC.md §7: the Login Widget script comes from Telegram's host: the only external script. */
export const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22'
/** The widget's button is a frame from here; it posts the signed user to this page. */
export const WIDGET_FRAME_ORIGIN = 'https://oauth.telegram.org'

/** Session cookie telling the server this visitor runs inside Telegram (no sign-in redirect). */
export const TMA_HINT_COOKIE = 'tma'
