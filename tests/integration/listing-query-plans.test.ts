import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS, parseFilters } from '#app/domain/filters.ts'
import { type ListingQuery, listingSql } from '#app/modules/listing/queries.server.ts'
import { db } from '#db/client.server.ts'

// DESIGN.md: listing queries use indexes at 100,000 profiles. The rows are made in SQL (fast),
// spread over every city like real data: São Paulo about a tenth, 15% touring.
beforeAll(async () => {
  await db().execute(sql`
    insert into profiles (name, username, age, city, city_slug, neighborhood_slug, hourly_rate,
      membership_tier, status, visibility_status, touring_available, contact_verified, created_at)
    select 'Perfil ' || g, 'plan-' || g, 18 + g % 40, c.name, c.slug,
      case when c.slug = 'sao-paulo' then (array['moema','pinheiros','jardins'])[1 + g % 3] end,
      100 + (g % 19) * 50,
      (array['free','free','free','free','basico','bronze','prata','ouro','vip_plus'])[1 + g % 9],
      case when g % 50 = 0 then 'pending' else 'approved' end,
      case when g % 40 = 0 then 'hidden' else 'active' end,
      g % 7 = 0, true, now() - (g || ' minutes')::interval
    from generate_series(1, 100000) g
    join lateral (
      select slug, name from cities
      order by case when slug = 'sao-paulo' then 0 else 1 end, slug
      offset case when g % 10 = 0 then 0 else g % 47 + 1 end limit 1
    ) c on true
  `)
  await db().execute(sql`analyze profiles`)
}, 120_000)

async function plan(query: ListingQuery): Promise<string> {
  const result = await db().execute(sql`explain ${listingSql(query)}`)
  return (result as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n')
}

const base = { filters: DEFAULT_FILTERS, minute: 29_000_000, limit: 20, offset: 0 }

describe('listing query plans at 100,000 profiles', () => {
  it.each([
    ['a city with its touring profiles', { ...base, citySlug: 'recife' }],
    ['a big city', { ...base, citySlug: 'sao-paulo' }],
    ['a neighbourhood', { ...base, citySlug: 'sao-paulo', neighborhoodSlug: 'moema' }],
    [
      'a city with filters',
      {
        ...base,
        citySlug: 'recife',
        filters: parseFilters(new URLSearchParams('ageMin=25&priceMax=500')),
      },
    ],
    ['a city and a service', { ...base, citySlug: 'recife', serviceSlug: 'gfe' }],
  ])('%s reads profiles through an index', async (_name, query) => {
    const text = await plan(query)
    expect(text).not.toMatch(/Seq Scan on profiles/)
    expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/)
  })
})
