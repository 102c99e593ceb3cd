import { useEffect, useState } from 'react'
import { call } from '../api/client.ts'
import { useIsland } from '../shell/context.ts'

export interface DevAccess {
  /** null until GET /api/dev/access answers (and on the server). */
  developer: boolean | null
  /** The server runs with DEV=1: dev sign-in and devsub exist. */
  devMode: boolean
}

/** What /dev may show this visitor; asked once the page is mounted. */
export function useDevAccess(): DevAccess {
  const { api, auth } = useIsland()
  const [access, setAccess] = useState<DevAccess>({ developer: null, devMode: false })
  const token = auth.token.value
  useEffect(() => {
    // The token is a dependency: a dev sign-in on this page asks again.
    void token
    void call(() => api.api.dev.access.get()).then((got) => {
      setAccess(got.ok ? got.data : { developer: false, devMode: false })
    })
  }, [api, token])
  return access
}
