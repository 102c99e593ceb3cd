import type { ReactNode } from 'react'
import type { PlayerStats } from '../../../engine/index.ts'
import { useIsland } from '../../shell/context.ts'
import { BASIC, type ExtendedKey, extendedStats, RECORDS, SERIES } from '../stats.ts'

type Key = (typeof BASIC)[number] | (typeof RECORDS)[number] | (typeof SERIES)[number] | ExtendedKey

function StatCard({
  title,
  testId,
  rows,
  lead = [],
}: {
  title: string
  testId: string
  rows: [Key, ReactNode][]
  /** Figures named already (level, ratings), before the counters. */
  lead?: [string, ReactNode][]
}) {
  const { t } = useIsland()
  return (
    <section className="card" data-testid={testId}>
      <h2>{title}</h2>
      <dl className="stat-grid">
        {lead.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`progress.stats.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

const shown = (s: PlayerStats, key: Key) => {
  const value = (s as unknown as Record<string, string | number>)[key]
  if (key === 'longestWord') return String(value || '—').toUpperCase()
  return value ?? 0
}

/** Level, ratings and the basic counters. */
export function BasicStats({
  stats,
  level,
  eloPvp,
  eloPve,
}: {
  stats: PlayerStats
  level: number
  eloPvp: number
  eloPve: number
}) {
  const { t } = useIsland()
  const lead: [string, ReactNode][] = [
    [t('profile.level'), level],
    [t('profile.eloPvp'), eloPvp],
    [t('profile.eloPve'), eloPve],
  ]
  return (
    <StatCard
      title={t('progress.statistics')}
      testId="stats"
      lead={lead}
      rows={BASIC.map((k) => [k, shown(stats, k)])}
    />
  )
}

export function Records({ stats }: { stats: PlayerStats }) {
  const { t } = useIsland()
  return (
    <StatCard
      title={t('progress.records')}
      testId="records"
      rows={RECORDS.map((k) => [k, shown(stats, k)])}
    />
  )
}

export function Series({ stats }: { stats: PlayerStats }) {
  const { t } = useIsland()
  return (
    <StatCard title={t('progress.series')} testId="series" rows={SERIES.map((k) => [k, shown(stats, k)])} />
  )
}

/** Extended statistics: shown for a PRO profile; the own profile without PRO gets the invitation. */
export function ExtendedStats({
  stats,
  pro,
  onPro,
}: {
  stats: PlayerStats
  pro: boolean
  onPro?: () => void
}) {
  const { t } = useIsland()
  if (pro) {
    const ext = extendedStats(stats)
    const rows = (Object.keys(ext) as ExtendedKey[]).map((k): [Key, ReactNode] => [k, ext[k]])
    return <StatCard title={t('progress.extended')} testId="extended" rows={rows} />
  }
  if (!onPro) return null
  return (
    <section className="card" data-testid="extended-invite">
      <h2>
        {t('progress.extended')} <span className="pro-mark">PRO</span>
      </h2>
      <p>{t('progress.extendedInvite')}</p>
      <button type="button" className="button button--ghost" onClick={onPro}>
        {t('progress.toShop')}
      </button>
    </section>
  )
}
