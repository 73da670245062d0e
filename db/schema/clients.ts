import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { timestamptz } from './columns.ts'
import { profiles } from './profiles.ts'

// The client's own area (issue 9): what a client saved and looked at. Read and written only for
// the signed-in owner; never shown to providers, never counted in their statistics.

/**
 * A profile a client saved. When the profile is deleted the row stays with no profile, so the
 * client sees that a saved profile was removed (and nothing of it: not even its name).
 */
export const favorites = pgTable(
  'favorites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_profile_key').on(t.userId, t.profileId),
    index('favorites_user_idx').on(t.userId, t.createdAt),
    index('favorites_profile_idx').on(t.profileId),
  ],
)

/** The profiles a client opened lately, newest first; trimmed to the last few dozen. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    viewedAt: timestamptz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.profileId] }),
    index('recently_viewed_user_idx').on(t.userId, t.viewedAt),
    index('recently_viewed_profile_idx').on(t.profileId),
  ],
)
