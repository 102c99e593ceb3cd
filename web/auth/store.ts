import { computed, signal } from '@preact/signals-react'
import { type AuthPair, clearAuthCookie, readAuthCookie, writeAuthCookie } from '../../shared/auth-cookie.ts'
import type { CookieJar } from '../../shared/cookies.ts'

export interface AuthStoreDeps {
  cookies: CookieJar
  /** Whether the cookie may carry the Secure flag (https). */
  secure: boolean
}

/** The auth state of SPEC.md §3/§4. One per island: module-level signals would be shared by every request. */
export function createAuthStore(deps: AuthStoreDeps) {
  const token = signal('')
  const uid = signal('')
  const isAuthenticated = computed(() => token.value !== '')

  function signIn(auth: AuthPair) {
    token.value = auth.token
    uid.value = auth.uid
    writeAuthCookie(deps.cookies, auth, deps.secure)
  }

  return {
    token,
    uid,
    isAuthenticated,
    signIn,
    /** A refreshed token keeps the uid. */
    refresh(newToken: string) {
      signIn({ token: newToken, uid: uid.value })
    },
    signOut() {
      token.value = ''
      uid.value = ''
      clearAuthCookie(deps.cookies)
    },
    /** Signs in from the cookie when it holds a token; returns whether it did. */
    loadFromCookie(): boolean {
      const auth = readAuthCookie(deps.cookies)
      if (!auth) return false
      token.value = auth.token
      uid.value = auth.uid
      return true
    },
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>
