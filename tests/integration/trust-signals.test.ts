import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS } from '#app/domain/filters.ts'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import { hasVerifiedBadge } from '#app/domain/verified-badge.ts'
import { listProfiles } from '#app/modules/listing/queries.server.ts'
import { locationSuggestions } from '#app/modules/location/suggestions.server.ts'
import { profileCarousel } from '#app/modules/profile/carousel.server.ts'
import { publicProfile } from '#app/modules/profile/queries.server.ts'
import { db } from '#db/client.server.ts'
import { images } from '#db/schema/profiles.ts'
import { createProfile } from '#tests/factories/profile.ts'

// Issue 19 points 2, 3 and 5: what a visitor reads as a trust signal says the same everywhere.

const page = (citySlug: string) =>
  listProfiles({ citySlug, filters: DEFAULT_FILTERS, minute: 0, limit: 100, offset: 0 })

describe('the verified badge (point 3)', () => {
  const sample: { id: string; verificationStatus: string }[] = []
  beforeAll(async () => {
    // Every plan tier, with every mix of the facts the card and the page used to read apart.
    for (const membershipTier of MEMBERSHIP_TIERS) {
      for (const contactVerified of [true, false]) {
        for (const verificationStatus of ['approved', 'pending', 'not_submitted'] as const) {
          const profile = await createProfile({
            city: 'Fortaleza',
            citySlug: 'fortaleza',
            membershipTier,
            contactVerified,
            verificationStatus,
          })
          sample.push({ id: profile.id, verificationStatus })
        }
      }
    }
  })

  it('is the same on a card and on the profile page, for every tier', async () => {
    const cards = new Map((await page('fortaleza')).profiles.map((card) => [card.id, card]))
    expect(cards.size).toBe(sample.length)
    for (const { id, verificationStatus } of sample) {
      const profile = await publicProfile(id)
      const card = cards.get(id)
      expect(card?.verified, `${id} card vs page`).toBe(profile?.verified)
      // One rule: the team's identity check, not the contact check.
      expect(profile?.verified).toBe(hasVerifiedBadge(verificationStatus))
    }
    expect(sample.filter((p) => hasVerifiedBadge(p.verificationStatus))).toHaveLength(
      MEMBERSHIP_TIERS.length * 2,
    )
  })
})

describe('the cover photo (point 5)', () => {
  it('comes first on the public page, in the carousel preload and on the card', async () => {
    const profile = await createProfile({ city: 'Natal', citySlug: 'natal' })
    await createProfile({ city: 'Natal', citySlug: 'natal' })
    const photo = (name: string, displayOrder: number, isCover = false) => ({
      profileId: profile.id,
      url: `/${name}-640.webp`,
      storagePath: `cover-test/${name}`,
      displayOrder,
      isCover,
      width: 1080,
      height: 1440,
      variantWidths: [320, 640],
    })
    // She uploaded three and chose the last one as her cover.
    await db()
      .insert(images)
      .values([photo('first', 0), photo('second', 1), photo('chosen', 2, true)])
    const shown = await publicProfile(profile.id)
    expect(shown?.photos.map((p) => p.storagePath)).toEqual([
      'cover-test/chosen',
      'cover-test/first',
      'cover-test/second',
    ])
    const card = (await page('natal')).profiles.find((c) => c.id === profile.id)
    expect(card?.cover?.storagePath).toBe('cover-test/chosen')
    const other = (await page('natal')).profiles.find((c) => c.id !== profile.id)
    const carousel = other && (await profileCarousel({ id: other.id, citySlug: 'natal' }))
    expect(carousel?.next.photos[0]?.storagePath).toBe('cover-test/chosen')
  })
})

describe('touring profiles in a city (point 2)', () => {
  beforeAll(async () => {
    const local = { city: 'Rio Branco', citySlug: 'rio-branco' }
    // 3 based in Rio Branco (one of them touring too), 2 touring from elsewhere, 1 not touring.
    await createProfile(local)
    await createProfile(local)
    await createProfile({ ...local, touringAvailable: true })
    await createProfile({ city: 'Curitiba', citySlug: 'curitiba', touringAvailable: true })
    await createProfile({ city: 'Recife', citySlug: 'recife', touringAvailable: true })
    await createProfile({ city: 'Recife', citySlug: 'recife' })
    await createProfile({ ...local, touringAvailable: true, status: 'pending' })
  })

  it('lists the city’s own first, then the touring ones, and counts both', async () => {
    const listing = await page('rio-branco')
    const local = listing.profiles.filter((p) => p.citySlug === 'rio-branco')
    expect(local).toHaveLength(3)
    expect(listing.profiles.slice(0, 3)).toEqual(local)
    // Every public touring profile based elsewhere, in this file's database.
    const touringElsewhere = listing.profiles.filter((p) => p.citySlug !== 'rio-branco')
    expect(touringElsewhere.every((p) => p.touringAvailable)).toBe(true)
    expect(listing.touring).toBe(touringElsewhere.length)
    expect(listing.total).toBe(listing.profiles.length)
  })

  it('the location suggestions count what the city page counts', async () => {
    const listing = await page('rio-branco')
    const [suggestion] = await locationSuggestions('Rio Bran')
    expect(suggestion).toMatchObject({ slug: 'rio-branco', profileCount: listing.total })
    for (const slug of ['curitiba', 'recife']) {
      const city = await page(slug)
      const [match] = (await locationSuggestions(slug)).filter((s) => s.slug === slug)
      expect(match?.profileCount, slug).toBe(city.total)
    }
  })
})
