import { t } from 'elysia'

/** Login Widget fields: every one takes part in the hash, so none may be dropped or renamed here. */
export const WidgetSchema = t.Record(
  t.String({ maxLength: 64 }),
  t.Union([t.String({ maxLength: 1024 }), t.Number(), t.Boolean()]),
)
