import { describe, expect, it } from 'vitest'
import { normalizeSlug } from '#app/domain/slug.ts'
import { demoProfiles } from '#db/seed/demo/profiles.ts'
import { cities } from '#db/seed/reference/cities.ts'
import { neighborhoods } from '#db/seed/reference/neighborhoods.ts'
import { services } from '#db/seed/reference/services.ts'
import type { Region } from '#db/seed/reference/types.ts'

/** The 27 state capitals (Brasília for the Federal District) and their UF. */
const CAPITALS: Record<string, string> = {
  'rio-branco': 'AC',
  maceio: 'AL',
  macapa: 'AP',
  manaus: 'AM',
  salvador: 'BA',
  fortaleza: 'CE',
  brasilia: 'DF',
  vitoria: 'ES',
  goiania: 'GO',
  'sao-luis': 'MA',
  cuiaba: 'MT',
  'campo-grande': 'MS',
  'belo-horizonte': 'MG',
  belem: 'PA',
  'joao-pessoa': 'PB',
  curitiba: 'PR',
  recife: 'PE',
  teresina: 'PI',
  'rio-de-janeiro': 'RJ',
  natal: 'RN',
  'porto-alegre': 'RS',
  'porto-velho': 'RO',
  'boa-vista': 'RR',
  florianopolis: 'SC',
  'sao-paulo': 'SP',
  aracaju: 'SE',
  palmas: 'TO',
}

const REGIONS: Region[] = ['Sudeste', 'Nordeste', 'Sul', 'Centro-Oeste', 'Norte']

const FEATURED = [
  'sao-paulo',
  'rio-de-janeiro',
  'belo-horizonte',
  'salvador',
  'fortaleza',
  'porto-alegre',
  'brasilia',
  'recife',
  'curitiba',
  'goiania',
]

const NEIGHBORHOOD_CITIES = ['sao-paulo', 'rio-de-janeiro', 'belo-horizonte', 'recife', 'fortaleza']

const TIERS = ['vip_plus', 'ouro', 'prata', 'bronze', 'basico', 'free']

const citySlugs = new Set(cities.map((city) => city.slug))

describe('cities', () => {
  it('has 48 cities with unique, normalised slugs', () => {
    expect(cities).toHaveLength(48)
    expect(citySlugs.size).toBe(48)
    for (const city of cities) {
      expect(city.slug).toBe(normalizeSlug(city.name))
    }
  })

  it('starts with the ten featured cities, then sorts by population', () => {
    expect(cities.slice(0, 10).map((city) => city.slug)).toEqual(FEATURED)
    const rest = cities.slice(10).map((city) => city.population)
    expect(rest).toEqual([...rest].sort((a, b) => b - a))
  })

  it('includes exactly one capital for each of the 27 UFs', () => {
    const capitalSlugs = Object.keys(CAPITALS)
    expect(new Set(Object.values(CAPITALS)).size).toBe(27)
    for (const slug of capitalSlugs) {
      const city = cities.find((c) => c.slug === slug)
      expect(city, slug).toBeDefined()
      expect(city?.state).toBe(CAPITALS[slug])
    }
    const states = new Set(cities.map((city) => city.state))
    expect(states.size).toBe(27)
    for (const state of states) {
      const capitals = capitalSlugs.filter(
        (slug) => CAPITALS[slug] === state && citySlugs.has(slug),
      )
      expect(capitals, state).toHaveLength(1)
    }
  })

  it('has valid regions, coordinates, populations and descriptions', () => {
    for (const city of cities) {
      expect(REGIONS).toContain(city.region)
      expect(city.state).toMatch(/^[A-Z]{2}$/)
      expect(city.lat).toBeGreaterThanOrEqual(-34)
      expect(city.lat).toBeLessThanOrEqual(6)
      expect(city.lng).toBeGreaterThanOrEqual(-74)
      expect(city.lng).toBeLessThanOrEqual(-34)
      expect(Number.isInteger(city.population)).toBe(true)
      expect(city.population).toBeGreaterThan(0)
      expect(city.description.pt.trim()).not.toBe('')
      expect(city.description.en.trim()).not.toBe('')
    }
  })
})

