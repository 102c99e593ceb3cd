import { afterAll, afterEach, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { importsOf, importTarget, ROOT, rel } from '../support/source-files.ts'
import { withDom } from './dom.ts'

withDom()
// Each test builds the client bundle (seconds on a busy machine).
setDefaultTimeout(30_000)
const { pagesPlugin } = await import('../../src/pages/index.ts')
const { writeAssets } = await import('../../src/pages/assets.ts')
const { MENTOR_LESSONS, MENTOR_SCRIPT, TUTORIAL_BOARDS } = await import('../../engine/index.ts')
const { TABLES } = await import('../../shared/i18n-tables.ts')
const { webSide } = await import('../../web/islands/index.ts')
const { LANGS } = await import('../../engine/index.ts')

const app = new Elysia().use(pagesPlugin({ web: webSide }))
const dirs: string[] = []

afterEach(() => {
  document.head.innerHTML = ''
  document.documentElement.removeAttribute('data-initialised')
  document.documentElement.removeAttribute('data-theme')
  document.body.innerHTML = ''
})
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

// Cookie-free pages only: happy-dom's Request (now global) drops a Cookie header, as browsers do.
const request = (p: string) =>
  app.handle(new Request(`http://localhost${p}`, { headers: { 'accept-language': 'ru' } }))
const text = async (p: string) => (await request(p)).text()

/** A page's HTML, its entry script and the modules the entry runs. */
async function served(path: string) {
  const html = await text(path)
  const [, script, modules] = html.match(
    /<script type="module" src="([^"]+)"[^>]* data-modules="([^"]*)"><\/script>/,
  )!
  const preloads = modules.split(' ')
  const locale = html.match(
    /<link rel="preload" as="fetch" crossorigin="anonymous" data-locale href="([^"]+)">/,
  )?.[1]
  return { html, script, preloads, locale }
}

/** Static imports of a module (what the browser must fetch before it runs), not its import() calls. */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*"(\/assets\/[^"]+)"/g)].map((m) => m[1])

/** Every module a page fetches before it is interactive: its entry, its preloads and their imports. */
async function firstLoad(modules: string[]) {
  const seen = new Map<string, string>()
  const queue = [...modules]
  while (queue.length > 0) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    const code = await text(url)
    seen.set(url, code)
    queue.push(...staticImports(code))
  }
  const gzip = [...seen.values()].reduce((sum, code) => sum + Bun.gzipSync(code).byteLength, 0)
  return { urls: [...seen.keys()], code: [...seen.values()].join('\n'), gzip }
}

/**
 * Loads a served page into the document and runs its real, bundled client: the bundle's files are
 * written to a fresh folder and imported from there as the browser would import them from /assets/.
 */
async function open(path: string) {
  const { html, script } = await served(path)
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'))
  dirs.push(dir)
  document.documentElement.lang = html.match(/<html lang="(\w+)"/)![1]
  const base = `file://${dir}/assets/`
  // The entry runs the modules its tag lists: from the folder, as the browser would from /assets/.
  document.head.innerHTML = html
    .slice(html.indexOf('<head>') + 6, html.indexOf('</head>'))
    .replace(/data-modules="[^"]*"/, (list) => list.replaceAll('/assets/', base))
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'))
  const { buildAssets } = await import('../../src/pages/assets.ts')
  const bundle = await buildAssets(webSide.sources)
  for (const [url, file] of bundle.files)
    if (url.endsWith('.js'))
      file.body = new TextEncoder().encode(
        new TextDecoder().decode(file.body).replaceAll('"/assets/', `"${base}`),
      )
  await writeAssets(bundle, dir)
  expect(bundle.script).toBe(script)
  const errors: string[] = []
  const quiet = console.error
  const browserFetch = globalThis.fetch
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '))
  // The page's own requests (its texts) reach this server, as they would from the browser.
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    String(input).startsWith('/assets/') ? request(String(input)) : browserFetch(input, init)) as typeof fetch
  try {
    await import(join(dir, script))
    for (let i = 0; i < 100 && !document.documentElement.hasAttribute('data-initialised'); i++) {
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    console.error = quiet
    globalThis.fetch = browserFetch
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

  test('the sign-in form is live after hydration, in the page language (a client-side check answers)', async () => {
    await open('/es/signin')
    const button = document.querySelector('button[type="submit"]') as HTMLButtonElement
    button.click()
    await new Promise((r) => setTimeout(r, 20))
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(TABLES.es.signin.invalidNickname)
  })

  test("the tutorial's lessons are in the browser engine, its boards and the mentor's script are not", async () => {
    const files = await Promise.all(
      [
        ...(
          await import('../../src/pages/assets.ts').then((m) => m.buildAssets(webSide.sources))
        ).files.keys(),
      ]
        .filter((url) => url.endsWith('.js'))
        .map(text),
    )
    const code = files.join('\n')
    for (const lesson of MENTOR_LESSONS) expect(code).toContain(`"${lesson}"`)
    for (const rows of Object.values(TUTORIAL_BOARDS)) for (const row of rows) expect(code).not.toContain(row)
    for (const moves of Object.values(MENTOR_SCRIPT))
      for (const move of moves) expect(code).not.toContain(`[${move.cellIds.join(',')}]`)
  })
})

