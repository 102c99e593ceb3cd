import { Elysia } from 'elysia'
import { deviceCookieHeader, readDeviceKeys, updateDeviceKeys } from '../auth/device-cookie.ts'
import type { Core } from '../core.ts'
import { ok } from '../http/envelope.ts'
import { unwrap } from '../http/refusals.ts'
import type { createInitService } from './service.ts'

export function initFeature(core: Core, service: ReturnType<typeof createInitService>) {
  const routes = new Elysia().post('/api/init', async ({ headers, set }) => {
    const { data, newDeviceKey } = unwrap(
      await service.init({
        initData: headers['x-telegram-init-data'],
        authorization: headers.authorization,
        userAgent: headers['user-agent'],
      }),
    )
    if (newDeviceKey) {
      const keys = updateDeviceKeys(readDeviceKeys(headers.cookie), { add: newDeviceKey })
      set.headers['set-cookie'] = deviceCookieHeader(keys, core.config.publicUrl)
    }
    return ok(data)
  })
  return { routes }
}
