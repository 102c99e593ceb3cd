import { Elysia, t } from 'elysia'
import { notFound } from '../http/envelope.ts'
import type { TelegramPhotos } from './service.ts'

/**
 * GET /api/user/{id}/photo: the copied Telegram photo, open to anyone like the profile it belongs
 * to. An SVG is served so that it can never run anything (opened on its own, the sandbox applies).
 */
export function photosFeature(photos: TelegramPhotos) {
  const routes = new Elysia({ prefix: '/api/user' }).get(
    '/:id/photo',
    async ({ params, query }) => {
      const photo = await photos.get(params.id)
      if (!photo) throw notFound('No photo')
      // The versioned address names this very body: cached for good; otherwise for a day.
      const cache = query.v === photo.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=86400'
      return new Response(Buffer.from(photo.body), {
        headers: {
          'content-type': photo.contentType,
          'cache-control': cache,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      })
    },
    {
      params: t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) }),
      query: t.Object({ v: t.Optional(t.String({ maxLength: 32 })) }),
    },
  )
  // Copies under way finish before the database closes.
  return { routes, onStop: photos.settle }
}
