import { describe, expect, it } from 'vitest'
import { loader as cityLoader } from '#app/routes/public/city.tsx'
import { createProfile } from '#tests/factories/profile.ts'
import { callRoute } from '#tests/support/route-call.ts'

// Issue 24 point 1: a page's hydration data holds what the page shows, not whole records.

describe('the city page', () => {
  it("sends its list of the city's profiles as names and addresses, and one language's service names", async () => {
    for (let i = 0; i < 3; i++) await createProfile({ city: 'Recife', citySlug: 'recife' })
    const answer = await callRoute(cityLoader, '/en/acompanhantes/recife', {
      params: { lang: 'en', citySlug: 'recife' },
    })
    expect(answer.status).toBe(200)
    const { cityList, services, page } = answer.data ?? {}
    expect(cityList.length).toBeGreaterThanOrEqual(3)
    for (const entry of cityList)
      expect(Object.keys(entry).sort()).toEqual(['id', 'name', 'username'])
    // The cards above it keep what a card shows.
    expect(page.profiles[0]).toHaveProperty('cover')
    expect(services.length).toBeGreaterThan(0)
    for (const service of services) expect(Object.keys(service).sort()).toEqual(['name', 'slug'])
    expect(services.map((s: { name: string }) => s.name)).toContain('Mature')
  })
})
