import { afterEach } from 'bun:test'
import { act, type ComponentType } from 'react'
import type { Root } from 'react-dom/client'
import type { PageProps } from '../../shared/page-props.ts'
import type { Host } from '../../web/shell/host.ts'
import { IslandRoot } from '../../web/shell/IslandRoot.tsx'
import './dom.ts'
import { settle } from './host.ts'

/**
 * Mounts a screen in a real IslandRoot under happy-dom (the file calls withDom()), lets its first
 * requests settle, and unmounts it after each test.
 */
export function islandMounter() {
  let root: Root | null = null
  const unmount = () => {
    act(() => root?.unmount())
    root = null
    document.body.innerHTML = ''
  }
  afterEach(unmount)
  return {
    unmount,
    async mount(screen: ComponentType, props: PageProps, host: Host): Promise<HTMLElement> {
      // react-dom decides at its first evaluation whether it runs in a browser: after dom.ts.
      const { createRoot } = await import('react-dom/client')
      const container = document.createElement('div')
      document.body.append(container)
      await act(async () => {
        root = createRoot(container)
        root.render(<IslandRoot screen={screen} props={props} host={host} />)
      })
      await act(() => settle())
      return container
    },
  }
}
