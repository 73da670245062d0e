import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS, type Filters, parseFilters } from '#app/domain/filters.ts'
import { rotateProfiles } from '#app/domain/ranking.ts'
import { type ListingQuery, listProfiles } from '#app/modules/listing/queries.server.ts'
import { db } from '#db/client.server.ts'
import { images, profileServices, profiles } from '#db/schema/profiles.ts'
import { createProfile } from '#tests/factories/profile.ts'

type Profile = Awaited<ReturnType<typeof createProfile>>
const created: Profile[] = []
const tiers = ['vip_plus', 'ouro', 'prata', 'bronze', 'basico', 'free'] as const

beforeAll(async () => {
  // 40 public profiles: 26 in São Paulo, 8 touring from Recife, 6 in Rio; plus hidden ones.
  for (let i = 0; i < 40; i++) {
    const city = i < 26 ? 'sao-paulo' : i < 34 ? 'recife' : 'rio-de-janeiro'
    created.push(
      await createProfile({
        username: `p-${String(i).padStart(2, '0')}`,
        city: city,
        citySlug: city,
        neighborhoodSlug: city === 'sao-paulo' ? (i % 2 ? 'moema' : 'pinheiros') : null,
        membershipTier: tiers[i % 4 === 0 ? i % 6 : 5],
        touringAvailable: city === 'recife',
        age: 20 + i,
        hourlyRate: 150 + i * 25,
        showAvailabilityStatus: i % 3 === 0,
        availableNow: i % 2 === 0,
        contactVerified: i % 5 !== 0,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      }),
    )
  }
  await createProfile({ status: 'pending', citySlug: 'sao-paulo' })
  await createProfile({ status: 'suspended', citySlug: 'sao-paulo' })
  await createProfile({ visibilityStatus: 'hidden', citySlug: 'sao-paulo' })
  await createProfile({ status: 'banned', citySlug: 'recife', touringAvailable: true })
  const [first, second] = created
  if (!first || !second) throw new Error('no profiles')
  await db()
    .insert(profileServices)
    .values([
      { profileId: first.id, serviceSlug: 'gfe' },
      { profileId: second.id, serviceSlug: 'gfe' },
      { profileId: second.id, serviceSlug: 'casais' },
    ])
  await db()
    .insert(images)
    .values([
      {
        profileId: first.id,
        url: '/x-640.webp',
        storagePath: 'a/back',
        displayOrder: 1,
        width: 1080,
        height: 1440,
        variantWidths: [320],
      },
      {
        profileId: first.id,
        url: '/y-640.webp',
        storagePath: 'a/cover',
        isCover: true,
        displayOrder: 2,
        width: 1080,
        height: 1440,
        variantWidths: [320, 640],
      },
      {
        profileId: first.id,
        url: '/z-640.webp',
        storagePath: 'a/doc',
        isCover: false,
        displayOrder: 0,
        verificationType: 'document',
        width: 10,
        height: 10,
      },
    ])
})

const query = (overrides: Partial<ListingQuery> & { filters?: Filters } = {}): ListingQuery => ({
  filters: DEFAULT_FILTERS,
  minute: 29_000_000,
  limit: 100,
  offset: 0,
  ...overrides,
})

const publicProfiles = () => created

