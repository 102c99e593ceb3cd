import { resolve, sep } from 'node:path'

export const PUBLIC_DIR = resolve(import.meta.dir, '../../public')

/**
 * A file of public/ for a URL path, or null. Nothing outside the folder and no dotfiles: every
 * segment must be a plain name.
 */
export async function publicFile(dir: string, pathname: string): Promise<Response | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const parts = decoded.split('/').filter((s) => s !== '')
  if (parts.length === 0 || parts.some((p) => p.startsWith('.') || p.includes('\\') || p.includes('\0')))
    return null
  const path = resolve(dir, ...parts)
  if (!path.startsWith(dir + sep)) return null
  const file = Bun.file(path)
  if (!(await file.exists())) return null
  return new Response(file, { headers: { 'cache-control': 'public, max-age=3600' } })
}
