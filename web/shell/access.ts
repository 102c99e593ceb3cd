import { signInPath } from '../../shared/paths.ts'
import { signInWithTelegram } from '../auth/signin.ts'
import { expectsLaunchData } from '../telegram/launch.ts'
import type { Island } from './context.ts'

/**
 * The client half of SPEC.md §2's access rule. The server already sent signed-out visitors to
 * /signin, except likely Telegram visitors (their launch data is in the hash): they sign in here
 * with the init data and the page goes on, no reload: inside Telegram Web the app is a cross-site
 * iframe whose cookies may be blocked, and a reload would only sign in again, forever. Without
 * launch data: /signin, or, when the page was opened as the Mini App, a note that it was opened
 * outside the messenger.
 */
export async function ensureAccess(island: Island): Promise<void> {
  const { props, host, auth } = island
  if (props.access === 'open' || auth.isAuthenticated.value) {
    island.accessGranted.value = true
    return
  }
  // The page and its query come back after sign-in (a friend's ?room= link, like the server's redirect).
  const search = typeof location === 'undefined' ? '' : location.search
  const signinPath = signInPath(props.lang, props.path + search)
  if (!host.launch) {
    // SPEC.md §5: the Mini App's address opened in a browser says so, instead of a sign-in page.
    if (typeof location !== 'undefined' && expectsLaunchData(location.search, host.cookies)) {
      island.outsideTelegram.value = true
      host.markInitialised()
      return
    }
    return host.navigate(signinPath)
  }
  const outcome = await signInWithTelegram(island.api, host.launch.initData)
  if (!outcome.ok) return host.navigate(signinPath)
  auth.signIn(outcome.data.auth)
  island.accessGranted.value = true
}
