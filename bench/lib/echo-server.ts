/**
 * A bare Bun websocket echo, the ceiling of what the socket layer carries on this machine: run as a
 * process of its own by bench/lib/echo.ts, it prints `{"port": n}` and echoes every frame back.
 */
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req, srv) {
    return srv.upgrade(req) ? undefined : new Response('echo', { status: 400 })
  },
  websocket: {
    message(ws, message) {
      ws.send(message)
    },
  },
})
console.log(JSON.stringify({ port: server.port }))
