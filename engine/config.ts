/** Every constant of SPEC.md §9 and RULES.md, as data. Nothing else in the engine hard-codes a number of the rules. */
import type { AiLevel, BoosterId, GameOptions, GameType, TimeMode } from './types.ts'

export const BOARD = {
  defaultSize: 5,
  baseScore: 5,
  cellScore: 1,
  captureBonus: 1,
  maxHardLetters: 3,
  maxHardLettersPerRow: 1,
  minVowelsPerRow: 2,
  minOpeningWords: 10,
  /**
   * Fair boards: the two sides' best opening words (valued by the computer's heuristic) differ by at
   * most this much. Measured with bench/openings.ts (docs/server.md "Fair boards").
   */
  fairMargin: 0.3,
  maxDraws: 200,
  minWordLength: 3,
} as const

export const BOOSTER_PRICES: Record<BoosterId, number> = { freeze: 20, mutation: 30, strike: 50 }

/**
 * Hints (RULES §6): a whole word costs basePrice · 2^(hints used). Graded hints sell the same word in
 * steps, each a share of that price, rounded up: the cells it touches (area), then its first cell
 * (letter), then the word in order. Each step costs more than the one before; a player who buys all
 * three pays 1.9× the word's price for having been able to stop early. docs/economy.md "Hints".
 */
export const HINT = {
  basePrice: 10,
  gradeShare: { area: 0.3, letter: 0.6, word: 1 },
} as const

export interface TimeModeConfig {
  /** Seconds a single turn may last; 0 means no turn limit (classic modes). */
  turnLimit: number
  /** Blitz: the bank per player in seconds. Classic: seconds without a move before the waiting side may take the win. */
  total: number
}

export const TIME_MODE_CONFIG: Record<TimeMode, TimeModeConfig> = {
  fastBlitz: { turnLimit: 60, total: 420 },
  blitz: { turnLimit: 90, total: 600 },
  longBlitz: { turnLimit: 120, total: 1800 },
  fastClassic: { turnLimit: 0, total: 900 },
  classic: { turnLimit: 0, total: 86400 },
}

export const DEFAULT_TIME_MODE: Record<GameType, TimeMode> = { blitz: 'blitz', classic: 'classic' }

export const TIMING = {
  startWaitMs: 25_000,
  countdownMs: 3_000,
  maxSkipsInARow: 3,
  /** A game not started within this time expires (RULES §4). */
  expireAfterMs: 24 * 3600_000,
  /**
   * An active game whose side to move has not moved for this long ends by itself: that side loses
   * by timeout. Blitz clocks end a game long before; this ends abandoned classic games.
   */
  idleExpiryMs: 14 * 86_400_000,
  roomPingMs: 10_000,
  intercomDisplayMs: 5_000,
  reconnectDelayMs: 1_000,
  computerDelayMs: { min: 1_200, max: 3_500 },
} as const

export const DEFAULT_OPTIONS: GameOptions = {
  boostersOn: true,
  hintsOn: true,
  dictType: 'default',
  boardSize: 5,
  boardType: 'default',
  timeMode: 'classic',
}

export const RATING = {
  initial: 1200,
  k: 32,
  computer: { veryEasy: 800, easy: 1000, medium: 1200, hard: 1500, veryHard: 1800 } satisfies Record<
    AiLevel,
    number
  >,
} as const

export const XP = {
  perGame: 3,
  perWin: 2,
  tutorial: 5,
  /** xp needed for level i+1 (level 0 below the first). Past the list each level doubles the last. */
  levels: [1, 10, 25, 50, 100, 200],
  hintsMinLevel: 3,
} as const

export const COINS = {
  initial: 10,
  /** Paid to the inviter per invited friend (SPEC §9: "by invite 25 in configuration"). */
  inviter: 25,
  /** Paid to the invited friend (SPEC §9: the interface's "10 coins"; both are given). */
  invitee: 10,
  /** The first coin purchase adds this share of its coins on top (SPEC §9 "by first purchase 0.5"). */
  firstPurchaseBonus: 0.5,
  tutorial: 10,
  perGame: 1,
  perCustomGame: 1,
  perAvatar: 10,
  /** Putting a reaction into an emoji (intercom) slot. */
  perEmoji: 5,
  perSkippedPoint: 10,
} as const

