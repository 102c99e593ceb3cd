import { Elysia } from 'elysia'
import { ok } from '../http/envelope.ts'
import type { createInitService } from './service.ts'

export function initPlugin(service: ReturnType<typeof createInitService>) {
  return new Elysia().post('/api/init', async ({ headers }) =>
    ok(await service.init(headers['x-telegram-init-data'], headers.authorization)),
  )
}
