/**
 * The dailies' seeds, keyed with a server secret: the public label of a daily (its day, language
 * and key) alone no longer gives its board or its secret word, so nobody can compute them in
 * advance. The board and the secret word come from two independent HMACs, so even a board whose
 * seed was found by search does not give the word away. The key is derived from the server secret
 * (`core.serverSecret`: JWT_SECRET, or the one the server generated and keeps).
 * A daily already stored keeps its board and word: they are read, never drawn again.
 */
import { createHmac } from 'node:crypto'
import type { DailyKey, Lang } from '../../engine/index.ts'

/** A key for the dailies only, so the server secret itself never seeds anything visible. */
export function dailyKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('word-territory/daily-seed-key/v1').digest()
}

/** The 32-bit seeds of a daily's board and of its secret word. */
export function dailySeeds(
  key: Buffer,
  day: string,
  lang: Lang,
  daily: DailyKey,
): { board: number; secret: number } {
  const seed = (purpose: string) =>
    createHmac('sha256', key).update(`${purpose}:${day}:${lang}:${daily}`).digest().readUInt32BE(0)
  return { board: seed('daily-board'), secret: seed('daily-secret') }
}
