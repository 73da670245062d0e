import { and, eq } from 'drizzle-orm'
import { isUuid } from '#app/domain/uuid.ts'
import { mediaViewerOf } from '#app/modules/auth/media-viewer.server.ts'
import {
  onPublicPagesChanged,
  publicCacheGeneration,
  publicCachesUsable,
} from '#app/modules/http/public-pages.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'

// Who may see a file of the public area at /media/{key} (issue 30 point 3; ADR 0024). A photo is
// public while it shows on the site: its row's current storage path is the key's, the photo is
// approved ('profile') and its profile is public (approved and active: the definition of the
// listings and of the change feed, migration 0012). Any other file of a provider's profile (a
// photo waiting for review, an upload, an old edit, a photo of a profile that is pending,
// rejected, hidden, suspended, banned or hidden after a 'minor' report) is seen by her and by the
// team only; anything else that belongs to no public photo (art of a hidden demonstration
// profile, a file left without a row) by the team only. Everyone else is told what a missing
// file tells: nothing is there.
//
// The decision per photo is kept in memory, like the public pages, and on the same terms: only
// while this instance listens to the change feed, forgotten at every notification (a profile
// leaving the public, a photo approved, edited or deleted all notify), and never kept when it was
// computed across one. So a photo stops being served within a second of its profile leaving
// the public, on every instance.

/** What /media does with a request for a key: serve it to all, to this viewer only, or 404. */
export type MediaAccess = 'public' | 'private' | 'none'

interface Decision {
  public: boolean
  /** The account of the profile the file belongs to, which may see it while not public. */
  ownerId: string | null
}

/** A WebP variant's key: the photo's storage path, then its width. */
const VARIANT_KEY = /^(.+)-\d+\.webp$/
/** A provider's photo: profiles/{profileId}/{imageId}, with the edit it shows, if any. */
const PROFILE_PHOTO = /^profiles\/([0-9a-f-]{36})\/[0-9a-f-]{36}(?:-r\d+-[a-z]+-[a-z]+)?$/

const MAX_KEPT = 20_000
const kept = new Map<string, Decision>()
let keptFor: Database | undefined
onPublicPagesChanged(() => kept.clear())

/** Who may see the file at `key`, asked with this Cookie header. */
export async function mediaAccess(
  key: string,
  cookieHeader: string | null | undefined,
): Promise<MediaAccess> {
  const storagePath = VARIANT_KEY.exec(key)?.[1]
  if (!storagePath) return 'none'
  const decision = await decisionFor(storagePath)
  if (decision.public) return 'public'
  const viewer = await mediaViewerOf(cookieHeader)
  if (!viewer) return 'none'
  return viewer.admin || viewer.userId === decision.ownerId ? 'private' : 'none'
}

async function decisionFor(storagePath: string): Promise<Decision> {
  const database = db()
  const usable = publicCachesUsable()
  if (usable && keptFor === database) {
    const known = kept.get(storagePath)
    if (known) return known
  }
  const generation = publicCacheGeneration()
  const decision = await decide(database, storagePath)
  // Computed across a change (the notification came while the database was read): not kept.
  if (usable && publicCachesUsable() && publicCacheGeneration() === generation) {
    if (keptFor !== database || kept.size >= MAX_KEPT) kept.clear()
    keptFor = database
    kept.set(storagePath, decision)
  }
  return decision
}

async function decide(database: Database, storagePath: string): Promise<Decision> {
  const [shown] = await database
    .select({ id: images.id })
    .from(images)
    .innerJoin(profiles, eq(profiles.id, images.profileId))
    .where(
      and(
        eq(images.storagePath, storagePath),
        eq(images.verificationType, 'profile'),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
      ),
    )
    .limit(1)
  if (shown) return { public: true, ownerId: null }
  const profileId = PROFILE_PHOTO.exec(storagePath)?.[1]
  if (!profileId || !isUuid(profileId)) return { public: false, ownerId: null }
  const [owner] = await database
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, profileId))
  return { public: false, ownerId: owner?.userId ?? null }
}
