import { useSignals } from '@preact/signals-react/runtime'
import { useIsland } from '../../shell/context.ts'
import type { GameStore } from '../store.ts'

/** Why the last tap did nothing, for a few seconds, over the board where the finger was. */
export function TipBubble({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const tip = store.tip.value
  if (!tip) return null
  return (
    <p className="tip" role="alert" data-testid="tip" data-key={tip.key} key={tip.id}>
      {t(tip.key, tip.params)}
    </p>
  )
}
