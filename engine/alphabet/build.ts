import type { Alphabet } from './types.ts'

/** Makes an alphabet from weights; `easyShare` of the weight mass (most popular first) forms the easy set. */
export function buildAlphabet(spec: {
  weights: Record<string, number>
  vowels: string
  hard: string
  easyShare: number
  fold: (text: string) => string
}): Alphabet {
  const letters = Object.keys(spec.weights).sort((a, b) => spec.weights[b] - spec.weights[a])
  const vowels = new Set(spec.vowels)
  const hard = new Set(spec.hard)
  const total = letters.reduce((sum, l) => sum + spec.weights[l], 0)
  const easy: string[] = []
  let acc = 0
  for (const l of letters) {
    if (acc / total >= spec.easyShare) break
    acc += spec.weights[l]
    if (!hard.has(l)) easy.push(l)
  }
  return {
    letters,
    vowels,
    consonants: new Set(letters.filter((l) => !vowels.has(l))),
    hard,
    weights: spec.weights,
    easy,
    fold: spec.fold,
  }
}
