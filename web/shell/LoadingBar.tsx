import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from './context.ts'
import { LOADING_INDICATOR } from './loading.ts'

/** The thin bar at the top of the window while a navigation or an API call takes a while. */
export function LoadingBar() {
  useSignals()
  const { loading } = useIsland()
  const shown = loading.visible.value
  return (
    <div
      className="loading-bar"
      data-testid="loading-bar"
      data-visible={shown ? 'true' : undefined}
      aria-hidden="true"
      style={{
        height: LOADING_INDICATOR.heightPx,
        opacity: shown ? 1 : 0,
        transform: `scaleX(${loading.progress.value / 100})`,
      }}
    />
  )
}
