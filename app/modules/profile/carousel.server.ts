import { sql } from 'drizzle-orm'
import { CAROUSEL_UNKNOWN_TIER_RANK, tierRankSql } from '#app/domain/membership.ts'
import { db } from '#db/client.server.ts'
import type { Carousel, CarouselPhoto } from './carousel.ts'

/** Other profiles the carousel steps through besides the current one (SPEC §9). */
export const CAROUSEL_OTHERS = 20
/** Photos of a neighbour loaded ahead of time (SPEC §7 prefetch). */
export const PRELOADED_PHOTOS = 3

interface Row {
  id: string
  username: string
  name: string
  photos: CarouselPhoto[] | null
}

const tierRank = sql.raw(tierRankSql('p.membership_tier', CAROUSEL_UNKNOWN_TIER_RANK))

/**
 * The carousel around a profile (SPEC §7, §9): the approved profiles of its city in the order
 * tier rank, premium first, newest, cut to the current one plus 20 others; when the current one
 * is not among the city's first 21 it leads the list. Neighbours wrap at both ends. One query,
 * which also brings each profile's first photos so the page can preload its neighbours'.
 * Undefined when the profile has no city or no other profile shares it.
 */
export async function profileCarousel(profile: {
  id: string
  citySlug: string | null
}): Promise<Carousel | undefined> {
  if (!profile.citySlug) return undefined
  const result = await db().execute(sql`
    select p.id, p.username, p.name, photos.list as photos
    from (
      select p.id, p.username, p.name, p.is_premium, p.created_at, ${tierRank} as tier_rank
      from profiles p
      where p.status = 'approved' and p.visibility_status = 'active'
        and p.city_slug = ${profile.citySlug}
      order by tier_rank desc, p.is_premium desc, p.created_at desc, p.id
      limit ${CAROUSEL_OTHERS + 1}
    ) p
    left join lateral (
      select json_agg(json_build_object(
        'storagePath', i.storage_path, 'variantWidths', i.variant_widths,
        'width', i.width, 'height', i.height) order by i.is_cover desc, i.display_order) as list
      from (
        select storage_path, variant_widths, width, height, is_cover, display_order from images
        where profile_id = p.id and verification_type = 'profile' and media_type = 'image'
          and storage_path is not null and width is not null and height is not null
        -- The cover first, as her page shows it.
        order by is_cover desc, display_order
        limit ${PRELOADED_PHOTOS}
      ) i
    ) photos on true
    order by p.tier_rank desc, p.is_premium desc, p.created_at desc, p.id`)
  const rows = (result as unknown as { rows: Row[] }).rows
  const list = rows.map((row) => ({ ...row, photos: row.photos ?? [] }))
  let index = list.findIndex((entry) => entry.id === profile.id)
  if (index === -1) {
    // Not public (or not in this city's first 21): it leads, followed by the first 20.
    list.length = Math.min(list.length, CAROUSEL_OTHERS)
    list.unshift({ id: profile.id, username: '', name: '', photos: [] })
    index = 0
  }
  if (list.length < 2) return undefined
  const previous = list[(index - 1 + list.length) % list.length]
  const next = list[(index + 1) % list.length]
  if (!previous || !next) return undefined
  return { position: index + 1, total: list.length, previous, next }
}