export const AVATAR_MIN_GAMES = 3

/**
 * The avatar catalogue (SPEC §6 "unique avatars" for PRO): an avatar is one of these, stored as
 * `emoji:<emoji>`; nothing else (no picture URL) is accepted. The `pro` ones need an active PRO tier
 * to be chosen. Append only: a removed entry would leave users with an avatar nobody may choose.
 */
export const AVATARS = {
  free: ['🦊', '🐼', '🦉', '🐙', '🦁', '🐸', '🐳', '🦄', '🐝', '🐢', '🌵', '🚀'],
  pro: ['🐉', '🦚', '🦩', '🐯', '🦋', '👑', '🌈', '⚡', '💎', '🎩'],
} as const

export const SUBSCRIPTION_IDS = ['trial', 'pro', 'proplus'] as const
export type SubscriptionId = (typeof SUBSCRIPTION_IDS)[number]
export type Tier = 'default' | SubscriptionId

export interface IncomeRate {
  /** Seconds in which `amount` coins accrue. */
  interval: number
  amount: number
  /** Accrual stops at this many uncollected coins. */
  max: number
}

export const TIERS: Record<
  Tier,
  { gameSlots: number; intercomSlots: number; days: number; income: IncomeRate }
> = {
  default: { gameSlots: 3, intercomSlots: 3, days: 0, income: { interval: 3600, amount: 1, max: 2 } },
  trial: { gameSlots: 10, intercomSlots: 7, days: 3, income: { interval: 86400, amount: 100, max: 10 } },
  pro: { gameSlots: 10, intercomSlots: 7, days: 30, income: { interval: 86400, amount: 100, max: 10 } },
  proplus: { gameSlots: 30, intercomSlots: 12, days: 30, income: { interval: 86400, amount: 300, max: 30 } },
}

/** Notebook entries per game without PRO; PRO is unlimited (RULES §6). */
export const NOTEBOOK = { freeLimit: 5 } as const

/** Telegram Stars subscriptions renew every 30 days; the Bot API accepts only this period. */
export const SUBSCRIPTION_PERIOD_SEC = 2_592_000

export type SlotKind = 'game' | 'emoji'

export const SHOP = {
  subscriptions: [
    { id: 'pro', priceUsd: 2, priceXtr: 100, days: 30 },
    { id: 'proplus', priceUsd: 4, priceXtr: 200, days: 30 },
  ],
  coinPacks: [
    { id: 'coins100', coins: 100, priceUsd: 1, priceXtr: 50 },
    { id: 'coins1000', coins: 1000, priceUsd: 5, priceXtr: 250 },
    { id: 'coins10000', coins: 10000, priceUsd: 15, priceXtr: 750 },
  ],
  // SPEC §9 names the packs (10 and 30, games and emoji) but no prices: these are ours.
  slotPacks: [
    { id: 'gameSlots10', kind: 'game', slots: 10, priceUsd: 1, priceXtr: 50 },
    { id: 'gameSlots30', kind: 'game', slots: 30, priceUsd: 2, priceXtr: 100 },
    { id: 'emojiSlots10', kind: 'emoji', slots: 10, priceUsd: 1, priceXtr: 50 },
    { id: 'emojiSlots30', kind: 'emoji', slots: 30, priceUsd: 2, priceXtr: 100 },
  ],
  /** A custom coin amount, priced like the smallest pack (100 coins = 50 stars = 1 USD), rounded up. */
  customCoins: { id: 'coinsCustom', minCoins: 10, maxCoins: 100_000, xtrPerCoin: 0.5, usdCentsPerCoin: 1 },
} as const

export const DAILY = { keys: ['daily-0', 'daily-1'] as const, levels: ['medium', 'veryHard'] as const }
