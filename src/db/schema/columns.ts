/** Column shapes several tables share (not a table: index.ts does not export it). */
import { type AnyPgColumn, text } from 'drizzle-orm/pg-core'

/**
 * A row's owner: a required text reference (`name`) to `target` (a user, a game, a daily), the row
 * deleted with its owner (ON DELETE CASCADE).
 */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' })
