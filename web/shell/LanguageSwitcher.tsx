import { LANGS } from '../i18n.ts'
import { writeLocaleCookie } from '../locale-cookie.ts'
import { localePath } from '../paths.ts'
import { useIsland } from './context.ts'

/** Plain links to the same page in the other languages; the cookie remembers the choice for '/'. */
export function LanguageSwitcher() {
  const { props, host, t } = useIsland()
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
            href={localePath(lang, props.path)}
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
