import { describe, expect, it } from 'vitest'
import { suggestLocations } from '#app/domain/location-search.ts'

const places = {
  cities: [
    { slug: 'sao-paulo', name: 'São Paulo', state: 'SP' },
    { slug: 'sao-luis', name: 'São Luís', state: 'MA' },
    { slug: 'salvador', name: 'Salvador', state: 'BA' },
    { slug: 'santo-andre', name: 'Santo André', state: 'SP' },
    { slug: 'sao-goncalo', name: 'São Gonçalo', state: 'RJ' },
    { slug: 'recife', name: 'Recife', state: 'PE' },
    { slug: 'rio-de-janeiro', name: 'Rio de Janeiro', state: 'RJ' },
  ],
  neighborhoods: [
    { citySlug: 'sao-paulo', slug: 'moema', name: 'Moema' },
    { citySlug: 'sao-paulo', slug: 'vila-mariana', name: 'Vila Mariana' },
    { citySlug: 'rio-de-janeiro', slug: 'sao-conrado', name: 'São Conrado' },
    { citySlug: 'salvador', slug: 'barra', name: 'Barra' },
    { citySlug: 'rio-de-janeiro', slug: 'barra-da-tijuca', name: 'Barra da Tijuca' },
  ],
  counts: {
    byCity: new Map([
      ['sao-paulo', 120],
      ['sao-luis', 3],
    ]),
    byNeighborhood: new Map([['sao-paulo/moema', 7]]),
  },
}

const names = (query: string) => suggestLocations(query, places).map((s) => s.fullName)

describe('suggestLocations (SPEC §5)', () => {
  it('needs at least 2 characters', () => {
    expect(names('')).toEqual([])
    expect(names('s')).toEqual([])
    expect(names(' ã ')).toEqual([])
  })

  it('ignores case and accents, cities first, then states, then neighbourhoods', () => {
    expect(names('SAO')).toEqual([
      'São Paulo, SP',
      'São Luís, MA',
      'São Gonçalo, RJ',
      'São Paulo',
      'São Conrado, Rio de Janeiro',
    ])
    expect(names('são luis')).toEqual(['São Luís, MA'])
  })

  it('finds states by name or by their whole code, counting the profiles of their cities', () => {
    const states = (query: string) =>
      suggestLocations(query, places)
        .filter((s) => s.type === 'state')
        .map(({ name, slug, parent, profileCount }) => ({ name, slug, parent, profileCount }))
    expect(states('SP')).toEqual([
      { name: 'São Paulo', slug: 'sp', parent: null, profileCount: 120 },
    ])
    expect(states('bahia')).toEqual([{ name: 'Bahia', slug: 'ba', parent: null, profileCount: 0 }])
    expect(states('sao paulo').map((s) => s.name)).toEqual(['São Paulo'])
    expect(states('ma').map((s) => s.name)).toEqual(['Maranhão'])
    expect(states('rj').map((s) => s.name)).toEqual(['Rio de Janeiro'])
    expect(names('zzzz')).toEqual([])
  })

  it('ranks prefix matches before word and inner matches', () => {
    expect(names('mari')).toEqual(['Vila Mariana, São Paulo'])
    expect(names('barra')).toEqual(['Barra, Salvador', 'Barra da Tijuca, Rio de Janeiro'])
  })

  it('returns at most 8 with type, slug, parent and profile count', () => {
    expect(suggestLocations('a', places)).toEqual([])
    const many = suggestLocations('a', {
      ...places,
      cities: Array.from({ length: 12 }, (_, i) => ({
        slug: `a${i}`,
        name: `Aa ${i}`,
        state: 'XX',
      })),
    })
    expect(many).toHaveLength(0)
    const eight = suggestLocations('aa', {
      ...places,
      cities: Array.from({ length: 12 }, (_, i) => ({
        slug: `a${i}`,
        name: `Aa ${i}`,
        state: 'XX',
      })),
    })
    expect(eight).toHaveLength(8)
    expect(suggestLocations('moe', places)).toEqual([
      {
        type: 'neighborhood',
        name: 'Moema',
        slug: 'moema',
        parent: 'sao-paulo',
        fullName: 'Moema, São Paulo',
        profileCount: 7,
      },
    ])
  })
})
