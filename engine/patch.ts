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
  if (a === b) return true
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false
    return true
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined)
    const kb = Object.keys(b).filter((k) => b[k] !== undefined)
    if (ka.length !== kb.length) return false
    for (const k of ka) if (!deepEqual(a[k], b[k])) return false
    return true
  }
  return false
}

/** The change from `before` to `after` as a value to merge, or `undefined` when they are equal. */
function diffValue(before: Json, after: Json): Json | undefined {
  if (deepEqual(before, after)) return undefined
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    const out: Record<string, Json> = {}
    for (let i = 0; i < after.length; i++) {
      const d = diffValue(before[i], after[i])
      if (d !== undefined) out[i] = d
    }
    return out
  }
  if (isObject(before) && isObject(after)) return diffObject(before, after)
  return cloneData(after)
}

function diffObject(before: Record<string, Json>, after: Record<string, Json>): Patch {
  const out: Patch = {}
  for (const k of Object.keys(after)) {
    if (after[k] === undefined) continue
    const d = before[k] === undefined ? cloneData(after[k]) : diffValue(before[k], after[k])
    if (d !== undefined) out[k] = d
  }
  for (const k of Object.keys(before))
    if (before[k] !== undefined && after[k] === undefined) out[k] = { ...UNSET }
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
