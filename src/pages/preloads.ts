import type { AssetFile } from './assets.ts'

/** The bundle's own modules that a module imports statically (not its `import()` calls). */
const STATIC_IMPORT = /(?:from|import)\s*"(\/assets\/[^"]+\.js)"/g

/**
 * Every module a page's script and island import before they run, for `<link rel="modulepreload">`:
 * the browser then asks for all of them at once instead of one level of imports per round trip
 * (the game page had four levels, each a round trip on a phone). The boot script itself is the
 * page's `<script>` and is left out. Island names as in `entries` ('islands/Game').
 */
export function islandPreloads(
  files: Map<string, AssetFile>,
  script: string,
  entries: Record<string, string>,
): Record<string, string[]> {
  const decoder = new TextDecoder()
  const imports = new Map<string, string[]>()
  const importsOf = (url: string) => {
    let found = imports.get(url)
    if (!found) {
      const file = files.get(url)
      found = file ? [...decoder.decode(file.body).matchAll(STATIC_IMPORT)].map((m) => m[1]) : []
      imports.set(url, found)
    }
    return found
  }
  const closure = (roots: string[]) => {
    const seen = new Set<string>()
    const queue = [...roots]
    while (queue.length > 0) {
      const url = queue.shift() as string
      if (seen.has(url)) continue
      seen.add(url)
      queue.push(...importsOf(url))
    }
    seen.delete(script)
    return [...seen]
  }
  const preloads: Record<string, string[]> = {}
  for (const [name, url] of Object.entries(entries))
    if (name.startsWith('islands/'))
      preloads[name] = [url, ...closure([script, url]).filter((u) => u !== url)]
  return preloads
}
