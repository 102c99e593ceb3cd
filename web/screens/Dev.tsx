import { useSignals } from '@preact/signals-react/runtime'
import { LANGS } from '../../shared/i18n.ts'
import { localePath } from '../../shared/paths.ts'
import { useDevAccess } from '../dev/access.ts'
import { AnalyticsSummary } from '../dev/views/AnalyticsSummary.tsx'
import { DevSignIn } from '../dev/views/DevSignIn.tsx'
import { DevSubscription } from '../dev/views/DevSubscription.tsx'
import { NewsEditor } from '../dev/views/NewsEditor.tsx'
import { ReportsSection } from '../dev/views/ReportsSection.tsx'
import { useIsland, useReadyOnMount } from '../shell/context.ts'

const PAGES = ['/', '/daily', '/tutor', '/rating', '/signin', '/settings', '/tutorial', '/profile'] as const

function RoutesTable() {
  const { t } = useIsland()
  return (
    <section className="card">
      <h2>{t('dev.routes')}</h2>
      <table className="dev__routes">
        <tbody>
          {PAGES.map((path) => (
            <tr key={path}>
              <th scope="row">{path}</th>
              {LANGS.map((lang) => (
                <td key={lang}>
                  <a href={localePath(lang, path)}>{lang}</a>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/**
 * The developer page: open to anyone (SPEC.md §2) with every route and dev sign-in; the tools
 * (subscription, analytics, news) only for developers. Each tool is its own section component.
 */
export function DevScreen() {
  useSignals()
  const { t } = useIsland()
  useReadyOnMount()
  const { developer, devMode } = useDevAccess()

  return (
    <section
      className="screen dev"
      data-testid="dev"
      data-developer={developer === null ? undefined : developer}
    >
      <h1>{t('screens.dev')}</h1>
      {developer && (
        <div className="dev__tools">
          <NewsEditor />
          <ReportsSection />
          <AnalyticsSummary />
          <DevSubscription devMode={devMode} />
        </div>
      )}
      {developer === false && <p className="muted">{t('dev.toolsForDevelopers')}</p>}
      <RoutesTable />
      <DevSignIn />
    </section>
  )
}
