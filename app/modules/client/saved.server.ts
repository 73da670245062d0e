import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { FAVORITES_MAX, HISTORY_SIZE } from '#app/domain/client-area.ts'
import { verifiedBadgeSql } from '#app/domain/verified-badge.ts'
import { type CardRow, toCard } from '#app/modules/listing/queries.server.ts'
import { db } from '#db/client.server.ts'
import { clientProfiles } from '#db/schema/auth.ts'
import { favorites, recentlyViewed } from '#db/schema/clients.ts'
import { profiles } from '#db/schema/profiles.ts'
import type { SavedEntry } from './saved-entry.ts'

// A client's favourites and recently viewed profiles (issue 9 items 1 and 4). Every function
// takes the signed-in client's own id from the route's guard and reads or changes only that
// client's rows: no route accepts another user's id.

const PUBLIC = sql`p.status = 'approved' and p.visibility_status = 'active'`

interface SavedRow extends Omit<CardRow, 'total' | 'id' | 'username' | 'name'> {
  entry_id: string
  at: Date | string
  id: string | null
  username: string | null
  name: string | null
  public: boolean | null
}

const VERIFIED = sql.raw(verifiedBadgeSql('p'))

/** The card columns of a public profile `p`, with its neighbourhood and cover. */
function savedSql(from: ReturnType<typeof sql>, limit: number) {
  return sql`
    select s.entry_id, s.at, p.id, p.username, p.name, (${PUBLIC}) as public,
      p.age, p.city, p.city_slug, n.name as neighborhood, left(p.description, 61) as description,
      p.hourly_rate, p.membership_tier,
      ${VERIFIED} as verified,
      p.touring_available, (p.show_availability_status and p.available_now) as available_now,
      p.is_demo,
      c.storage_path as cover_path, c.variant_widths as cover_widths, c.width as cover_width,
      c.height as cover_height,
      coalesce(rs.review_count, 0) as review_count, coalesce(rs.rating_sum, 0) as rating_sum
    from (${from}) s
    left join profiles p on p.id = s.profile_id
    left join profile_review_stats rs on rs.profile_id = p.id and ${PUBLIC}
    left join neighborhoods n on n.city_slug = p.city_slug and n.slug = p.neighborhood_slug
      and ${PUBLIC}
    left join lateral (
      select i.storage_path, i.variant_widths, i.width, i.height from images i
      where i.profile_id = p.id and i.verification_type = 'profile' and i.media_type = 'image'
        and ${PUBLIC}
      order by i.is_cover desc, i.display_order
      limit 1
    ) c on true
    order by s.at desc, s.entry_id desc
    limit ${limit}
  `
}

function toEntry(row: SavedRow): SavedEntry {
  const at = new Date(row.at).toISOString()
  if (!row.id || !row.name) return { kind: 'removed', entryId: row.entry_id, at }
  if (!row.public || !row.username) {
    return { kind: 'unavailable', entryId: row.entry_id, at, profileId: row.id, name: row.name }
  }
  return {
    kind: 'public',
    entryId: row.entry_id,
    at,
    card: toCard({ ...row, id: row.id, username: row.username, name: row.name }),
  }
}

async function savedRows(query: ReturnType<typeof sql>): Promise<SavedEntry[]> {
  const result = await db().execute(query)
  return (result as unknown as { rows: SavedRow[] }).rows.map(toEntry)
}

/** The client's favourites, newest first, each with the profile's state now. One query. */
export function favoritesOf(userId: string): Promise<SavedEntry[]> {
  return savedRows(
    savedSql(
      sql`select f.id::text as entry_id, f.created_at as at, f.profile_id from favorites f
        where f.user_id = ${userId}`,
      FAVORITES_MAX,
    ),
  )
}

/** The profiles the client opened lately, newest first; deleted ones are gone with them. */
export function historyOf(userId: string): Promise<SavedEntry[]> {
  return savedRows(
    savedSql(
      sql`select r.profile_id::text as entry_id, r.viewed_at as at, r.profile_id
        from recently_viewed r where r.user_id = ${userId}`,
      HISTORY_SIZE,
    ),
  )
}

/** Ids of the profiles the client saved (for the hearts on cards and profile pages). */
export async function favoriteIdsOf(userId: string): Promise<string[]> {
  const rows = await db()
    .select({ profileId: favorites.profileId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt))
    .limit(FAVORITES_MAX)
  return rows.flatMap((row) => (row.profileId ? [row.profileId] : []))
}

/**
 * `kept`: the asked profiles now in the list (new or saved before); `left`: the asked ones not
 * saved because they are not public now. Nothing is saved on 'full' or 'notPublic'.
 */
export type FavoriteResult =
  | { ok: true; kept: number; left: number }
  | { ok: false; error: 'notPublic' | 'full' }

