const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u
const FLAG = /^\p{Regional_Indicator}{2}$/u

/** One emoji grapheme (ZWJ sequences, skin tones and flags included): what a reaction slot holds. */
export function isSingleEmoji(value: string): boolean {
  if (value.length === 0 || value.length > 32) return false
  const parts = [...graphemes.segment(value)]
  if (parts.length !== 1) return false
  return PICTOGRAPHIC.test(value) || FLAG.test(value)
}
