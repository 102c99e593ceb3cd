import { describe, expect, test } from 'bun:test'
import {
  accrueIncome,
  activateSubscription,
  cancelSubscription,
  collectIncome,
  customCoinsPrice,
  endSubscription,
  firstPurchaseBonus,
  gameSlotsCapacity,
  type Income,
  incomeMaxShown,
  intercomSlotsCapacity,
  isPro,
  limitsOf,
  NO_SUBSCRIPTION,
  revokePeriod,
  type Subscription,
  startTrial,
  tierOf,
} from '../../engine/index.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const T0 = 1_800_000_000_000

const sub = (fields: Partial<Subscription>): Subscription => ({ ...NO_SUBSCRIPTION, ...fields })
const pro = (expiresAt: number, id: Subscription['id'] = 'pro') =>
  sub({ id, active: true, trialAvailable: false, expiresAt })

describe('tiers (SPEC §6, §9)', () => {
  test('no subscription, an inactive one and an expired one are all the free tier', () => {
    expect(tierOf(NO_SUBSCRIPTION, T0)).toBe('default')
    expect(tierOf(sub({ id: 'pro', active: false, expiresAt: T0 + DAY }), T0)).toBe('default')
    expect(tierOf(pro(T0), T0)).toBe('default')
    expect(tierOf(pro(T0 + 1), T0)).toBe('pro')
    expect(isPro(pro(T0 + 1, 'trial'), T0)).toBe(true)
  })

  test('limits: slots, notebook and PRO-only features per tier', () => {
    expect(limitsOf(NO_SUBSCRIPTION, T0)).toMatchObject({
      pro: false,
      gameSlots: 3,
      intercomSlots: 3,
      notebook: 5,
      privateRooms: false,
      achievements: false,
    })
    expect(limitsOf(pro(T0 + DAY, 'trial'), T0)).toMatchObject({
      pro: true,
      gameSlots: 10,
      intercomSlots: 7,
      notebook: null,
    })
    expect(limitsOf(pro(T0 + DAY), T0)).toMatchObject({ gameSlots: 10, intercomSlots: 7, privateRooms: true })
    expect(limitsOf(pro(T0 + DAY, 'proplus'), T0)).toMatchObject({
      gameSlots: 30,
      intercomSlots: 12,
      achievements: true,
    })
  })

  test('capacity = bought slots + the tier’s', () => {
    expect(gameSlotsCapacity(10, NO_SUBSCRIPTION, T0)).toBe(13)
    expect(gameSlotsCapacity(0, pro(T0 + DAY, 'proplus'), T0)).toBe(30)
    expect(intercomSlotsCapacity(30, pro(T0 + DAY), T0)).toBe(37)
    expect(intercomSlotsCapacity(0, pro(T0 + DAY), T0 + DAY)).toBe(3)
  })
})

describe('subscription changes', () => {
  test('trial: 3 days of PRO, once; not on top of a running subscription', () => {
    const started = startTrial(NO_SUBSCRIPTION, T0)
    if (!started.ok) throw new Error('trial refused')
    expect(started.value).toEqual({
      id: 'trial',
      active: true,
      cancelled: false,
      trialAvailable: false,
      expiresAt: T0 + 3 * DAY,
    })
    expect(startTrial(started.value, T0 + 4 * DAY)).toEqual({ ok: false, error: 'TRIAL_USED' })
    expect(startTrial(sub({ id: 'pro', active: true, expiresAt: T0 + DAY }), T0)).toEqual({
      ok: false,
      error: 'ALREADY_SUBSCRIBED',
    })
  })

  test('a paid period: Telegram’s end date when given, else 30 days, added to a running one of the same tier', () => {
    expect(activateSubscription(NO_SUBSCRIPTION, 'pro', T0).expiresAt).toBe(T0 + 30 * DAY)
    expect(activateSubscription(NO_SUBSCRIPTION, 'pro', T0, T0 + 5 * DAY).expiresAt).toBe(T0 + 5 * DAY)
    const running = pro(T0 + 10 * DAY)
    expect(activateSubscription(running, 'pro', T0).expiresAt).toBe(T0 + 40 * DAY)
    // Another tier starts from now.
    expect(activateSubscription(running, 'proplus', T0)).toMatchObject({
      id: 'proplus',
      expiresAt: T0 + 30 * DAY,
    })
    // Any subscription uses up the trial.
    expect(activateSubscription(NO_SUBSCRIPTION, 'pro', T0).trialAvailable).toBe(false)
  })

  test('cancel keeps the tier to the end of the period; nothing to cancel without one', () => {
    const cancelled = cancelSubscription(pro(T0 + DAY), T0)
    if (!cancelled.ok) throw new Error('cancel refused')
    expect(cancelled.value).toMatchObject({ cancelled: true, active: true, expiresAt: T0 + DAY })
    expect(tierOf(cancelled.value, T0 + DAY - 1)).toBe('pro')
    expect(tierOf(cancelled.value, T0 + DAY)).toBe('default')
    expect(cancelSubscription(NO_SUBSCRIPTION, T0)).toEqual({ ok: false, error: 'NO_SUBSCRIPTION' })
  })

  test('end and revoke: the current period ends now; an older refunded period moves the end back', () => {
    expect(tierOf(endSubscription(pro(T0 + DAY), T0), T0)).toBe('default')
    expect(tierOf(revokePeriod(pro(T0 + 30 * DAY), 'pro', T0 + 30 * DAY, T0), T0)).toBe('default')
    const renewed = pro(T0 + 50 * DAY)
    expect(revokePeriod(renewed, 'pro', T0 + 20 * DAY, T0).expiresAt).toBe(T0 + 20 * DAY)
    // A different tier bought since is left alone.
    const plus = pro(T0 + 30 * DAY, 'proplus')
    expect(revokePeriod(plus, 'pro', T0 + 30 * DAY, T0)).toBe(plus)
  })
})

