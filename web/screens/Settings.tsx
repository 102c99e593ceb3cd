import { useSignals } from '@preact/signals-react/runtime'
import { COLOR_MODES } from '../../shared/color-mode.ts'
import { LANGS, type Lang } from '../../shared/i18n.ts'
import { writeLocaleCookie } from '../../shared/locale-cookie.ts'
import { localePath } from '../../shared/paths.ts'
import { call } from '../api/client.ts'
import { AccountSettings } from '../auth/AccountSettings.tsx'
import { useSignOut } from '../auth/use-sign-out.ts'
import { GameOptionsPanel } from '../home/views/GameOptionsPanel.tsx'
import { useSession } from '../session/use-session.ts'
import { useIsland } from '../shell/context.ts'
import { Segmented } from '../ui/Segmented.tsx'
import { Switch } from '../ui/Switch.tsx'

/** SPEC.md §2 settings: theme, sound, language, custom game options, anti-cheat monitor. */
export function SettingsScreen() {
  useSignals()
  const { t, props, host, api, settings, colorMode, auth, sounds } = useIsland()
  const session = useSession()
  const signOut = useSignOut()
  const current = settings.settings.value

  async function switchLanguage(lang: Lang) {
    settings.update({ language: lang })
    writeLocaleCookie(host.cookies, lang)
    if (auth.isAuthenticated.value) await call(() => api.api.user.lang.post({ lang }))
    host.navigate(localePath(lang, '/settings'))
  }

  return (
    <section className="screen settings" data-testid="settings">
      <h1>{t('screens.settings')}</h1>
      <section className="card">
        <h2>{t('colorMode.title')}</h2>
        <Segmented
          name="color-mode"
          label={t('colorMode.title')}
          values={COLOR_MODES}
          value={colorMode.preference.value}
          text={(mode) => t(`colorMode.${mode}`)}
          onChange={(mode) => colorMode.setPreference(mode)}
        />
      </section>
      <section className="card">
        <h2>{t('settings.sound')}</h2>
        <Switch
          checked={current.sound}
          label={t('settings.soundOn')}
          onChange={(sound) => {
            settings.update({ sound })
            sounds.play('click')
          }}
          testId="sound-toggle"
        />
      </section>
      <section className="card">
        <h2>{t('nav.language')}</h2>
        <div className="row">
          {LANGS.map((lang) => (
            <button
              key={lang}
              type="button"
              className={`button ${lang === props.lang ? '' : 'button--ghost'}`}
              aria-pressed={lang === props.lang}
              onClick={() => void switchLanguage(lang)}
            >
              {t(`languages.${lang}`)}
            </button>
          ))}
        </div>
      </section>
      <section className="card">
        <GameOptionsPanel />
      </section>
      <section className="card">
        <Switch
          checked={current.antiCheatMonitor}
          label={t('settings.antiCheat')}
          onChange={(antiCheatMonitor) => settings.update({ antiCheatMonitor })}
        />
        <p className="muted small">{t('settings.antiCheatHelp')}</p>
      </section>
      {auth.isAuthenticated.value && <AccountSettings session={session} />}
      {auth.isAuthenticated.value && !host.launch && (
        <button
          type="button"
          className="button button--ghost button--danger-text"
          onClick={() => void signOut(false)}
          data-testid="signout"
        >
          {t('settings.signOut')}
        </button>
      )}
    </section>
  )
}
