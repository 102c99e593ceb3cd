export interface Alphabet {
  /** Every letter of the game alphabet, most popular first. */
  letters: readonly string[]
  vowels: ReadonlySet<string>
  consonants: ReadonlySet<string>
  /** Letters a board may hold only a few of (RULES §1). */
  hard: ReadonlySet<string>
  /** Letter-popularity weights, % of letters in the `default` dictionary. */
  weights: Readonly<Record<string, number>>
  /** Letters easy boards draw from: the popular ones, no hard letters. */
  easy: readonly string[]
  /** Folds input to the board's letters (ё → е, accents off) before any check. */
  fold(text: string): string
}
