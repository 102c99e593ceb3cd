import { useState } from 'react'
import { useIsland } from '../shell/context.ts'
import { createDailyStore, type DailyStore } from './store.ts'

/** A screen's own daily store: made once per mount, in the page's language, for the signed-in user. */
export function useDailyStore(): DailyStore {
  const { api, session, props, auth } = useIsland()
  const [store] = useState(() =>
    createDailyStore({ api, session, lang: props.lang, uid: () => auth.uid.value }),
  )
  return store
}
