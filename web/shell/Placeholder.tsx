import { useIsland, useReadyOnMount } from './context.ts'

/** An honest stand-in for a screen not built yet: its title and a "coming soon" line. */
export function Placeholder() {
  const { props, t } = useIsland()
  useReadyOnMount()
  return (
    <section className="screen screen--placeholder">
      <h1>{t(props.titleKey)}</h1>
      <p className="muted">{t('app.comingSoon')}</p>
    </section>
  )
}
