import { Elysia, t } from 'elysia'
import {
  AI_LEVELS,
  BOARD_SIZES,
  BOARD_TYPES,
  DICT_TYPES,
  GAME_TYPES,
  TIME_MODES,
} from '../../engine/index.ts'
import { authGuard } from '../auth/guard.ts'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { LangSchema, oneOf } from '../http/models.ts'
import { unwrap } from '../http/refusals.ts'
import { SECRET_MAX_LENGTH } from './secret.ts'
import type { RoomsService } from './service.ts'

const RoomRef = t.String({ minLength: 1, maxLength: 64 })

const Options = t.Object({
  boostersOn: t.Optional(t.Boolean()),
  hintsOn: t.Optional(t.Boolean()),
  dictType: t.Optional(oneOf(DICT_TYPES)),
  boardSize: t.Optional(oneOf(BOARD_SIZES)),
  boardType: t.Optional(oneOf(BOARD_TYPES)),
  timeMode: t.Optional(oneOf(TIME_MODES)),
})

/** PROTOCOL.md "Starting games". */
export function roomsFeature(core: Core, rooms: RoomsService) {
  const routes = new Elysia({ prefix: '/api/waiting-rooms' })
    .use(authGuard(core.tokens))
    .post('/', async ({ uid, body }) => ok({ room: unwrap(await rooms.create(uid, body)) }), {
      auth: true,
      body: t.Object({
        type: oneOf(GAME_TYPES),
        mode: oneOf(['computer', 'randomPlayer', 'friend'] as const),
        secret: t.Optional(t.String({ maxLength: SECRET_MAX_LENGTH })),
        lang: LangSchema,
        extraParams: t.Optional(
          t.Object({
            options: t.Optional(Options),
            isCustom: t.Optional(t.Boolean()),
            level: t.Optional(oneOf(AI_LEVELS)),
          }),
        ),
      }),
    })
    .post('/join', async ({ uid, body }) => ok(unwrap(await rooms.join(uid, body.roomId))), {
      auth: true,
      body: t.Object({ roomId: RoomRef }),
    })
    .post('/ping', async ({ uid, body }) => ok(unwrap(await rooms.ping(uid, body.roomId))), {
      auth: true,
      body: t.Object({ roomId: RoomRef }),
    })
    .delete('/:id', async ({ uid, params }) => ok(unwrap(await rooms.remove(uid, params.id))), {
      auth: true,
      params: t.Object({ id: RoomRef }),
    })
  return { routes, socketHandlers: rooms.socketHandlers, onStart: rooms.start, onStop: rooms.stop }
}
