import { useSignals } from '@preact/signals-react/runtime'
import type { Side } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import type { Territory } from '../orientation.ts'
import type { GameStore } from '../store.ts'

function TerritorySide({ territory, tint, side }: { territory: Territory; tint: string; side: Side }) {
  const { t } = useIsland()
  return (
    <span className={`territory__side territory__side--${tint}`} data-testid={`territory-${side}`}>
      <strong>{t('game.territory.cells', { n: territory.cells })}</strong>
      <span
        className={`territory__base ${territory.base <= 1 ? 'territory__base--danger' : ''}`}
        data-base={territory.base}
      >
        {t('game.territory.base', { n: territory.base, total: territory.baseTotal })}
      </span>
    </span>
  )
}

/**
 * Territory, which wins games (RULES §4), beside the points on the cards, which buy boosters: each
 * side's cells as a share of the bar, and how much of its own base row it still holds.
 */
export function TerritoryBar({ store }: { store: GameStore }) {
  useSignals()
  const { t } = useIsland()
  const territory = store.territory.value
  if (!territory) return null
  const home = store.bottom.value
  const away: Side = home === 0 ? 1 : 0
  const total = Math.max(1, territory[0].cells + territory[1].cells)
  return (
    <div className="territory" title={t('game.territory.help')} data-testid="territory">
      <span className="visually-hidden">{t('game.territory.title')}: </span>
      <TerritorySide territory={territory[home]} tint="home" side={home} />
      <span className="territory__bar" aria-hidden="true">
        <span
          className="territory__fill territory__fill--home"
          style={{ flexGrow: territory[home].cells / total }}
        />
        <span
          className="territory__fill territory__fill--away"
          style={{ flexGrow: territory[away].cells / total }}
        />
      </span>
      <TerritorySide territory={territory[away]} tint="away" side={away} />
    </div>
  )
}
