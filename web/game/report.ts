/**
 * Missing-word reports (docs/server.md "Missing-word reports"): after the server refused a word as
 * not in the dictionary, the player may report it for the developers to review on /dev.
 */
import { signal } from '@preact/signals-react'
import { type Api, call } from '../api/client.ts'

/** What became of a report: sent, already a word, too many reports, or another failure. */
export type ReportState = 'sending' | 'sent' | 'exists' | 'limited' | 'failed'

export function createWordReport(deps: { api: Api; gameId: string }) {
  /** The last word the server refused as unknown, while it is the word on screen. */
  const refused = signal<string | null>(null)
  const states = signal<ReadonlyMap<string, ReportState>>(new Map())

  function set(word: string, state: ReportState) {
    states.value = new Map(states.value).set(word, state)
  }

  return {
    refused,
    states,
    async send(word: string): Promise<ReportState> {
      const now = states.value.get(word)
      if (now === 'sending' || now === 'sent') return now
      set(word, 'sending')
      const got = await call(() => deps.api.api.reports.words.post({ gameId: deps.gameId, word }))
      const state: ReportState = got.ok
        ? 'sent'
        : got.code === 'WORD_EXISTS'
          ? 'exists'
          : got.code === 'TOO_MANY_REQUESTS' || got.code === 'RATE_LIMITED'
            ? 'limited'
            : 'failed'
      set(word, state)
      return state
    },
  }
}

export type WordReport = ReturnType<typeof createWordReport>
