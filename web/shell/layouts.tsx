import type { ComponentType, ReactNode } from 'react'
import type { MessageKey } from '../i18n.ts'
import { localePath } from '../paths.ts'
import { Toasts } from '../ui/Toasts.tsx'
import { useIsland } from './context.ts'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import type { Layout } from './page-props.ts'

type LayoutProps = { children: ReactNode }

const MINI_APP_NAV: readonly { path: string; label: MessageKey }[] = [
  { path: '/', label: 'nav.home' },
  { path: '/daily', label: 'nav.daily' },
  { path: '/rating', label: 'nav.rating' },
  { path: '/profile', label: 'nav.profile' },
  { path: '/settings', label: 'nav.settings' },
]

function Header() {
  const { props, t } = useIsland()
  return (
    <header className="app-header">
      <a className="app-header__name" href={localePath(props.lang, '/')}>
        {t('app.name')}
      </a>
      <LanguageSwitcher />
    </header>
  )
}

function MiniAppLayout({ children }: LayoutProps) {
  const { props, t } = useIsland()
  return (
    <div className="layout layout--mini-app">
      <Header />
      <main className="layout__main">{children}</main>
      <Toasts />
      <nav className="tab-bar" aria-label={t('nav.main')}>
        {MINI_APP_NAV.map((item) => (
          <a
            key={item.path}
            href={localePath(props.lang, item.path)}
            aria-current={props.path === item.path ? 'page' : undefined}
          >
            {t(item.label)}
          </a>
        ))}
      </nav>
    </div>
  )
}

function DefaultLayout({ children }: LayoutProps) {
  return (
    <div className="layout layout--default">
      <Header />
      <main className="layout__main">{children}</main>
      <Toasts />
    </div>
  )
}

function SignInLayout({ children }: LayoutProps) {
  return (
    <div className="layout layout--signin">
      <main className="layout__main">{children}</main>
      <LanguageSwitcher />
    </div>
  )
}

export const LAYOUT_COMPONENTS: Record<Layout, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  'mini-app': MiniAppLayout,
  signin: SignInLayout,
}
