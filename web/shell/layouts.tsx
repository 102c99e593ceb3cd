import { useSignals } from '@preact/signals-react/runtime'
import type { ComponentType, ReactNode } from 'react'
import type { Layout } from '../../shared/page-props.ts'
import { localePath, signInPath } from '../../shared/paths.ts'
import { Toasts } from '../ui/Toasts.tsx'
import { useIsland } from './context.ts'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { LoadingBar } from './LoadingBar.tsx'
import { MAIN_NAV, NavIcon } from './nav.tsx'

type LayoutProps = { children: ReactNode }

/** A visitor on an open page (a game, a profile, How to play) can sign in from the header. */
function SignInLink() {
  useSignals()
  const { props, auth, t } = useIsland()
  if (auth.isAuthenticated.value) return null
  return (
    <a className="button button--small app-header__signin" href={signInPath(props.lang, props.path)}>
      {t('nav.signIn')}
    </a>
  )
}

/** Whether `path` lies in a navigation item's section (the daily archive is the daily's). */
function isSection(path: string, section: string): boolean {
  return path === section || (section !== '/' && section !== '/profile' && path.startsWith(`${section}/`))
}

/** The main navigation; the phone shows it as the bottom tab bar, the desktop in the header. */
function MainNav({ className }: { className: string }) {
  const { props, t } = useIsland()
  return (
    <nav className={className} aria-label={t('nav.main')}>
      {MAIN_NAV.map((item) => (
        <a
          key={item.path}
          href={localePath(props.lang, item.path)}
          aria-current={isSection(props.path, item.path) ? 'page' : undefined}
          data-nav={item.id}
        >
          <NavIcon id={item.id} />
          <span className="nav-label">{t(item.label)}</span>
        </a>
      ))}
    </nav>
  )
}

function Header({ nav = false }: { nav?: boolean }) {
  const { props, t } = useIsland()
  return (
    <header className="app-header">
      <a className="app-header__name" href={localePath(props.lang, '/')}>
        {t('app.name')}
      </a>
      {nav && <MainNav className="top-nav" />}
      <div className="app-header__end">
        <SignInLink />
        <LanguageSwitcher />
      </div>
    </header>
  )
}

function MiniAppLayout({ children }: LayoutProps) {
  return (
    <div className="layout layout--mini-app">
      <LoadingBar />
      <Header nav />
      <main className="layout__main">{children}</main>
      <Toasts />
      <MainNav className="tab-bar" />
    </div>
  )
}

function DefaultLayout({ children }: LayoutProps) {
  return (
    <div className="layout layout--default">
      <LoadingBar />
      <Header />
      <main className="layout__main">{children}</main>
      <Toasts />
    </div>
  )
}

function SignInLayout({ children }: LayoutProps) {
  return (
    <div className="layout layout--signin">
      <LoadingBar />
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
