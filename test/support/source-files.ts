/**
 * The project's source files and their imports, for the architecture tests (ARCHITECTURE.md "Who
 * may import whom"): one walker and one import reader for every boundary check.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

/** The repository root. */
export const ROOT = resolve(import.meta.dir, '../..')

/** A path relative to the root, e.g. `src/app.ts`. */
export const rel = (path: string): string => relative(ROOT, path)

/** Every .ts/.tsx file below `dir` (relative to the root, or absolute). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(ts|tsx)$/.test(name)) out.push(path)
    }
  }
  walk(resolve(ROOT, dir))
  return out
}

export interface ImportRef {
  /** As written: `../engine/index.ts`, `elysia`. */
  spec: string
  /** `import type` / `export type`. */
  typeOnly: boolean
}

/** Every static import, re-export and dynamic import() of a file. */
export function importsOf(path: string): ImportRef[] {
  const text = readFileSync(path, 'utf8')
  return [
    ...text.matchAll(
      /(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => ({ spec: m[3] ?? m[4], typeOnly: Boolean(m[2]) }))
}

/** Where a relative import of `file` leads, relative to the root; null for a package. */
export function importTarget(file: string, spec: string): string | null {
  return spec.startsWith('.') ? rel(resolve(file, '..', spec)) : null
}
