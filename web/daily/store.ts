import { computed, effect, signal } from '@preact/signals-react'
import type { Lang } from '../../shared/i18n.ts'
import type { DailiesAnswer, DailyUpdate } from '../../src/dailies/types.ts'
import { type Api, call, type Outcome } from '../api/client.ts'
import type { Session } from '../session/store.ts'

export interface DailyStoreDeps {
  api: Api
  session: Session
  lang: Lang
  /** The signed-in user's id ('' for a visitor): their own row follows the live table. */
  uid: () => string
}

/**
 * One day of the daily challenge as a screen shows it: today's (GET /api/dailies) or a past day's
 * (GET /api/dailies/arhive), and today's kept live over the socket (`daily/update`).
 */
export function createDailyStore(deps: DailyStoreDeps) {
  const { api, session, lang } = deps
  const data = signal<DailiesAnswer | null>(null)
  const failed = signal(false)
  const loading = signal(false)
  const visible = computed(() => data.value?.dailies.filter((d) => d.isPublic && d.active) ?? [])
  let asked = 0

  async function answer<T extends DailiesAnswer>(request: () => Promise<Outcome<T>>): Promise<boolean> {
    const ask = ++asked
    loading.value = true
    const got = await request()
    // A later request (another day picked) wins over an earlier one that answers late.
    if (ask !== asked) return false
    loading.value = false
    // An answer without the lists (an older or a confused server) is as good as none.
    if (!got.ok || !Array.isArray(got.data?.dailies)) {
      failed.value = true
      return false
    }
    failed.value = false
    // The countdown runs on the server's clock, not the device's.
    session.clock.observe(got.data.serverTime)
    data.value = got.data
    return true
  }

  /** Someone's best attempt improved: the table is replaced; our own row is read again when it is ours. */
  function apply(update: DailyUpdate) {
    const current = data.value
    if (!current?.dailies.some((d) => d._id === update.dailyId)) return
    const uid = deps.uid()
    if (uid && update.bestAttempt.user.id === uid) {
      void today()
      return
    }
    const ratings = current.ratings.some((r) => r.dailyId === update.dailyId)
      ? current.ratings.map((r) => (r.dailyId === update.dailyId ? update.rating : r))
      : [...current.ratings, update.rating]
    // Our place moves when someone passes us; the top list tells it when we are in it.
    const bestAttempts = current.bestAttempts.map((own) => {
      if (own.dailyId !== update.dailyId) return own
      const row = update.rating.items.find((r) => r.user.id === uid)
      return row ? { ...own, rank: row.rank } : own
    })
    data.value = { ...current, ratings, bestAttempts }
  }

  function today(): Promise<boolean> {
    return answer(() => call(() => api.api.dailies.get({ query: { lang } })))
  }

  return {
    data,
    /** The dailies a player sees today: public and running. */
    visible,
    failed,
    loading,
    today,
    /** A day already begun, `YYYY-MM-DD` (UTC). */
    archive(day: string): Promise<boolean> {
      return answer(() => call(() => api.api.dailies.arhive.get({ query: { day, lang } })))
    },
    apply,
    /**
     * Live updates of the dailies shown: `user/dailyUpdatesSubscribe` on every connection (a
     * subscription lives as long as its socket), `daily/update` applied. Returns the undo.
     */
    live(): () => void {
      const stopMessages = session.onMessage((message) => {
        if (message.key === 'daily/update') apply(message.payload)
      })
      // Joined, so that a new table (same dailies) does not subscribe again.
      const ids = computed(() =>
        (data.value?.dailies.filter((d) => d.active).map((d) => d._id) ?? []).join(' '),
      )
      const stopSubscribe = effect(() => {
        const dailyIds = ids.value ? ids.value.split(' ') : []
        if (!session.socket.connected.value || dailyIds.length === 0) return
        // Said again on every connection, so no ack is awaited (a request would also be resent).
        session.socket.send('user/dailyUpdatesSubscribe', { dailyIds })
      })
      return () => {
        stopMessages()
        stopSubscribe()
      }
    },
  }
}

export type DailyStore = ReturnType<typeof createDailyStore>
