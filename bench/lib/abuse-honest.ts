/**
 * The honest player of bench/abuse.ts, in a worker of its own so the attackers' work in the bench
 * process does not delay its clock: signs in, plays the computer (a turn when it is its move) and
 * checks a word twice a second, timing every ack until told to stop.
 */
import type { GameView } from '../../engine/index.ts'
import { type Ack, api, SocketClient, signIn, type Target } from './abuse-client.ts'
import { wordPicker } from './client-move.ts'
import { loadDictionary } from './dictionaries.ts'

declare const self: Worker

export interface HonestStart {
  target: Target
  address: string
}

/** An ack's latency, with when it came (Date.now(), comparable across threads). */
export type Timed = [at: number, ms: number]

export type HonestReport = {
  type: 'done'
  latencies: { checkword: Timed[]; turn: Timed[] }
  refused: string[]
  timeouts: number
  closes: number[]
  games: number
}

const words = wordPicker(loadDictionary('en').dict)
let stopping = false

self.onmessage = (event: MessageEvent) => {
  if (event.data?.type === 'stop') stopping = true
  else if (event.data?.type === 'start')
    run(event.data as HonestStart).catch((err) => self.postMessage({ type: 'failed', err: String(err) }))
}

async function run({ target, address }: HonestStart) {
  const auth = await signIn(target, 'Honest Player', address)
  const latencies = { checkword: [] as Timed[], turn: [] as Timed[] }
  const refused: string[] = []
  const closes: number[] = []
  let timeouts = 0
  let games = 0

  const newGame = async (): Promise<string | null> => {
    const { status, json } = await api(target, '/api/waiting-rooms', {
      address,
      token: auth.token,
      body: { type: 'classic', mode: 'computer', lang: 'en', extraParams: { level: 'veryEasy' } },
    })
    // Ten coins make ten games; then the player only checks words, as a broke player would.
    if (status === 409 && json.error?.code === 'NO_COINS_ENOUGH') return null
    if (status !== 200) {
      refused.push(`new game: ${status} ${json.error?.code}`)
      return null
    }
    games++
    return (json.data as { room: { gameId: string } }).room.gameId
  }
  const view = async (gameId: string) =>
    (await api(target, `/api/games/${gameId}`, { address, token: auth.token })).json.data as GameView

  let socket = await SocketClient.open(target, address, auth.token)
  const timed = async (kind: 'checkword' | 'turn', key: string, payload: unknown): Promise<Ack | null> => {
    if (!socket.open) {
      closes.push(await socket.closed)
      socket = await SocketClient.open(target, address, auth.token)
    }
    const answer = await socket.request(key, payload)
    if (!answer) {
      timeouts++
      return null
    }
    latencies[kind].push([Date.now(), answer.ms])
    if (!answer.ack.success) refused.push(`${key}: ${answer.ack.error?.code}`)
    return answer.ack
  }

  let gameId = await newGame()
  if (gameId) {
    await timed('turn', 'game/ready', { gameId })
    self.postMessage({ type: 'ready', gameId })
  }
  let lastCheck = 0
  while (!stopping) {
    if (performance.now() - lastCheck >= 500) {
      lastCheck = performance.now()
      await timed('checkword', 'user/checkword', { lang: 'en', word: 'cat' })
    }
    if (gameId) {
      const game = await view(gameId)
      if (game.state === 'over' || game.state === 'expired') {
        gameId = await newGame()
        if (gameId) await timed('turn', 'game/ready', { gameId })
      } else if (game.state === 'active' && game.turnAvailable === 0) {
        const move = words.best(game, 0)
        if (move) await timed('turn', 'game/turn', { gameId, cellIds: move.cellIds })
        else await timed('turn', 'game/giveup', { gameId })
      }
    }
    await Bun.sleep(150)
  }
  socket.close()
  const report: HonestReport = { type: 'done', latencies, refused, timeouts, closes, games }
  self.postMessage(report)
}