describe('income (SPEC §3: linear up to the maximum)', () => {
  const empty: Income = { amount: 0, lastUpdated: T0 }

  test('free tier: 1 coin an hour, at most 2', () => {
    expect(accrueIncome(empty, NO_SUBSCRIPTION, T0 + HOUR / 2)).toEqual({
      amount: 0.5,
      lastUpdated: T0 + HOUR / 2,
    })
    expect(accrueIncome(empty, NO_SUBSCRIPTION, T0 + HOUR).amount).toBe(1)
    expect(accrueIncome(empty, NO_SUBSCRIPTION, T0 + 10 * HOUR).amount).toBe(2)
  })

  test('pro: 100 a day up to 10; proplus: 300 a day up to 30', () => {
    expect(accrueIncome(empty, pro(T0 + 30 * DAY), T0 + 0.05 * DAY).amount).toBeCloseTo(5, 6)
    expect(accrueIncome(empty, pro(T0 + 30 * DAY), T0 + DAY).amount).toBe(10)
    expect(accrueIncome(empty, pro(T0 + 30 * DAY, 'proplus'), T0 + DAY).amount).toBe(30)
  })

  test('the subscription’s rate stops at its expiry, the free rate follows', () => {
    // 14.4 min at the pro rate (1 coin), then half an hour at the free rate (+0.5).
    const ends = T0 + 0.01 * DAY
    expect(accrueIncome(empty, pro(ends), ends + HOUR / 2).amount).toBeCloseTo(1.5, 6)
    // Already above the free maximum at expiry: nothing more accrues.
    const later = T0 + 0.05 * DAY
    expect(accrueIncome(empty, pro(later), later + HOUR).amount).toBeCloseTo(5, 6)
  })

  test('an amount above the (lower) maximum is kept, and the shown maximum rises to it', () => {
    const rich: Income = { amount: 25, lastUpdated: T0 }
    expect(accrueIncome(rich, NO_SUBSCRIPTION, T0 + DAY).amount).toBe(25)
    expect(incomeMaxShown(rich, NO_SUBSCRIPTION, T0)).toBe(25)
    expect(incomeMaxShown(empty, NO_SUBSCRIPTION, T0)).toBe(2)
  })

  test('time never runs backwards; collecting takes the whole coins and keeps the fraction', () => {
    const half: Income = { amount: 1.5, lastUpdated: T0 }
    expect(accrueIncome(half, NO_SUBSCRIPTION, T0 - HOUR)).toBe(half)
    expect(collectIncome(half)).toEqual({ coins: 1, income: { amount: 0.5, lastUpdated: T0 } })
    expect(collectIncome({ amount: 0.9, lastUpdated: T0 }).coins).toBe(0)
  })
})

describe('prices', () => {
  test('custom coins: 100 coins = 50 stars = 1 USD, rounded up, within the range', () => {
    expect(customCoinsPrice(100)).toEqual({ priceXtr: 50, priceUsd: 1 })
    expect(customCoinsPrice(150)).toEqual({ priceXtr: 75, priceUsd: 1.5 })
    expect(customCoinsPrice(11)).toEqual({ priceXtr: 6, priceUsd: 0.11 })
    expect(customCoinsPrice(9)).toBeNull()
    expect(customCoinsPrice(100_001)).toBeNull()
    expect(customCoinsPrice(10.5)).toBeNull()
  })

  test('first purchase: half the coins again', () => {
    expect(firstPurchaseBonus(100)).toBe(50)
    expect(firstPurchaseBonus(15)).toBe(7)
  })
})
