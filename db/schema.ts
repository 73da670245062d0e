// The whole schema as one object for Drizzle's relational queries and the migrator.
import * as auth from './schema/auth.ts'
import * as backups from './schema/backups.ts'
import * as clients from './schema/clients.ts'
import * as counters from './schema/counters.ts'
import * as gifts from './schema/gifts.ts'
import * as moderation from './schema/moderation.ts'
import * as payments from './schema/payments.ts'
import * as profiles from './schema/profiles.ts'
import * as reference from './schema/reference.ts'
import * as reviews from './schema/reviews.ts'
import * as stats from './schema/stats.ts'
import * as webVitals from './schema/web-vitals.ts'

export const schema = {
  ...auth,
  ...backups,
  ...clients,
  ...counters,
  ...gifts,
  ...moderation,
  ...payments,
  ...profiles,
  ...reference,
  ...reviews,
  ...stats,
  ...webVitals,
}
