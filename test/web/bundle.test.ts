import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { withDom } from './dom.ts'

withDom()
const { pagesPlugin } = await import('../../src/pages/index.ts')
const { MENTOR_LESSONS, MENTOR_SCRIPT, TUTORIAL_BOARDS } = await import('../../engine/index.ts')

const app = new Elysia().use(pagesPlugin())

afterEach(() => {
  document.documentElement.removeAttribute('data-initialised')
  document.documentElement.removeAttribute('data-theme')
  document.body.innerHTML = ''
})

// Cookie-free pages only: happy-dom's Request (now global) drops a Cookie header, as browsers do.
const request = (p: string) => app.handle(new Request(`http://localhost${p}`))

/** A page's HTML and the text of the bundle it links. */
async function served(path: string) {
  const html = await (await request(path)).text()
  const script = html.match(/<script type="module" src="([^"]+)"><\/script>/)![1]!
  return { html, script, code: await (await request(script)).text() }
}

/**
 * The served scripts of the bundle reachable from `code`, written as files of a fresh folder with
 * their /assets/ addresses made relative, so Bun's loader runs them as the browser would (the
 * entry shares its modules with the chunks it imports, the island and the language).
 */
async function bundleFolder(entry: string, code: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'))
  const seen = new Set<string>()
  const write = async (url: string, text: string) => {
    seen.add(url)
    writeFileSync(join(dir, url.slice('/assets/'.length)), text.replaceAll('"/assets/', '"./'))
    for (const [, next] of text.matchAll(/"(\/assets\/[\w.-]+\.js)"/g))
      if (next && !seen.has(next)) await write(next, await (await request(next)).text())
  }
  await write(entry, code)
  return dir
}

/** Loads a served page into the document and runs its real, bundled client script. */
async function open(path: string) {
  const { html, script, code } = await served(path)
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'))
  document.documentElement.lang = html.match(/<html lang="(\w+)"/)?.[1] ?? ''
  const errors: string[] = []
  const quiet = console.error
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '))
  try {
    const dir = await bundleFolder(script, code)
    await import(join(dir, script.slice('/assets/'.length)))
    for (let i = 0; i < 200 && !document.documentElement.hasAttribute('data-initialised'); i++) {
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    console.error = quiet
  }
  return errors
}

describe('the served client bundle', () => {
  test('hydrates the page, applies the colour mode and lifts the overlay', async () => {
    const errors = await open('/en/dev')
    // /dev asks the server whether the visitor is a developer; no server listens on happy-dom's
    // origin here, so that one call fails (sooner or later, with the machine's load). Anything else
    // logged, a hydration mismatch above all, fails the test.
    expect(errors.filter((e) => !e.includes('ECONNREFUSED'))).toEqual([])
    expect(document.documentElement.hasAttribute('data-initialised')).toBe(true)
    expect(document.documentElement.getAttribute('data-theme')).toBe('light')
  })

  test('the sign-in form is live after hydration (a client-side check answers)', async () => {
    await open('/en/signin')
    const button = document.querySelector('button[type="submit"]') as HTMLButtonElement
    button.click()
    await new Promise((r) => setTimeout(r, 20))
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('2 to 24')
  })

  test("the tutorial's lessons are in the browser engine, its boards and the mentor's script are not", async () => {
    const { code } = await served('/en/dev')
    for (const lesson of MENTOR_LESSONS) expect(code).toContain(`"${lesson}"`)
    for (const rows of Object.values(TUTORIAL_BOARDS)) for (const row of rows) expect(code).not.toContain(row)
    for (const moves of Object.values(MENTOR_SCRIPT))
      for (const move of moves) expect(code).not.toContain(`[${move.cellIds.join(',')}]`)
  })
})
