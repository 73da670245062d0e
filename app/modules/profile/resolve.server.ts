import { and, eq, ilike, ne, type SQL } from 'drizzle-orm'
import { isUuid } from '#app/domain/uuid.ts'
import { db } from '#db/client.server.ts'
import { profiles, reservedUsernames } from '#db/schema/profiles.ts'

/** A profile page may show only approved, active profiles (SPEC §4 and §6). */
const isPublic = and(eq(profiles.status, 'approved'), eq(profiles.visibilityStatus, 'active'))

export type SlugResolution =
  | { kind: 'profile'; id: string }
  | { kind: 'redirect'; username: string }
  | { kind: 'missing' }

const MAX_SLUG_LENGTH = 120

/**
 * Resolves /acompanhante/{slug} in the order of SPEC §4: (1) a public profile by username, or by
 * id when the slug is a UUID; (2) a reserved username pointing at a public profile that now has
 * another username; (3) a public profile whose name, with hyphens read as spaces, is the slug;
 * otherwise missing. Steps 2 and 3 answer with the username to redirect to.
 */
export async function resolveProfileSlug(slug: string): Promise<SlugResolution> {
  if (!slug || slug.length > MAX_SLUG_LENGTH || slug.includes('\0')) return { kind: 'missing' }
  const direct = await findPublic(
    isUuid(slug) ? eq(profiles.id, slug.toLowerCase()) : eq(profiles.username, slug.toLowerCase()),
  )
  if (direct) return { kind: 'profile', id: direct.id }

  const [reserved] = await db()
    .select({ username: profiles.username })
    .from(reservedUsernames)
    .innerJoin(profiles, eq(profiles.id, reservedUsernames.profileId))
    .where(
      and(
        eq(reservedUsernames.username, slug.toLowerCase()),
        ne(profiles.username, slug),
        isPublic,
      ),
    )
    .limit(1)
  if (reserved) return { kind: 'redirect', username: reserved.username }

  // The SPEC's name lookup: hyphens become spaces, compared case-insensitively. Wildcards in
  // the slug are escaped so that a slug never matches more than its own name.
  const name = slug.replace(/-/g, ' ').replace(/[\\%_]/g, (c) => `\\${c}`)
  const byName = await findPublic(ilike(profiles.name, name))
  if (byName) return { kind: 'redirect', username: byName.username }
  return { kind: 'missing' }
}

async function findPublic(condition: SQL) {
  const [row] = await db()
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(and(condition, isPublic))
    .orderBy(profiles.createdAt)
    .limit(1)
  return row
}