describe('neighborhoods', () => {
  it('covers the five cities with at least 8 neighbourhoods each', () => {
    for (const citySlug of NEIGHBORHOOD_CITIES) {
      const count = neighborhoods.filter((n) => n.citySlug === citySlug).length
      expect(count, citySlug).toBeGreaterThanOrEqual(8)
    }
  })

  it('has normalised slugs, unique per city, in known cities', () => {
    const keys = new Set<string>()
    for (const n of neighborhoods) {
      expect(citySlugs.has(n.citySlug), n.citySlug).toBe(true)
      expect(n.slug).toBe(normalizeSlug(n.name))
      const key = `${n.citySlug}/${n.slug}`
      expect(keys.has(key), key).toBe(false)
      keys.add(key)
    }
  })

  it('has populations, descriptions and landmarks', () => {
    for (const n of neighborhoods) {
      expect(Number.isInteger(n.population)).toBe(true)
      expect(n.population).toBeGreaterThan(0)
      expect(n.description.pt.trim()).not.toBe('')
      expect(n.description.en.trim()).not.toBe('')
      expect(n.landmarks.length).toBeGreaterThanOrEqual(2)
      expect(n.landmarks.length).toBeLessThanOrEqual(4)
    }
  })
})

describe('services', () => {
  it('has exactly the six services in order', () => {
    expect(services.map((s) => s.slug)).toEqual([
      'gfe',
      'fetiche',
      'casais',
      'maduras',
      'jovens',
      'premium',
    ])
  })

  it('has complete texts in both languages', () => {
    for (const service of services) {
      for (const lang of ['pt', 'en'] as const) {
        expect(service.name[lang].trim()).not.toBe('')
        expect(service.description[lang].trim()).not.toBe('')
        expect(service.content[lang].trim()).not.toBe('')
        expect(service.metaDescription[lang].trim()).not.toBe('')
        expect(service.metaDescription[lang].length).toBeLessThanOrEqual(160)
        expect(service.keywords[lang].length).toBeGreaterThanOrEqual(3)
      }
    }
  })

  it('states that young advertisers are verified adults (18+)', () => {
    const jovens = services.find((s) => s.slug === 'jovens')
    expect(jovens?.content.pt).toContain('18 anos')
    expect(jovens?.content.en).toContain('18')
  })
})

describe('demo profiles', () => {
  const serviceSlugs = new Set<string>(services.map((s) => s.slug))

  it('has 12 profiles with unique usernames', () => {
    expect(demoProfiles).toHaveLength(12)
    const usernames = new Set(demoProfiles.map((p) => p.username))
    expect(usernames.size).toBe(12)
    for (const profile of demoProfiles) {
      expect(profile.username).toMatch(/^[a-z0-9-]+$/)
    }
  })

  it('has invented names of 5 to 18 letters or spaces', () => {
    for (const profile of demoProfiles) {
      expect(profile.name).toMatch(/^[\p{L} ]{5,18}$/u)
    }
  })

  it('places every profile in a known neighbourhood of its city', () => {
    for (const profile of demoProfiles) {
      const found = neighborhoods.some(
        (n) => n.citySlug === profile.citySlug && n.slug === profile.neighborhoodSlug,
      )
      expect(found, `${profile.citySlug}/${profile.neighborhoodSlug}`).toBe(true)
    }
  })

  it('only uses known services', () => {
    for (const profile of demoProfiles) {
      expect(profile.services.length).toBeGreaterThanOrEqual(1)
      expect(profile.services.length).toBeLessThanOrEqual(4)
      for (const slug of profile.services) {
        expect(serviceSlugs.has(slug), slug).toBe(true)
      }
    }
  })

  it('uses every membership tier', () => {
    const used = new Set<string>(demoProfiles.map((p) => p.membershipTier))
    for (const tier of TIERS) {
      expect(used.has(tier), tier).toBe(true)
    }
  })

  it('keeps numbers and contacts within the documented ranges', () => {
    for (const profile of demoProfiles) {
      expect(profile.age).toBeGreaterThanOrEqual(21)
      expect(profile.age).toBeLessThanOrEqual(45)
      expect(profile.hourlyRate % 50).toBe(0)
      expect(profile.hourlyRate).toBeGreaterThanOrEqual(200)
      expect(profile.hourlyRate).toBeLessThanOrEqual(900)
      expect(profile.description.length).toBeGreaterThanOrEqual(120)
      expect(profile.description.length).toBeLessThanOrEqual(280)
      expect(profile.whatsapp).toMatch(/^\+55\d{2}9\d{8}$/)
      expect(profile.imageCount).toBeGreaterThanOrEqual(2)
      expect(profile.imageCount).toBeLessThanOrEqual(6)
      expect(profile.createdDaysAgo).toBeGreaterThanOrEqual(1)
      expect(profile.createdDaysAgo).toBeLessThanOrEqual(120)
      for (const colour of profile.palette) {
        expect(colour).toMatch(/^#[0-9a-f]{6}$/i)
      }
    }
  })
})
