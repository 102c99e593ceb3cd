import { DEMO_TIMING, type DemoBoard, pickedAt, wordAt } from './demo-boards.ts'

/**
 * The demo's motion as CSS keyframes, one set per cell and chip: each switches a layer's opacity
 * on and off at its moments of the loop (and pops a taken cell in by scale). Only opacity and
 * transform move, so the browser animates on the compositor: no style or layout work per frame on
 * the main thread (a clock property read by every cell cost seconds of it on a slow phone). The
 * switches are instant, so a contrast check never meets a half-faded chip.
 */
const EPSILON = 0.01
const pct = (n: number) => `${Math.round(n * 100) / 100}%`

/** Shown from `on` to `off` (percent of the loop), hidden before and after. */
function shown(name: string, on: number, off: number, pop = false): string {
  const popIn = pop ? `${pct(on)}{transform:scale(.6)}${pct(on + 3)}{transform:scale(1)}` : ''
  return (
    `@keyframes ${name}{0%,${pct(on - EPSILON)}{opacity:0}${pct(on)},${pct(off - EPSILON)}{opacity:1}` +
    `${pct(off)},100%{opacity:0}${popIn}}`
  )
}

export const ringName = (m: number, step: number) => `demo-ring-${m}-${step}`
export const fillName = (m: number, step: number) => `demo-fill-${m}-${step}`
export const chipName = (m: number) => `demo-chip-${m}`

/** Every keyframe set the board's cells and chips name (ringName, fillName, chipName). */
export function demoKeyframes(board: DemoBoard): string {
  const rules: string[] = []
  board.moves.forEach((move, m) => {
    move.cells.forEach((_, step) => {
      const picked = pickedAt(m, step)
      const taken = picked + DEMO_TIMING.takeAfter
      rules.push(shown(ringName(m, step), picked, taken))
      rules.push(shown(fillName(m, step), taken, DEMO_TIMING.reset, true))
    })
    const next = m + 1 < board.moves.length ? wordAt(board, m + 1) : DEMO_TIMING.reset
    rules.push(shown(chipName(m), wordAt(board, m), next))
  })
  return rules.join('')
}
