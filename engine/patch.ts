/**
 * PROTOCOL.md patches: a deep merge. Objects merge key by key, a removed key is `{$unset: true}`, an
 * array is replaced whole or, when its length is unchanged, given as an object keyed by index whose
 * entries merge into the elements at those indices (a turn touches a few of 64 cells, not all).
 */

import { cloneData } from './clone.ts'
import type { Patch } from './types.ts'
import { UNSET } from './types.ts'

type Json = unknown

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isUnset(v: Json): boolean {
  return isObject(v) && v.$unset === true && Object.keys(v).length === 1
}

function deepEqual(a: Json, b: Json): boolean {
  return a === b || diffValue(a, b) === undefined
}

/**
 * The change from `before` to `after` as a value to merge, or `undefined` when they are equal. One
 * walk: equal parts give no entry (comparing first and then diffing walked the game once per level).
 */
function diffValue(before: Json, after: Json): Json | undefined {
  if (before === after) return undefined
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return cloneData(after)
    let out: Record<string, Json> | undefined
    for (let i = 0; i < after.length; i++) {
      const d = diffValue(before[i], after[i])
      if (d === undefined) continue
      out ??= {}
      out[i] = d
    }
    return out
  }
  if (isObject(before) && isObject(after)) {
    const d = diffObject(before, after)
    for (const _ in d) return d
    return undefined
  }
  return cloneData(after)
}

function diffObject(before: Record<string, Json>, after: Record<string, Json>): Patch {
  const out: Patch = {}
  for (const k in after) {
    const a = after[k]
    if (a === undefined) continue
    const b = before[k]
    const d = b === undefined ? cloneData(a) : diffValue(b, a)
    if (d !== undefined) out[k] = d
  }
  for (const k in before) if (before[k] !== undefined && after[k] === undefined) out[k] = { ...UNSET }
  return out
}

/** The patch that turns `before` into `after` (both plain JSON objects). */
export function diff(before: object, after: object): Patch {
  return diffObject(before as Record<string, Json>, after as Record<string, Json>)
}

function mergeValue(target: Json, patch: Json): Json {
  if (Array.isArray(patch)) return cloneData(patch)
  if (!isObject(patch)) return patch
  if (Array.isArray(target)) {
    const out = target.slice()
    for (const [k, v] of Object.entries(patch)) out[Number(k)] = mergeValue(out[Number(k)], v)
    return out
  }
  const out: Record<string, Json> = isObject(target) ? { ...target } : {}
  for (const [k, v] of Object.entries(patch)) {
    if (isUnset(v)) delete out[k]
    else out[k] = mergeValue(out[k], v)
  }
  return out
}

/** Applies a patch to a view, returning a new value; the input is left untouched. */
export function applyPatch<T extends object>(view: T, patch: Patch): T {
  return mergeValue(view, patch) as T
}

export { deepEqual }
