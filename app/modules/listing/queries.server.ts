import { type SQL, sql } from 'drizzle-orm'
import { ageBounds, type Filters, priceBounds } from '#app/domain/filters.ts'
import { MEMBERSHIP_TIERS, tierRankSql } from '#app/domain/membership.ts'
import { rotationGroupKey, rotationOffset } from '#app/domain/ranking.ts'
import { ratingSummary } from '#app/domain/reviews.ts'
import { verifiedBadgeSql } from '#app/domain/verified-badge.ts'
import { db } from '#db/client.server.ts'
import type { ListingPage, ProfileCardData } from './card.ts'

export interface ListingQuery {
  /** City being browsed: its profiles first, touring ones after (SPEC §7 city rule). */
  citySlug?: string
  /** Only this neighbourhood of citySlug (touring profiles have none, so they are left out). */
  neighborhoodSlug?: string
  /** Only profiles offering this service. */
  serviceSlug?: string
  filters: Filters
  /** Rotation minute (page 1's, carried by pagination links). */
  minute: number
  limit: number
  offset: number
}

/** The rotation offset of every possible group at a minute, as JSON for the query. */
function offsetsJson(minute: number): string {
  const offsets: Record<string, number> = {}
  for (const local of [true, false]) {
    for (const tier of MEMBERSHIP_TIERS) {
      const key = rotationGroupKey(local, tier)
      offsets[key] = rotationOffset(key, minute)
    }
  }
  return JSON.stringify(offsets)
}

function conditions(query: ListingQuery): SQL {
  const parts: SQL[] = [sql`p.status = 'approved'`, sql`p.visibility_status = 'active'`]
  if (query.citySlug && query.neighborhoodSlug) {
    parts.push(
      sql`p.city_slug = ${query.citySlug}`,
      sql`p.neighborhood_slug = ${query.neighborhoodSlug}`,
    )
  } else if (query.citySlug) {
    parts.push(sql`(p.city_slug = ${query.citySlug} or p.touring_available)`)
  }
  if (query.serviceSlug) {
    parts.push(
      sql`exists (select 1 from profile_services ps where ps.profile_id = p.id and ps.service_slug = ${query.serviceSlug})`,
    )
  }
  // The SPEC's verified rule: contact verified or approved.
  if (query.filters.status === 'verified') {
    parts.push(sql`(p.contact_verified or p.status = 'approved')`)
  }
  if (query.filters.availability) parts.push(sql`(p.show_availability_status and p.available_now)`)
  const age = ageBounds(query.filters)
  if (age.min !== undefined) parts.push(sql`p.age >= ${age.min}`)
  if (age.max !== undefined) parts.push(sql`p.age <= ${age.max}`)
  const price = priceBounds(query.filters)
  if (price.min !== undefined) parts.push(sql`p.hourly_rate >= ${price.min}`)
  if (price.max !== undefined) parts.push(sql`p.hourly_rate <= ${price.max}`)
  return sql.join(parts, sql` and `)
}

/** A card's columns as the listing SQL names them. */
export interface CardRow {
  id: string
  username: string
  name: string
  age: number | null
  city: string | null
  city_slug: string | null
  neighborhood: string | null
  description: string | null
  hourly_rate: number | null
  membership_tier: string
  verified: boolean
  touring_available: boolean
  available_now: boolean
  is_demo: boolean
  total: number
  touring: number
  online: number
  cover_path: string | null
  cover_widths: number[] | null
  cover_width: number | null
  cover_height: number | null
  /** The kept sums of the profile's published reviews (0 without any). */
  review_count: number
  rating_sum: number
}

/**
 * One page of public profiles in the fair order of SPEC §9, with the total, in one query:
 * matching profiles are placed in their rotation group with window functions, sorted, cut to the
 * page, and only then joined to their cover photo and neighbourhood name.
 */
export async function listProfiles(query: ListingQuery): Promise<ListingPage> {
  const result = await db().execute(listingSql(query))
  const rows = (result as unknown as { rows: CardRow[] }).rows
  const first = rows[0]
  const counts = first
    ? { total: first.total, touring: first.touring, online: first.online }
    : query.offset > 0
      ? await listingCounts(query)
      : { total: 0, touring: 0, online: 0 }
  return { profiles: rows.map(toCard), ...counts }
}

const TIER_RANK = sql.raw(tierRankSql('p.membership_tier'))
const VERIFIED = sql.raw(verifiedBadgeSql('p'))

