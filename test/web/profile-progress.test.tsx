/**
 * The profile's economy and progress, mounted in a real island (happy-dom) against scripted
 * answers: income filling on the clock and collected into the balance; the reaction-slot editor
 * (capacity, choose, clear, no coins); the tier by name; records, series, extended statistics and
 * achievements for PRO with the invitation for others; every badge with its name, picture and
 * text; referrals as a list fetched once; another player's profile shows only what anyone may see.
 */
import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { act } from 'react'
import { achievementLevels, BADGE_IDS, emptyPlayerStats } from '../../engine/index.ts'
import en from '../../locales/en.json'
import { ProfileScreen } from '../../web/screens/Profile.tsx'
import { withDom } from './dom.ts'
import { FakeSocket, withFakeWebSocket } from './fake-socket.ts'
import { memoryStorage } from './fake-window.ts'
import { type Call, initOk, okReply, pageProps, refusedReply, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
withFakeWebSocket()
const islands = islandMounter()
afterEach(() => setSystemTime())

const AUTH = `auth=${encodeURIComponent(JSON.stringify({ token: 'tok', uid: 'u1' }))}`
const T0 = Date.UTC(2030, 0, 1, 12)
const HOUR = 3_600_000
const PRO_PLUS = {
  id: 'proplus',
  active: true,
  cancelled: false,
  trialAvailable: false,
  expiresAt: T0 + 10 * 86_400_000,
}

const stats = {
  ...emptyPlayerStats(),
  gamesPlayed: 12,
  wins: 9,
  losses: 3,
  wordsPlayed: 40,
  lettersPlayed: 200,
  longestWord: 'quartz',
  consecutiveWins: 2,
  maxConsecutiveWins: 5,
}

const $ = (s: string) => document.querySelector<HTMLElement>(s)
const $$ = (s: string) => [...document.querySelectorAll<HTMLElement>(s)]
const text = (s: string) => $(s)?.textContent ?? null
const click = async (s: string) => {
  const el = $(s)
  if (!el) throw new Error(`no ${s}`)
  await act(async () => {
    el.click()
    await settle()
  })
}

interface Options {
  profile?: Record<string, unknown>
  path?: string
  params?: Record<string, string>
  reply?: (call: Call) => { status: number; body: unknown } | undefined
  storage?: ReturnType<typeof memoryStorage>
}

/** The profile screen signed in as u1 (the own profile unless `params.id` names another). */
async function mount(options: Options = {}) {
  const t = testHost(
    (call) => {
      const scripted = options.reply?.(call)
      if (scripted) return scripted
      if (call.path === '/api/init')
        return initOk('tok', 'u1', {
          stats,
          awards: { a: {}, b: { berserk: 2, fatality: 1 } },
          achievements: null,
          income: { amount: 0.5, lastUpdated: T0 - HOUR / 2 },
          incomeMax: 2,
          ...options.profile,
        })
      if (call.path === '/api/user/referrals') return okReply({ items: [] })
      return refusedReply(404, 'NOT_FOUND')
    },
    { cookies: AUTH },
  )
  t.host.storage = options.storage ?? memoryStorage()
  await islands.mount(
    ProfileScreen,
    pageProps({ path: options.path ?? '/profile', params: options.params ?? {}, access: 'auth' }),
    t.host,
  )
  await act(() => settle())
  return t
}

describe('income', () => {
  test('fills at the tier’s rate on the clock, is read fresh, and collects into the balance', async () => {
    setSystemTime(new Date(T0))
    const page = await mount({
      reply: (call) => {
        if (call.path === '/api/user/refresh-income')
          return okReply({ income: { amount: 1, lastUpdated: T0 }, incomeMax: 2, coins: 10 })
        if (call.path === '/api/user/charge-income')
          return okReply({ charged: 1, income: { amount: 0, lastUpdated: T0 }, incomeMax: 2, coins: 11 })
        return undefined
      },
    })
    expect(page.calls.filter((c) => c.path === '/api/user/refresh-income')).toHaveLength(1)
    // 0.5 half an hour ago at 1 an hour: 1.00 now, of a maximum of 2.
    expect(text('[data-testid="income-amount"]')).toBe(' 1.00 / 2')
    // The coin is drawn (🪙 is a box on older phones), beside the amount and on the balance.
    expect($('[data-testid="income-amount"] svg.coin')).not.toBeNull()
    expect($('[data-testid="wallet-coins"] svg.coin')).not.toBeNull()
    expect(text('[data-testid="income"]')).toContain('+1 an hour')
    expect(text('[data-testid="income"]')).toContain('next coin in 1 hour')
    expect(text('[data-testid="income-collect"]')).toBe('Collect 1')
    await click('[data-testid="income-collect"]')
    expect(page.calls.filter((c) => c.path === '/api/user/charge-income')).toHaveLength(1)
    expect(text('[data-testid="wallet-coins"]')).toContain('11 coins')
    expect(text('[data-testid="income-amount"]')).toBe(' 0.00 / 2')
    expect(($('[data-testid="income-collect"]') as HTMLButtonElement).disabled).toBe(true)
    expect(text('.toasts')).toContain('+1 coins collected')
  })

  test('PRO+ earns 300 a day up to 30; the tier reads PRO+, never its id', async () => {
    setSystemTime(new Date(T0))
    await mount({
      profile: {
        subscription: PRO_PLUS,
        income: { amount: 0, lastUpdated: T0 - 86_400_000 / 10 },
        incomeMax: 30,
      },
    })
    expect(text('[data-testid="income-amount"]')).toBe(' 30.00 / 30')
    expect(text('[data-testid="income"]')).toContain('+300 a day')
    expect(text('[data-testid="income"]')).toContain(en.income.full)
    expect(text('[data-testid="tier"]')).toBe('Account: PRO+')
    expect(text('[data-testid="profile"]')).not.toContain('proplus')
  })
})

describe('reaction slots', () => {
  const view = (slots: string[], capacity = 3) =>
    okReply({ intercomSlots: slots, intercomSlotsCapacity: capacity, coins: 5 })

  test('as many slots as the capacity; the first free one takes a chosen reaction, a filled one clears', async () => {
    const page = await mount({
      reply: (call) => {
        if (call.path === '/api/user/intercom' && call.method === 'POST') return view(['👍', '🔥'])
        if (call.path === '/api/user/intercom' && call.method === 'DELETE') return view(['🔥'])
        return undefined
      },
    })
    expect($$('.reaction-slot')).toHaveLength(3)
    expect(text('[data-testid="reaction-slot-0"]')).toBe('👍')
    expect($('[data-testid="reaction-add-1"]')).not.toBeNull()
    expect($('[data-testid="reaction-add-2"]')).toBeNull() // only the first free slot takes one
    await click('[data-testid="reaction-add-1"]')
    const picker = $('[data-testid="reaction-picker"]')
    expect(picker?.textContent).toContain('A reaction costs 5 coins')
    // Reactions already in a slot are not offered again.
    expect(
      [...(picker?.querySelectorAll('button.reaction-choice') ?? [])].map((b) => b.textContent),
    ).not.toContain('👍')
    const fire = [...(picker?.querySelectorAll<HTMLButtonElement>('button.reaction-choice') ?? [])].find(
      (b) => b.textContent === '🔥',
    )
    await act(async () => {
      fire?.click()
      await settle()
    })
    expect(page.calls.find((c) => c.method === 'POST' && c.path === '/api/user/intercom')?.body).toEqual({
      slotValue: '🔥',
    })
    expect(text('[data-testid="reaction-slot-1"]')).toBe('🔥')
    await click('[data-testid="reaction-clear-0"]')
    expect(page.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ slotIndex: 0 })
    expect(text('[data-testid="reaction-slot-0"]')).toBe('🔥')
    expect($('[data-testid="reaction-slot-1"]')).toBeNull()
  })

  test('PRO’s 7 and bought packs widen the editor; reactions beyond the capacity are marked unused', async () => {
    await mount({ profile: { intercomSlots: ['👍', '🔥', '😮', '😂'], intercomSlotsCapacity: 3 } })
    expect($$('.reaction-slot')).toHaveLength(4)
    expect($$('.reaction-slot--unused')).toHaveLength(1)
    expect(text('[data-testid="reaction-slots"]')).toContain(en.reactions.unused)
    islands.unmount()
    await mount({ profile: { subscription: { ...PRO_PLUS, id: 'pro' }, intercomSlotsCapacity: 7 + 10 } })
    expect($$('.reaction-slot')).toHaveLength(17)
    expect(text('[data-testid="reaction-slots"]')).toContain('1 of 17 slots used')
  })

  test('no coins opens the restriction alert, not an error text', async () => {
    await mount({
      reply: (call) =>
        call.path === '/api/user/intercom' ? refusedReply(409, 'NO_COINS_ENOUGH') : undefined,
    })
    await click('[data-testid="reaction-add-1"]')
    await act(async () => {
      $('[data-testid="reaction-picker"] button.reaction-choice')?.click()
      await settle()
    })
    expect($('[data-testid="restriction"]')?.dataset.kind).toBe('coins')
    expect(text('[data-testid="reaction-slot-1"]')).toBeNull()
  })
})

