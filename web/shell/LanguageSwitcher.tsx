import { LANGS, type Lang } from '../../shared/i18n.ts'
import { writeLocaleCookie } from '../../shared/locale-cookie.ts'
import { localePath, signInPath } from '../../shared/paths.ts'
import { useIsland } from './context.ts'

/**
 * Plain links to the same page in the other languages; the cookie remembers the choice for '/'.
 * The sign-in page keeps where it returns to.
 */
export function LanguageSwitcher() {
  const { props, host, t } = useIsland()
  const href = (lang: Lang) =>
    props.layout === 'signin' ? signInPath(lang, props.next ?? null) : localePath(lang, props.path)
  return (
    <nav className="lang-switcher" aria-label={t('nav.language')}>
      {LANGS.map((lang) =>
        lang === props.lang ? (
          <span key={lang} className="lang-switcher__current" aria-current="true">
            {lang.toUpperCase()}
          </span>
        ) : (
          <a
            key={lang}
            href={href(lang)}
            hrefLang={lang}
            lang={lang}
            title={t(`languages.${lang}`)}
            onClick={() => writeLocaleCookie(host.cookies, lang)}
          >
            {lang.toUpperCase()}
          </a>
        ),
      )}
    </nav>
  )
}