describe('listProfiles', () => {
  it('matches the pure fair rotation exactly, for the city and its touring profiles', async () => {
    for (const minute of [29_000_000, 29_000_001, 29_000_037]) {
      const { profiles: page, total } = await listProfiles(query({ citySlug: 'sao-paulo', minute }))
      const expected = rotateProfiles(
        publicProfiles()
          .filter((p) => p.citySlug === 'sao-paulo' || p.touringAvailable)
          .map((p) => ({ ...p, createdAt: p.createdAt })),
        { citySlug: 'sao-paulo', minute },
      )
      expect(total).toBe(34)
      expect(page.map((p) => p.id)).toEqual(expected.map((p) => p.id))
    }
  })

  it('pages through one minute without repeating or skipping anyone', async () => {
    const seen: string[] = []
    for (let offset = 0; offset < 40; offset += 20) {
      const { profiles: page } = await listProfiles(
        query({ citySlug: 'sao-paulo', limit: 20, offset }),
      )
      seen.push(...page.map((p) => p.id))
    }
    expect(seen).toHaveLength(34)
    expect(new Set(seen).size).toBe(34)
  })

  it('gives the total even for a page past the end', async () => {
    const result = await listProfiles(query({ citySlug: 'sao-paulo', offset: 400 }))
    // 26 based in São Paulo and 8 touring from Recife; 6 of them show 'available now'.
    expect(result).toEqual({ profiles: [], total: 34, touring: 8, online: 6 })
    const first = await listProfiles(query({ citySlug: 'sao-paulo' }))
    expect([first.total, first.touring, first.online]).toEqual([34, 8, 6])
  })

  it('without a city lists every public profile and nothing else', async () => {
    const { profiles: page, total } = await listProfiles(query())
    expect(total).toBe(40)
    expect(new Set(page.map((p) => p.id))).toEqual(new Set(created.map((p) => p.id)))
  })

  it('neighbourhood pages show only that neighbourhood of the city', async () => {
    const { profiles: page } = await listProfiles(
      query({ citySlug: 'sao-paulo', neighborhoodSlug: 'moema' }),
    )
    expect(page).toHaveLength(13)
    expect(page.every((p) => p.neighborhood === 'Moema' && p.citySlug === 'sao-paulo')).toBe(true)
  })

  it('service pages show only profiles that offer the service', async () => {
    const { profiles: page } = await listProfiles(query({ serviceSlug: 'gfe' }))
    expect(page.map((p) => p.username).sort()).toEqual(['p-00', 'p-01'])
    const couples = await listProfiles(query({ citySlug: 'sao-paulo', serviceSlug: 'casais' }))
    expect(couples.profiles.map((p) => p.username)).toEqual(['p-01'])
  })

  it('applies age and price only when they differ from the defaults (60 and 1000: no limit)', async () => {
    const at = (q: string) => listProfiles(query({ filters: parseFilters(new URLSearchParams(q)) }))
    expect((await at('ageMin=18&ageMax=60')).total).toBe(40)
    // ages 20..59: 25 and over → 35; up to 30 → 11
    expect((await at('ageMin=25')).total).toBe(35)
    expect((await at('ageMax=30')).total).toBe(11)
    // rates 150..1125 step 25: at most 500 → 15
    expect((await at('priceMax=500')).total).toBe(15)
    // 1000 as the maximum is no upper limit: rates of 1000 and more
    expect((await at('priceMin=1000&priceMax=1000')).total).toBe(6)
    expect((await at('priceMin=950')).total).toBe(8)
  })

  it('filters on availability: shows the status and is available now', async () => {
    const { profiles: page } = await listProfiles(
      query({ filters: { ...DEFAULT_FILTERS, availability: true } }),
    )
    expect(page.map((p) => p.username).sort()).toEqual(
      created
        .filter((_, i) => i % 3 === 0 && i % 2 === 0)
        .map((p) => p.username)
        .sort(),
    )
    expect(page.every((p) => p.availableNow)).toBe(true)
  })

  it('joins the cover photo (public photos only) and never returns contact data', async () => {
    const { profiles: page } = await listProfiles(query())
    const first = page.find((p) => p.username === 'p-00')
    expect(first?.cover).toEqual({
      storagePath: 'a/cover',
      variantWidths: [320, 640],
      width: 1080,
      height: 1440,
    })
    expect(page.find((p) => p.username === 'p-02')?.cover).toBeNull()
    expect(JSON.stringify(page)).not.toMatch(/whatsapp|telegram|\+55/i)
  })

  it('status=all and verified give the same public set (approved counts as verified)', async () => {
    const all = await listProfiles(query({ filters: { ...DEFAULT_FILTERS, status: 'all' } }))
    expect(all.total).toBe(40)
  })
})

it('a touring profile without a city ranks with the touring ones, not before the city', async () => {
  const nowhere = await createProfile({
    username: 'touring-nowhere',
    city: null,
    citySlug: null,
    membershipTier: 'vip_plus',
    touringAvailable: true,
  })
  const { profiles: page } = await listProfiles(query({ citySlug: 'sao-paulo' }))
  const position = page.findIndex((p) => p.id === nowhere.id)
  const localCount = created.filter((p) => p.citySlug === 'sao-paulo').length
  expect(position).toBeGreaterThanOrEqual(localCount)
  await db().delete(profiles).where(eq(profiles.id, nowhere.id))
})

it('the profiles table holds the hidden ones too', async () => {
  expect((await db().select().from(profiles)).length).toBe(44)
})