/** The engine's modules a door loads: what it imports at run time, and what those import. */
function behindDoor(door: string): Set<string> {
  const seen = new Set<string>()
  const queue = [door]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const { spec, typeOnly } of importsOf(join(ROOT, file))) {
      const target = importTarget(join(ROOT, file), spec)
      if (!typeOnly && target?.startsWith('engine/')) queue.push(target)
    }
  }
  return seen
}

describe("the engine's two doors", () => {
  test('the bundle the server serves holds no module of the server door (AI, solver, dictionary, board generation)', async () => {
    const rules = behindDoor('engine/index.ts')
    const serverOnly = [...behindDoor('engine/server.ts')].filter((file) => !rules.has(file))
    // The check sees what it guards: the door's big modules are server-only, the rules are not.
    for (const file of ['engine/solver/generator.ts', 'engine/ai/choose.ts', 'engine/dictionary/flat.ts'])
      expect(serverOnly).toContain(file)
    for (const file of ['engine/generate.ts', 'engine/openings.ts', 'engine/daily-board.ts'])
      expect(serverOnly).toContain(file)
    const { buildAssets } = await import('../../src/pages/assets.ts')
    const bundled = (await buildAssets(webSide.sources)).modules.map(rel)
    expect(bundled).toContain('engine/index.ts')
    expect(bundled).toContain('engine/turn.ts')
    expect(bundled.filter((file) => serverOnly.includes(file))).toEqual([])
  })
})

describe('the first load (issue 14: at most 100 kB of JavaScript, gzip)', () => {
  /**
   * react-dom alone is 65 kB of it; the game page's board and panels come beside the game's own
   * request (web/islands/Game.tsx), the rest of what is not on screen at first (the end, the
   * sheets, the shop) when it opens.
   */
  const BUDGET = 100 * 1024

  for (const [path, island, lang] of [
    ['/en/signin', 'SignIn', 'en'],
    ['/es/game/some-game', 'Game', 'es'],
  ] as const)
    test(`${path}: its island only, its language's texts only, no Telegram SDK, within budget`, async () => {
      const { script, preloads, locale } = await served(path)
      const load = await firstLoad([script, ...preloads])
      expect(load.urls.filter((url) => url.includes('/islands/'))).toEqual([
        expect.stringContaining(`/islands/${island}-`),
      ])
      // The texts are data beside the code: no language's texts are in any script of the page.
      for (const other of LANGS) expect(load.code).not.toContain(TABLES[other].app.description)
      expect(locale).toContain(`/locale/${lang}-`)
      expect(JSON.parse(await text(locale!))).toEqual(TABLES[lang])
      expect(load.code).not.toContain('web_app_request_theme')
      const texts = Bun.gzipSync(await text(locale!)).byteLength
      console.log(
        `${path}: ${load.urls.length} scripts, ${(load.gzip / 1024).toFixed(1)} kB gzip; its texts ${(texts / 1024).toFixed(1)} kB gzip`,
      )
      expect(load.gzip).toBeLessThanOrEqual(BUDGET)
    })
  test('home (signed in, so built from the bundle as its page links it): within budget', async () => {
    const { buildAssets } = await import('../../src/pages/assets.ts')
    const bundle = await buildAssets(webSide.sources)
    const load = await firstLoad([bundle.script, bundle.entries.boot, bundle.entries['islands/Home']])
    console.log(`home: ${load.urls.length} scripts, ${(load.gzip / 1024).toFixed(1)} kB gzip`)
    expect(load.urls.filter((url) => url.includes('/islands/'))).toHaveLength(1)
    expect(load.gzip).toBeLessThanOrEqual(BUDGET)
  })
})
