/**
 * Mounting one island in happy-dom for a test file: the DOM is registered before react-dom loads,
 * and each test's root is unmounted and the body emptied after it.
 */
import { afterEach } from 'bun:test'
import { act, type ComponentProps } from 'react'
import type { Root } from 'react-dom/client'
import { IslandRoot } from '../../web/shell/IslandRoot.tsx'
import { withDom } from './dom.ts'

type IslandProps = ComponentProps<typeof IslandRoot>

/** Call at a test file's top level; answers the function that mounts an island in a fresh container. */
export async function islandMounter(): Promise<(island: IslandProps) => Promise<HTMLElement>> {
  withDom()
  const { createRoot } = await import('react-dom/client')
  let root: Root | null = null
  afterEach(() => {
    act(() => root?.unmount())
    root = null
    document.body.innerHTML = ''
  })
  return async (island) => {
    const container = document.createElement('div')
    document.body.append(container)
    await act(async () => {
      root = createRoot(container)
      root.render(<IslandRoot {...island} />)
    })
    return container
  }
}
