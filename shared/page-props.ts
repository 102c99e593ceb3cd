import type { GameView } from '../engine/index.ts'
import type { ColorModePreference } from './color-mode.ts'
import type { Lang, MessageKey } from './i18n.ts'

export const LAYOUTS = ['default', 'mini-app', 'signin'] as const
export type Layout = (typeof LAYOUTS)[number]

/** Who may see a route (SPEC.md §2): 'auth' pages send a signed-out visitor to /signin. */
export type Access = 'open' | 'auth'

/** What the server hands every island (serialised as JSON in the page). */
export interface PageProps {
  lang: Lang
  /** The path without its language prefix, e.g. '/game/abc'. */
  path: string
  params: Record<string, string>
  layout: Layout
  colorMode: ColorModePreference
  access: Access
  titleKey: MessageKey
  /** Whether the loading overlay covers the page until the island is initialised. */
  overlay: boolean
  /** The bot's username for the Telegram Login Widget (/signin, linking in /settings); absent: no widget. */
  telegramBot?: string
  /**
   * /signin only: the page to return to once signed in, unprefixed with its query (e.g. a friend's
   * '/?room=CODE'), checked by `safeNext`; absent: home.
   */
  next?: string
  /** Home only: the messaging group's address (TELEGRAM_GROUP_URL); absent: no group link. */
  groupUrl?: string
  /**
   * A game page only: the game as the server had it when it rendered the page (the view anyone
   * may read), so the board is in the HTML; null: no such game. Absent: the client fetches it.
   */
  game?: GameView | null
  /** The server's clock when it rendered the page: clocks on the page show this moment until hydrated. */
  serverNow?: number
}

/** What a page learns from the server's data before it renders (PagesDeps.data). */
export type PageData = Pick<PageProps, 'game' | 'serverNow'>
