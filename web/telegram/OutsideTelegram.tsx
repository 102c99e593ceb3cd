import { signInPath } from '../../shared/paths.ts'
import { useIsland } from '../shell/context.ts'

/**
 * SPEC.md §5: the Mini App's address opened outside the messenger has no launch data. Say so, and
 * offer the same game in the browser (sign-in brings the visitor back to this page).
 */
export function OutsideTelegram() {
  const { t, props } = useIsland()
  return (
    <section className="screen outside-telegram" data-testid="outside-telegram" role="alert">
      <div className="card">
        <h1>{t('telegram.outside.title')}</h1>
        <p>{t('telegram.outside.text')}</p>
        <p>
          <a className="button" href={signInPath(props.lang, props.path)}>
            {t('telegram.outside.browser')}
          </a>
        </p>
      </div>
    </section>
  )
}
