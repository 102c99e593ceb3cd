import { localePath } from '../../shared/paths.ts'
import { useIsland, useReadyOnMount } from '../shell/context.ts'

export function NotFound() {
  const { props, t } = useIsland()
  useReadyOnMount()
  return (
    <section className="screen screen--error">
      <p className="screen__code">404</p>
      <h1>{t('pages.notFound.title')}</h1>
      <p className="muted">{t('pages.notFound.text', { path: localePath(props.lang, props.path) })}</p>
      <p>
        <a className="button" href={localePath(props.lang, '/')}>
          {t('pages.notFound.home')}
        </a>
      </p>
    </section>
  )
}
