import type { TLiteral, TUnion } from '@sinclair/typebox'
import { t } from 'elysia'
import { LANGS } from '../../engine/index.ts'

type Literals<T extends readonly string[]> = T extends readonly [
  infer Head extends string,
  ...infer Rest extends readonly string[],
]
  ? [TLiteral<Head>, ...Literals<Rest>]
  : []

/**
 * Exactly one of `values`. A union of literals rather than t.UnionEnum: Elysia fills a missing
 * UnionEnum property with its first value, which would make a required field optional.
 */
export function oneOf<const T extends readonly string[]>(values: T): TUnion<Literals<T>> {
  return t.Union(values.map((value) => t.Literal(value))) as unknown as TUnion<Literals<T>>
}

export const LangSchema = oneOf(LANGS)
