import { useSignals } from '@preact/signals-react/runtime'
import { type ComponentType, useEffect, useState } from 'react'
import type { PageProps } from '../../shared/page-props.ts'
import { localePath, signInPath } from '../../shared/paths.ts'
import { OutsideTelegram } from '../telegram/OutsideTelegram.tsx'
import { ensureAccess } from './access.ts'
import { createIsland, IslandContext, useIsland } from './context.ts'
import type { Host } from './host.ts'
import { LAYOUT_COMPONENTS } from './layouts.tsx'

interface Props {
  screen: ComponentType
  props: PageProps
  host: Host
}

/** The root of every island, on the server and in the browser alike (hydration needs the same tree). */
export function IslandRoot({ screen: Screen, props, host }: Props) {
  const [island] = useState(() => createIsland(props, host))
  useEffect(() => island.start(), [island])
  useEffect(() => {
    ensureAccess(island).catch(() => host.navigate(signInPath(props.lang, props.path)))
  }, [island, host, props.lang, props.path])
  // Telegram's back button on every screen below home: back in history, or home when there is none.
  useEffect(() => {
    if (!host.backButton || props.path === '/' || props.layout === 'signin') return
    host.backButton(() => {
      if (history.length > 1 && document.referrer.startsWith(location.origin)) history.back()
      else host.navigate(localePath(props.lang, '/'))
    })
    return () => host.backButton?.(null)
  }, [host, props.path, props.layout, props.lang])

  const Layout = LAYOUT_COMPONENTS[props.layout]
  return (
    <IslandContext.Provider value={island}>
      <Layout>
        <ScreenOrNote screen={Screen} />
      </Layout>
    </IslandContext.Provider>
  )
}

/** The screen, unless the page turned out to be the Mini App opened outside Telegram. */
function ScreenOrNote({ screen: Screen }: { screen: ComponentType }) {
  useSignals()
  const { outsideTelegram } = useIsland()
  return outsideTelegram.value ? <OutsideTelegram /> : <Screen />
}