/**
 * Saves public profiles as the client's favourites (one from a heart, or the ones saved on a
 * device before signing in); already saved ones stay as they were. 'full' when the list would
 * pass FAVORITES_MAX; 'notPublic' when none of them is public now.
 */
export async function addFavorites(userId: string, profileIds: string[]): Promise<FavoriteResult> {
  const notPublic = { ok: false, error: 'notPublic' } as const
  if (profileIds.length === 0) return notPublic
  return addInside(userId, profileIds).catch((error: unknown) => {
    // A profile deleted between the check and the insert.
    if (isForeignKeyViolation(error)) return notPublic
    throw error
  })
}

function addInside(userId: string, profileIds: string[]): Promise<FavoriteResult> {
  return db().transaction(async (tx): Promise<FavoriteResult> => {
    // One client's adds one after another, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('favorites:' || ${userId}))`)
    const publicIds = (
      await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            inArray(profiles.id, profileIds),
            eq(profiles.status, 'approved'),
            eq(profiles.visibilityStatus, 'active'),
          ),
        )
    ).map((row) => row.id)
    if (publicIds.length === 0) return { ok: false, error: 'notPublic' }
    const [count] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        present: sql<number>`count(*) filter (where ${inArray(favorites.profileId, publicIds)})::int`,
      })
      .from(favorites)
      .where(eq(favorites.userId, userId))
    const total = count?.total ?? 0
    const present = count?.present ?? 0
    if (total - present + publicIds.length > FAVORITES_MAX) return { ok: false, error: 'full' }
    await tx
      .insert(favorites)
      .values(publicIds.map((profileId) => ({ userId, profileId })))
      .onConflictDoNothing()
    return { ok: true, kept: publicIds.length, left: new Set(profileIds).size - publicIds.length }
  })
}

/**
 * Removes a favourite by profile, or by entry (a removed profile has no id left); whether there
 * was one.
 */
export async function removeFavorite(
  userId: string,
  target: { profileId: string } | { entryId: string },
): Promise<boolean> {
  const removed = await db()
    .delete(favorites)
    .where(
      and(
        eq(favorites.userId, userId),
        'profileId' in target
          ? eq(favorites.profileId, target.profileId)
          : eq(favorites.id, target.entryId),
      ),
    )
    .returning({ id: favorites.id })
  return removed.length > 0
}

/** A profile deleted between a check and a write: PostgreSQL's foreign-key violation. */
function isForeignKeyViolation(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown })?.cause].map(
    (one) => (one as { code?: unknown } | undefined)?.code,
  )
  return codes.includes('23503')
}

/**
 * Notes that a client opened a public profile, unless the client turned the history off (read
 * under a share lock, so turning it off at the same moment cannot be overtaken); the oldest
 * entries past HISTORY_SIZE go. False when nothing was kept.
 */
export async function recordView(userId: string, profileId: string): Promise<boolean> {
  try {
    return await db().transaction(async (tx) => {
      const setting = await tx.execute(
        sql`select keep_history from client_profiles where user_id = ${userId} for share`,
      )
      const [row] = (setting as unknown as { rows: { keep_history: boolean }[] }).rows
      if (row?.keep_history === false) return false
      const kept = await tx.execute(sql`
        insert into recently_viewed (user_id, profile_id, viewed_at)
        select ${userId}, p.id, now() from profiles p where p.id = ${profileId} and ${PUBLIC}
        on conflict (user_id, profile_id) do update set viewed_at = excluded.viewed_at
        returning profile_id
      `)
      if ((kept as unknown as { rows: unknown[] }).rows.length === 0) return false
      await tx.execute(sql`
        delete from recently_viewed r where r.user_id = ${userId} and r.profile_id not in (
          select k.profile_id from recently_viewed k where k.user_id = ${userId}
          order by k.viewed_at desc limit ${HISTORY_SIZE}
        )
      `)
      return true
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

/** Removes one profile from the history, or all of them. */
export async function forgetViews(userId: string, profileId?: string): Promise<void> {
  await db()
    .delete(recentlyViewed)
    .where(
      and(
        eq(recentlyViewed.userId, userId),
        profileId ? eq(recentlyViewed.profileId, profileId) : undefined,
      ),
    )
}

/** Turns the history on or off; off also clears it. */
export async function setKeepHistory(userId: string, keep: boolean): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .insert(clientProfiles)
      .values({ userId, keepHistory: keep })
      .onConflictDoUpdate({
        target: clientProfiles.userId,
        set: { keepHistory: keep, updatedAt: sql`now()` },
      })
    if (!keep) await tx.delete(recentlyViewed).where(eq(recentlyViewed.userId, userId))
  })
}

/** Whether the client keeps a history (on unless turned off). */
export async function keepsHistory(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ keep: clientProfiles.keepHistory })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, userId))
  return row?.keep ?? true
}
