import type { Lang } from '../../engine/index.ts'

/**
 * The share card's words. The card is an image made on the server (and the page head that points
 * at it), never part of the client bundle, so its texts live here rather than in locales/.
 */
export interface CardTexts {
  app: string
  won: (name: string) => string
  draw: string
  /** A score, worded so that no plural form is needed. */
  points: (n: number) => string
  /** og:description of a finished game's page. */
  description: (a: string, b: string, scoreA: number, scoreB: number) => string
}

export const CARD_TEXTS: Record<Lang, CardTexts> = {
  en: {
    app: 'Word Territory',
    won: (name) => `${name} won`,
    draw: 'A draw',
    points: (n) => `${n} points`,
    description: (a, b, x, y) => `${a} ${x} : ${y} ${b}. Capture the board with words!`,
  },
  ru: {
    app: 'Территория слов',
    won: (name) => `Победа: ${name}`,
    draw: 'Ничья',
    points: (n) => `Очки: ${n}`,
    description: (a, b, x, y) => `${a} ${x} : ${y} ${b}. Захватывай поле словами!`,
  },
  es: {
    app: 'Territorio de palabras',
    won: (name) => `Ganó ${name}`,
    draw: 'Empate',
    points: (n) => `${n} puntos`,
    description: (a, b, x, y) => `${a} ${x} : ${y} ${b}. ¡Conquista el tablero con palabras!`,
  },
}
