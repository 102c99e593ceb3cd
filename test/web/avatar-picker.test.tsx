import { describe, expect, test } from 'bun:test'
import { act } from 'react'
import { AVATAR_CATALOGUE, emptyPlayerStats } from '../../engine/index.ts'
import type { Profile } from '../../src/users/profile.ts'
import { AvatarPicker } from '../../web/screens/AvatarPicker.tsx'
import { withDom } from './dom.ts'
import { AUTH_OK, pageProps, settle, testHost } from './host.ts'
import { islandMounter } from './island-mount.tsx'

withDom()
const island = islandMounter()

const profileWith = (pro: boolean) =>
  ({
    _id: 'u1',
    nickname: 'Painter',
    avatar: 'emoji:🦊',
    coins: 50,
    stats: { ...emptyPlayerStats(), gamesPlayed: 3 },
    subscription: {
      id: pro ? 'pro' : null,
      active: pro,
      cancelled: false,
      trialAvailable: !pro,
      expiresAt: null,
    },
  }) as unknown as Profile

let shown: Profile
/** The screen under test: the picker for the profile the test chose. */
function PickerScreen() {
  return <AvatarPicker profile={shown} />
}

async function mount(profile: Profile) {
  shown = profile
  const t = testHost((call) =>
    call.path === '/api/user/avatar'
      ? { status: 200, body: { success: true, data: { avatar: (call.body as { avatar: string }).avatar } } }
      : AUTH_OK(),
  )
  const container = await island.mount(PickerScreen, pageProps({ path: '/profile' }), t.host)
  return { ...t, container }
}

const choices = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLButtonElement>('[data-testid="avatar-choices"] button'),
]

describe('avatar picker', () => {
  test('offers exactly the catalogue; PRO avatars are locked without PRO; the current one is marked', async () => {
    const page = await mount(profileWith(false))
    const buttons = choices(page.container)
    expect(buttons.map((b) => b.textContent?.replace('PRO', ''))).toEqual(
      AVATAR_CATALOGUE.map((a) => a.emoji),
    )
    expect(buttons.map((b) => b.disabled)).toEqual(AVATAR_CATALOGUE.map((a) => a.pro))
    expect(
      buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent),
    ).toEqual(['🦊'])
    // No way to type or paste a picture address.
    expect(page.container.querySelector('input')).toBeNull()
  })

  test('with PRO every avatar can be picked; the choice is confirmed, then saved by its catalogue id', async () => {
    const page = await mount(profileWith(true))
    const buttons = choices(page.container)
    expect(buttons.every((b) => !b.disabled)).toBe(true)
    const pro = AVATAR_CATALOGUE.find((a) => a.pro)!
    await act(async () => buttons[AVATAR_CATALOGUE.indexOf(pro)]!.click())
    await act(async () => (document.querySelector('[data-testid="confirm"]') as HTMLButtonElement).click())
    await act(() => settle())
    expect(page.calls.filter((c) => c.path === '/api/user/avatar')).toEqual([
      { method: 'POST', path: '/api/user/avatar', body: { avatar: pro.id } },
    ])
  })
})
