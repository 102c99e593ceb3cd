/** An in-memory stand-in for document.cookie that records every assignment verbatim. */
export function recordingJar(initial = ''): { cookie: string; writes: string[] } {
  const values = new Map<string, string>()
  for (const part of initial.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) values.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim())
  }
  const writes: string[] = []
  return {
    writes,
    get cookie() {
      return [...values].map(([k, v]) => `${k}=${v}`).join('; ')
    },
    set cookie(line: string) {
      writes.push(line)
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=.*1970/i.test(a))
      if (expired) values.delete(name)
      else values.set(name, pair.slice(eq + 1).trim())
    },
  }
}
