/**
 * Lighthouse (mobile: its default throttled phone) on the pages issue 14 names: /signin, home and
 * a game page, against the real server on a scratch database. One JSON line per page with the four
 * category scores and the audits that missed, then the host's load average: performance is only
 * meaningful on a quiet machine (Lighthouse slows the CPU 4× on top of whatever else runs).
 *
 *   bun bench/lighthouse.ts [--lang en]
 *
 * Lighthouse is not a dependency of the app: it comes from the npm registry through npx the first
 * time (LIGHTHOUSE=path/to/lighthouse uses an installed one). It drives Debian's full Chromium
 * (`apt-get install -y chromium`: the tests' headless shell is not the browser a player runs), started
 * here through playwright-core with the player's cookie in its profile (a header alone would leave
 * document.cookie empty, and the page would hydrate as signed out). The player counts as past the
 * first-visit tutor (its local-storage flag is set), so home is measured as home and not as the
 * redirect to /tutor; each line names the URL Lighthouse ended on. Beside the scores, Lighthouse's
 * own simulated metrics (ms; CLS unitless). `--out DIR` keeps the reports and their traces.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { flags } from './lib/dictionaries.ts'
import { postData } from './lib/http.ts'
import { startScratchServer } from './lib/scratch-server.ts'

const args = flags(process.argv.slice(2))
const LANG = args.get('lang') ?? 'en'
const OUT = args.get('out') ?? null
const PORT = 9333
const prefix = LANG === 'ru' ? '' : `/${LANG}`
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

interface Report {
  finalDisplayedUrl?: string
  categories: Record<string, { score: number | null }>
  audits: Record<
    string,
    { score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number }
  >
}

/** Lighthouse's simulated figures (slow 4G, 4× slower CPU), by the names of its audits. */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
  tti: 'interactive',
}

function metrics(report: Report): Record<string, number | null> {
  return Object.fromEntries(
    Object.entries(METRICS).map(([name, audit]) => {
      const value = report.audits[audit]?.numericValue
      if (value === undefined) return [name, null]
      return [name, name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)]
    }),
  )
}

async function lighthouse(url: string, page: string): Promise<Report> {
  const dir = mkdtempSync(join(tmpdir(), 'wt-lighthouse-'))
  const out = join(dir, 'report.json')
  const command = process.env.LIGHTHOUSE ? [process.env.LIGHTHOUSE] : ['npx', '--yes', 'lighthouse@12']
  const run = Bun.spawn(
    [
      ...command,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--port=${PORT}`,
      // With --out: the trace and devtools log beside each report, to see what a long task did.
      ...(OUT ? ['--save-assets'] : []),
    ],
    { stderr: 'pipe' },
  )
  if ((await run.exited) !== 0) throw new Error(`lighthouse ${url}: ${await new Response(run.stderr).text()}`)
  try {
    if (OUT) {
      copyFileSync(out, join(OUT, `${page}.json`))
      copyFileSync(join(dir, 'report-0.trace.json'), join(OUT, `${page}.trace.json`))
    }
    return JSON.parse(readFileSync(out, 'utf8')) as Report
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const scratch = await startScratchServer()
const profile = mkdtempSync(join(tmpdir(), 'wt-lighthouse-profile-'))
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [`--remote-debugging-port=${PORT}`, '--no-sandbox'],
})
try {
  const { auth } = await postData<{ auth: { token: string; uid: string } }>(
    scratch.base,
    '/api/auth/signin',
    null,
    {
      nickname: `Lighthouse ${Date.now().toString(36).slice(-5)}`,
    },
  )
  const signIn = async () => {
    await browser.addCookies([
      {
        name: 'auth',
        value: encodeURIComponent(JSON.stringify({ token: auth.token, uid: auth.uid })),
        url: scratch.base,
      },
    ])
    // Past the first-visit tutor (web/islands/Home.tsx TUTOR_CHECK_KEY): home stays home.
    const tab = await browser.newPage()
    await tab.goto(`${scratch.base}/favicon.svg`)
    await tab.evaluate(() => localStorage.setItem('tutor-checked', '1'))
    await tab.close()
  }
  const created = await postData<{ room: { gameId: string } }>(
    scratch.base,
    '/api/waiting-rooms',
    auth.token,
    {
      type: 'classic',
      mode: 'computer',
      lang: LANG,
      extraParams: { level: 'veryEasy' },
    },
  )
  const pages = [
    { page: 'signin', path: `${prefix}/signin` },
    { page: 'home', path: prefix || '/' },
    { page: 'game', path: `${prefix}/game/${created.room.gameId}` },
  ]
  for (const { page, path } of pages) {
    // Signed out for /signin (a signed-in visitor is sent home), signed in from then on.
    if (page === 'home') await signIn()
    const report = await lighthouse(scratch.base + path, page)
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score ?? null]))
    const missed = Object.entries(report.audits)
      .filter(
        ([, a]) =>
          a.score !== null &&
          a.score < 1 &&
          ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
      )
      .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
    const ended = report.finalDisplayedUrl?.replace(scratch.base, '') ?? null
    console.log(JSON.stringify({ page, path, ended, scores, metrics: metrics(report), missed }))
  }
  console.log(JSON.stringify({ loadAverage: loadavg().map((l) => Math.round(l * 100) / 100) }))
} finally {
  await browser.close()
  rmSync(profile, { recursive: true, force: true })
  await scratch.stop()
}
