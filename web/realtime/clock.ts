import { signal } from '@preact/signals-react'

/**
 * The server's clock as seen from here. Every server message carries the server's time; the
 * message left the server before it arrived, so `timestamp - arrival` underestimates the offset
 * by the transit time: the largest of the recent samples is the best guess.
 */
export function createServerClock(now: () => number = Date.now) {
  const offset = signal(0)
  let samples: number[] = []
  return {
    offset,
    observe(serverTimestamp: number) {
      if (!Number.isFinite(serverTimestamp)) return
      samples = [...samples.slice(-9), serverTimestamp - now()]
      offset.value = Math.max(...samples)
    },
    now: () => now() + offset.value,
  }
}

export type ServerClock = ReturnType<typeof createServerClock>
