/**
 * Share cards: a PNG of a finished game's board and score (1200×630, the Open Graph size), the
 * game page's Open Graph tags pointing at it, and nothing of the kind for a game still in play.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { cardSvg } from '../../src/share/card.ts'
import { useServer } from './clients.ts'
import { finishComputerGame, startComputerGame } from './computer-play.ts'
import { SERVER_TEST_TIMEOUT_MS } from './harness.ts'
import { type KnownGame, knownGame } from './known-board.ts'

setDefaultTimeout(SERVER_TEST_TIMEOUT_MS)

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Width and height from the PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  return [view.getUint32(16), view.getUint32(20)]
}

describe('share card', () => {
  const s = useServer('pglite', { env: { COMPUTER_DELAY_MS: '10-30' } })

  test('a finished game: a 1200×630 PNG, and Open Graph tags on its page; none while it is played', async () => {
    const p = await s.player('Sharer')
    const game = await startComputerGame(s.server(), p)
    const live = await fetch(`${s.server().url}/api/games/${game.gameId}/card.png`)
    expect(live.status).toBe(409)
    const livePage = await fetch(`${s.server().url}/en/game/${game.gameId}`).then((r) => r.text())
    expect(livePage).not.toContain('og:image')

    await finishComputerGame(p, game, 2)
    for (const lang of ['', '?lang=ru', '?lang=es']) {
      const res = await fetch(`${s.server().url}/api/games/${game.gameId}/card.png${lang}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC)
      expect(pngSize(bytes)).toEqual([1200, 630])
      // A real picture of a board, not an empty canvas.
      expect(bytes.byteLength).toBeGreaterThan(10_000)
    }

    const page = await fetch(`${s.server().url}/en/game/${game.gameId}`).then((r) => r.text())
    expect(page).toContain(
      `<meta property="og:image" content="${s.server().url}/api/games/${game.gameId}/card.png?lang=en">`,
    )
    expect(page).toContain('<meta property="og:image:width" content="1200">')
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(page).toMatch(/<meta property="og:title" content="[^"]+">/)

    expect((await fetch(`${s.server().url}/api/games/nope/card.png`)).status).toBe(404)
  })

  test('a game page arrives with its game: the board in the HTML, the view and the render time in its props', async () => {
    const p = await s.player('Page reader')
    const game = await startComputerGame(s.server(), p)
    // The side that starts is drawn: wait out the computer's first word so the view holds still.
    const view = await game.mirror.waitUntil((v) => v.turnAvailable === 0, 10_000, 'our turn')
    const props = (html: string) =>
      JSON.parse(html.match(/<script type="application\/json" id="island-props-0">(.*?)<\/script>/)![1])
    const before = s.server().clock.now()
    // A visitor (no cookie), as a search engine or a shared link's preview would come.
    const html = await fetch(`${s.server().url}/en/game/${game.gameId}`).then((r) => r.text())
    const sent = props(html)
    expect(sent.game).toMatchObject({ id: game.gameId, ts: view.ts, state: view.state })
    expect(sent.serverNow).toBeGreaterThanOrEqual(before)
    // The board itself, every cell with its letter (in the watcher's orientation), not a placeholder.
    const cells = [...html.matchAll(/data-cell="(\d+)" data-letter="([^"]*)"/g)].map((m) => [
      Number(m[1]),
      m[2],
    ])
    expect(cells.toSorted((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      view.board.cells.map((c) => [c.id, c.letter]),
    )
    expect(html).not.toContain('aria-busy="true"')

    // No such game: the page says so at once; an id no game can have is not looked up.
    const missing = await fetch(`${s.server().url}/en/game/000000000000000000000000`).then((r) => r.text())
    expect(props(missing).game).toBeNull()
    expect(missing).toContain('data-testid="game-missing"')
    const long = await fetch(`${s.server().url}/en/game/${'x'.repeat(65)}`).then((r) => r.text())
    expect(props(long).game).toBeUndefined()
  })

  test('the card escapes names and shows the board, the scores and the result', () => {
    const users: KnownGame['users'] = [
      { id: 'a', name: '<b>&"Ann"', avatar: null },
      { id: 'b', name: 'Bob', avatar: null },
    ]
    const game = knownGame({ users }, 'g', 0)
    game.players[0].score = 17
    game.winner = 0
    game.state = 'over'
    const svg = cardSvg(game, 'en')
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&lt;b&gt;&amp;&quot;Ann&quot;')
    expect(svg).toContain('17 points')
    expect(svg).toContain('&lt;b&gt;&amp;&quot;Ann&quot; won')
    expect(svg.match(/<rect /g)?.length).toBe(1 + 25 + 2)
    expect(cardSvg(game, 'ru')).toContain('Победа')
  })
})
