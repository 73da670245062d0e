import { describe, expect, it } from 'vitest'
import { citiesByState } from '#app/modules/location/city-directory.server.ts'
import { createProfile } from '#tests/factories/profile.ts'

// /{lang}/cidades (issue 19 point 9): every city with public profiles, grouped by state.

describe('citiesByState', () => {
  it('groups the cities with public profiles by state, counting those based there', async () => {
    await createProfile({ citySlug: 'sao-paulo' })
    await createProfile({ citySlug: 'sao-paulo' })
    await createProfile({ citySlug: 'campinas', city: 'Campinas' })
    await createProfile({ citySlug: 'salvador', city: 'Salvador', touringAvailable: true })
    // Not public: not counted, and Recife (no other profile) is left out.
    await createProfile({ citySlug: 'recife', city: 'Recife', visibilityStatus: 'hidden' })
    await createProfile({ citySlug: 'sao-paulo', status: 'pending' })

    const states = await citiesByState()
    expect(states.map((state) => state.code)).toEqual(['BA', 'SP'])
    const [bahia, saoPaulo] = states
    expect(bahia).toEqual({
      code: 'BA',
      name: 'Bahia',
      profileCount: 1,
      cities: [{ slug: 'salvador', name: 'Salvador', profileCount: 1 }],
    })
    expect(saoPaulo?.name).toBe('São Paulo')
    expect(saoPaulo?.profileCount).toBe(3)
    expect(saoPaulo?.cities).toEqual([
      { slug: 'campinas', name: 'Campinas', profileCount: 1 },
      { slug: 'sao-paulo', name: 'São Paulo', profileCount: 2 },
    ])
  })
})
