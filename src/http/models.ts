import type { TLiteral, TUnion } from '@sinclair/typebox'
import { t } from 'elysia'
import { LANGS } from '../../engine/index.ts'

type Literal = string | number

type Literals<T extends readonly Literal[]> = T extends readonly [
  infer Head extends Literal,
  ...infer Rest extends readonly Literal[],
]
  ? [TLiteral<Head>, ...Literals<Rest>]
  : []

/**
 * Exactly one of `values` (strings or numbers), typed as the union of their literals (a plain
 * t.Union of a mapped array loses them). A union of literals rather than t.UnionEnum: Elysia fills
 * a missing UnionEnum property with its first value, which would make a required field optional.
 */
export function oneOf<const T extends readonly Literal[]>(values: T): TUnion<Literals<T>> {
  return t.Union(values.map((value) => t.Literal(value))) as unknown as TUnion<Literals<T>>
}

export const LangSchema = oneOf(LANGS)

/** An id or a word in a path or a body: 1-64 characters. */
export const ShortText = t.String({ minLength: 1, maxLength: 64 })
