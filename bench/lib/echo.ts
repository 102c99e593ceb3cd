/**
 * The baseline of bench/load.ts: messages per second a bare Bun websocket echo (a process of its
 * own, like the server) answers with `connections` clients each keeping one message in flight, a
 * message shaped like a turn.
 */
import { resolve } from 'node:path'

const SCRIPT = resolve(import.meta.dir, 'echo-server.ts')

export async function measureEcho(connections: number, seconds: number): Promise<number> {
  const child = Bun.spawn([process.execPath, SCRIPT], { stdout: 'pipe', stderr: 'inherit' })
  try {
    const reader = child.stdout.getReader()
    const { value } = await reader.read()
    const { port } = JSON.parse(new TextDecoder().decode(value).split('\n')[0]) as { port: number }
    const frame = JSON.stringify({
      type: 'game',
      event: 'turn',
      payload: { gameId: '0123456789abcdef01234567', cellIds: [0, 1, 2, 7, 12] },
      timestamp: Date.now(),
      id: 'l123456',
    })
    let count = 0
    let running = true
    const sockets = await Promise.all(
      Array.from({ length: connections }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`)
        await new Promise((r) => ws.addEventListener('open', r, { once: true }))
        ws.addEventListener('message', () => {
          count++
          if (running) ws.send(frame)
        })
        return ws
      }),
    )
    for (const ws of sockets) ws.send(frame)
    await Bun.sleep(1000) // warm up
    const start = count
    const t0 = performance.now()
    await Bun.sleep(seconds * 1000)
    const rate = ((count - start) * 1000) / (performance.now() - t0)
    running = false
    for (const ws of sockets) ws.close()
    return rate
  } finally {
    child.kill('SIGKILL')
    await child.exited
  }
}
