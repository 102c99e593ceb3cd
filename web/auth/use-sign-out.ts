import { localePath } from '../../shared/paths.ts'
import { useIsland } from '../shell/context.ts'
import { signOut } from './account.ts'

/**
 * Signs this browser out: the server ends the session (or every session of the account), then the
 * token is dropped here and the page goes to /signin, whatever the server answered.
 */
export function useSignOut(): (everywhere: boolean) => Promise<void> {
  const { props, api, auth, host } = useIsland()
  return async (everywhere) => {
    await signOut(api, everywhere)
    auth.signOut()
    host.navigate(localePath(props.lang, '/signin'))
  }
}