/** Whether profile `p` is based in the city browsed (everyone is, outside a city listing). */
function localSql(query: ListingQuery): SQL {
  // coalesce: a touring profile without a city is not local (NULL would sort first).
  return query.citySlug ? sql`coalesce(p.city_slug = ${query.citySlug}, false)` : sql`true`
}

/** The SQL of listProfiles (exported for the query-plan test). */
export function listingSql(query: ListingQuery): SQL {
  const local = localSql(query)
  return sql`
    with matched as (
      select p.id, p.username, p.name, p.age, p.city, p.city_slug, p.neighborhood_slug,
        left(p.description, 61) as description, p.hourly_rate, p.membership_tier,
        ${VERIFIED} as verified,
        p.touring_available, (p.show_availability_status and p.available_now) as available_now,
        p.is_demo, p.created_at, ${local} as local,
        ${TIER_RANK} as tier_rank
      from profiles p
      where ${conditions(query)}
    ),
    placed as (
      select m.*,
        row_number() over (partition by m.local, m.membership_tier
          order by m.created_at desc, m.id desc) - 1 as pos,
        count(*) over (partition by m.local, m.membership_tier) as group_size,
        (count(*) over ())::int as total,
        (count(*) filter (where not m.local) over ())::int as touring,
        (count(*) filter (where m.available_now) over ())::int as online
      from matched m
    ),
    page as (
      select pl.*,
        mod(mod(pl.pos - mod((${offsetsJson(query.minute)}::jsonb
          ->> ((case when pl.local then 'local' else 'touring' end) || ':' || pl.membership_tier)
          )::bigint, pl.group_size), pl.group_size) + pl.group_size, pl.group_size) as turn
      from placed pl
      order by pl.local desc, pl.tier_rank desc, pl.membership_tier, turn
      limit ${query.limit} offset ${query.offset}
    )
    select pg.id, pg.username, pg.name, pg.age, pg.city, pg.city_slug, n.name as neighborhood,
      pg.description, pg.hourly_rate, pg.membership_tier, pg.verified, pg.touring_available,
      pg.available_now, pg.is_demo, pg.total, pg.touring, pg.online,
      c.storage_path as cover_path, c.variant_widths as cover_widths, c.width as cover_width,
      c.height as cover_height,
      coalesce(rs.review_count, 0) as review_count, coalesce(rs.rating_sum, 0) as rating_sum
    from page pg
    left join neighborhoods n on n.city_slug = pg.city_slug and n.slug = pg.neighborhood_slug
    left join profile_review_stats rs on rs.profile_id = pg.id
    left join lateral (
      select i.storage_path, i.variant_widths, i.width, i.height from images i
      where i.profile_id = pg.id and i.verification_type = 'profile' and i.media_type = 'image'
      order by i.is_cover desc, i.display_order
      limit 1
    ) c on true
    order by pg.local desc, pg.tier_rank desc, pg.membership_tier, pg.turn
  `
}

/** The counts of a listing query (used when a page lies past the end): as listProfiles'. */
export async function listingCounts(
  query: ListingQuery,
): Promise<{ total: number; touring: number; online: number }> {
  const local = localSql(query)
  const result = await db().execute(
    sql`select count(*)::int as total,
      (count(*) filter (where not ${local}))::int as touring,
      (count(*) filter (where p.show_availability_status and p.available_now))::int as online
      from profiles p where ${conditions(query)}`,
  )
  const row = (result as unknown as { rows: { total: number; touring: number; online: number }[] })
    .rows[0]
  return row ?? { total: 0, touring: 0, online: 0 }
}

export function toCard(row: Omit<CardRow, 'total' | 'touring' | 'online'>): ProfileCardData {
  // Counts of integer columns may come back as strings from some drivers: read them as numbers.
  const reviews = ratingSummary(Number(row.review_count ?? 0), Number(row.rating_sum ?? 0), 0)
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    age: row.age,
    city: row.city,
    citySlug: row.city_slug,
    neighborhood: row.neighborhood,
    description: row.description,
    hourlyRate: row.hourly_rate,
    membershipTier: row.membership_tier,
    verified: row.verified,
    touringAvailable: row.touring_available,
    availableNow: row.available_now,
    isDemo: row.is_demo,
    cover:
      row.cover_path && row.cover_widths && row.cover_width && row.cover_height
        ? {
            storagePath: row.cover_path,
            variantWidths: row.cover_widths,
            width: row.cover_width,
            height: row.cover_height,
          }
        : null,
    reviewCount: reviews.count,
    ratingAverage: reviews.average,
  }
}