describe('progress', () => {
  test('without PRO: records and series, the invitations to PRO for extended statistics and achievements', async () => {
    await mount()
    expect(text('[data-testid="records"]')).toContain('QUARTZ')
    expect(text('[data-testid="series"]')).toContain(`${en.progress.stats.maxConsecutiveWins}5`)
    expect(text('[data-testid="series"]')).toContain(`${en.progress.stats.consecutiveWins}2`)
    expect($('[data-testid="extended"]')).toBeNull()
    expect(text('[data-testid="extended-invite"]')).toContain(en.progress.extendedInvite)
    expect(text('[data-testid="achievements-invite"]')).toContain(en.progress.achievementsInvite)
    expect(text('[data-testid="tier"]')).toBe('Account: basic')
    expect($('[data-testid="settings-link"]')?.getAttribute('href')).toBe('/en/settings')
    // The invitation opens the shop on its PRO tab, here.
    await click('[data-testid="achievements-invite"] button')
    expect($('.shop')).not.toBeNull()
  })

  test('with PRO: achievements with titles, descriptions with their number, level and progress; extended stats', async () => {
    await mount({ profile: { subscription: PRO_PLUS, achievements: achievementLevels(stats) } })
    const games = $('[data-testid="achievement-gamesPlayed"]')
    expect(games?.textContent).toContain('Veteran')
    expect(games?.textContent).toContain('Play 50 games') // the next level's number
    expect(games?.textContent).toContain('level 2')
    expect(games?.textContent).toContain('12 of 50')
    expect($$('[data-testid^="achievement-"]')).toHaveLength(7)
    const extended = text('[data-testid="extended"]')
    expect(extended).toContain(`${en.progress.stats.winRate}75%`)
    expect(extended).toContain(`${en.progress.stats.averageWord}5.0`)
  })

  test('PRO begun on this page: the achievements are read from the server, then shown', async () => {
    const page = await mount({
      reply: (call) =>
        call.path === '/api/user/u1'
          ? okReply({ profile: { _id: 'u1', achievements: achievementLevels(stats) } })
          : undefined,
    })
    expect($('[data-testid="achievements-invite"]')).not.toBeNull()
    // A trial started in the shop arrives as user/update, which carries no achievements.
    const socket = FakeSocket.all.at(-1)
    if (!socket) throw new Error('no socket')
    await act(async () => {
      socket.open()
      socket.receive({
        type: 'user',
        event: 'update',
        payload: { data: { subscription: PRO_PLUS } },
        timestamp: Date.now(),
      })
      await settle()
    })
    expect(page.calls.filter((c) => c.path === '/api/user/u1')).toHaveLength(1)
    expect($('[data-testid="achievements-invite"]')).toBeNull()
    expect(text('[data-testid="achievement-gamesPlayed"]')).toContain('Play 50 games')
  })

  test('every badge with its picture and name, earned ones first with their level; a tap shows its text', async () => {
    await mount()
    const tiles = $$('[data-testid^="badge-"]').filter((el) => el.tagName === 'BUTTON')
    expect(tiles).toHaveLength(BADGE_IDS.length)
    expect(tiles.slice(0, 2).map((b) => b.dataset.testid)).toEqual(['badge-berserk', 'badge-fatality'])
    expect(tiles.every((b) => b.querySelector('svg[data-badge] circle'))).toBe(true)
    expect(tiles[0]?.textContent).toBe('Berserklevel 2')
    expect(tiles[2]?.textContent).toContain(en.progress.notYet)
    expect(text('[data-testid="badges"] h2')).toContain('2 of 19 earned')
    await click('[data-testid="badge-berserk"]')
    expect(text('[data-testid="badge-detail"]')).toContain(
      'Take many enemy cells with one word (4, 6, 8 for the levels).',
    )
  })

  test('referrals: a list with the coins each brought, fetched once and then read from the cache', async () => {
    const storage = memoryStorage()
    const friends = [{ _id: 'f1', nickname: 'Pal', firstName: '', avatar: null, createdAt: T0, coins: 25 }]
    const reply = (call: Call) =>
      call.path === '/api/user/referrals' ? okReply({ items: friends }) : undefined
    const first = await mount({ storage, reply })
    expect(first.calls.filter((c) => c.path === '/api/user/referrals')).toHaveLength(1)
    expect(text('[data-testid="referrals"] li')).toContain('Pal')
    expect(text('[data-testid="referrals"] li')).toContain('+25 coins')
    islands.unmount()
    const again = await mount({ storage, reply })
    expect(again.calls.filter((c) => c.path === '/api/user/referrals')).toHaveLength(0)
    expect(text('[data-testid="referrals"] li')).toContain('Pal')
  })

  test('another player: statistics and badges; achievements and extended statistics only when PRO', async () => {
    const other = (isPro: boolean) => (call: Call) =>
      call.path === '/api/user/u2'
        ? okReply({
            profile: {
              _id: 'u2',
              nickname: 'Rival',
              firstName: '',
              avatar: null,
              eloPvp: 1300,
              eloPve: 1200,
              level: 3,
              xp: 0,
              stats,
              awards: { a: {}, b: {} },
              createdAt: T0,
              // The server sends achievements of a PRO player only.
              achievements: isPro ? achievementLevels(stats) : null,
              isOnline: false,
              isPro,
            },
          })
        : undefined
    const free = await mount({ path: '/profile/u2', params: { id: 'u2' }, reply: other(false) })
    expect(text('[data-testid="profile"] h1')).toBe('Rival')
    expect($('[data-testid="records"]')).not.toBeNull()
    for (const own of [
      'income',
      'wallet',
      'reaction-slots',
      'referrals',
      'achievements',
      'extended',
      'extended-invite',
    ])
      expect($(`[data-testid="${own}"]`)).toBeNull()
    expect(free.calls.some((c) => c.path === '/api/user/referrals')).toBe(false)
    islands.unmount()
    await mount({ path: '/profile/u2', params: { id: 'u2' }, reply: other(true) })
    expect($('[data-testid="achievement-gamesPlayed"]')).not.toBeNull()
    expect($('[data-testid="extended"]')).not.toBeNull()
    expect($('[data-testid="achievements-invite"]')).toBeNull()
  })
})
