import { effect } from '@preact/signals-react'
import type { GameStore } from './store.ts'

/**
 * The last ten seconds of the player's own blitz turn tick, once a second, and its end rings
 * (SPEC.md §9 timer10, timer alarm): the turn limit or the bank, whichever ends the turn first.
 * Answers the undo.
 */
export function watchTimerSounds(
  store: Pick<GameStore, 'turnClock' | 'side'>,
  play: (name: 'timer10' | 'timerAlarm') => void,
): () => void {
  let last: number | null = null
  return effect(() => {
    const clock = store.turnClock.value
    if (!clock || clock.side !== store.side.value || !clock.warn) {
      last = null
      return
    }
    const left = Math.ceil(clock.left)
    if (left === last) return
    last = left
    play(left <= 0 ? 'timerAlarm' : 'timer10')
  })
}
