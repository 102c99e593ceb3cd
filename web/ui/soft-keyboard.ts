/**
 * SPEC.md §4: a soft keyboard is detected when the window's height drops below 80% of the original.
 * The visible height is the visual viewport's (a keyboard shrinks it on iOS, where the window keeps
 * its height) times its zoom (so pinching does not count). A change of width (turning the phone)
 * starts afresh from the new height.
 */
import { useEffect, useState } from 'react'

export const KEYBOARD_RATIO = 0.8

type Win = Pick<Window, 'innerHeight' | 'innerWidth' | 'addEventListener' | 'removeEventListener'> & {
  visualViewport?: Pick<
    VisualViewport,
    'height' | 'scale' | 'addEventListener' | 'removeEventListener'
  > | null
}

function visibleHeight(win: Win): number {
  const vv = win.visualViewport
  return vv ? Math.min(win.innerHeight, vv.height * (vv.scale || 1)) : win.innerHeight
}

/**
 * Calls `onChange(open, height)` whenever the keyboard appears or goes, and with the visible height
 * while it is open; answers the undo.
 */
export function watchSoftKeyboard(win: Win, onChange: (open: boolean, height: number) => void): () => void {
  let original = visibleHeight(win)
  let width = win.innerWidth
  let open = false
  const update = () => {
    const height = visibleHeight(win)
    if (win.innerWidth !== width) {
      width = win.innerWidth
      original = height
    } else if (height > original) original = height
    const now = height < original * KEYBOARD_RATIO
    if (now !== open || now) {
      open = now
      onChange(open, height)
    }
  }
  win.addEventListener('resize', update)
  win.visualViewport?.addEventListener('resize', update)
  return () => {
    win.removeEventListener('resize', update)
    win.visualViewport?.removeEventListener('resize', update)
  }
}

/** Whether a soft keyboard is open, and the height left visible above it (browser only). */
export function useSoftKeyboard(): { open: boolean; height: number | null } {
  const [state, setState] = useState<{ open: boolean; height: number | null }>({ open: false, height: null })
  useEffect(
    () =>
      watchSoftKeyboard(window, (open, height) => setState(open ? { open, height } : { open, height: null })),
    [],
  )
  return state
}
