import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { loader as homeLoader } from '#app/routes/public/home.tsx'
import { loader as languageLoader } from '#app/routes/public/language-layout.tsx'
import { createProfile } from '#tests/factories/profile.ts'

type LoaderArgs = Parameters<typeof rootLoader>[0]
const args = (url: string, headers: Record<string, string> = {}, params = {}) =>
  ({ request: new Request(url, { headers }), params, context: {} }) as unknown as LoaderArgs

describe('root loader', () => {
  it('takes the language from the path and stores it in an httpOnly cookie', async () => {
    const result = await rootLoader(args('http://localhost/en/'))
    expect(result.data.language).toBe('en')
    expect(new Headers(result.init?.headers).get('set-cookie')).toMatch(
      /^aprova-lang=en; Path=\/;.*HttpOnly/,
    )
  })

  it('does not set the cookie again when it already holds the language', async () => {
    const result = await rootLoader(args('http://localhost/en/', { cookie: 'aprova-lang=en' }))
    expect(new Headers(result.init?.headers).has('set-cookie')).toBe(false)
  })

  it('follows the stored value, then ?lang=, then the browser outside /pt and /en', async () => {
    const stored = await rootLoader(
      args('http://localhost/auth?lang=pt', { cookie: 'x=1; aprova-lang=en' }),
    )
    expect(stored.data.language).toBe('en')
    const query = await rootLoader(args('http://localhost/auth?lang=en'))
    expect(query.data.language).toBe('en')
    const browser = await rootLoader(args('http://localhost/auth', { 'accept-language': 'en-GB' }))
    expect(browser.data.language).toBe('en')
    expect(new Headers(browser.init?.headers).has('set-cookie')).toBe(false)
  })

  it('gives the names of the navigation cities', async () => {
    const result = await rootLoader(args('http://localhost/pt/'))
    expect(result.data.cities).toMatchObject({
      'sao-paulo': 'São Paulo',
      'rio-de-janeiro': 'Rio de Janeiro',
      'belo-horizonte': 'Belo Horizonte',
      salvador: 'Salvador',
      fortaleza: 'Fortaleza',
      brasilia: 'Brasília',
      'porto-alegre': 'Porto Alegre',
      curitiba: 'Curitiba',
      florianopolis: 'Florianópolis',
    })
  })
})

describe('language layout loader', () => {
  it.each(['pt', 'en'])('accepts /%s', (lang) => {
    expect(languageLoader(args(`http://localhost/${lang}/`, {}, { lang }) as never)).toBeNull()
  })

  it('answers 404 for any other first segment', () => {
    try {
      languageLoader(args('http://localhost/de/', {}, { lang: 'de' }) as never)
      expect.unreachable()
    } catch (error) {
      expect((error as Response).status).toBe(404)
    }
  })
})

describe('home loader', () => {
  const home = async (url: string, headers: Record<string, string> = {}) =>
    homeLoader({
      request: new Request(url, { headers }),
      params: { lang: 'pt' },
      context: { cspNonce: '', clientIp: '127.0.0.1' },
    } as never)

  it('features only approved, active profiles, best tier first', async () => {
    const old = await createProfile({ createdAt: new Date('2026-01-01') })
    const recent = await createProfile({ createdAt: new Date('2026-06-01') })
    const gold = await createProfile({ membershipTier: 'ouro', createdAt: new Date('2025-01-01') })
    await createProfile({ status: 'pending' })
    await createProfile({ status: 'suspended' })
    await createProfile({ visibilityStatus: 'hidden' })
    const { data } = await home('http://localhost/pt/')
    const ids = data.featured?.map((p) => p.id) ?? []
    expect(ids[0]).toBe(gold.id)
    // The two free profiles take turns (fair rotation), so only their set is fixed.
    expect(new Set(ids.slice(1))).toEqual(new Set([recent.id, old.id]))
    // Cards never carry contact data.
    expect(JSON.stringify(data)).not.toMatch(/whatsapp|telegram/i)
    expect(data.counts?.national).toBe(3)
  })

  it('shows the feed of the geolocated city, São Paulo by default, kept in a cookie', async () => {
    const result = await home('http://localhost/pt/')
    expect(result.data.city).toEqual({ slug: 'sao-paulo', name: 'São Paulo' })
    expect(result.init?.headers).toEqual({
      'Set-Cookie': expect.stringMatching(/^aprova-geo=sao-paulo;/),
    })
    const kept = await home('http://localhost/pt/', { cookie: 'aprova-geo=recife' })
    expect(kept.data.city.slug).toBe('recife')
    expect(kept.init?.headers).toBeUndefined()
    const cdn = await home('http://localhost/pt/', {
      'cf-ipcity': 'Curitiba',
      'cf-ipcountry': 'BR',
    })
    expect(cdn.data.city.slug).toBe('curitiba')
  })

  it('lets a city in the URL override the geolocation', async () => {
    const result = await home('http://localhost/pt/?city=salvador', { cookie: 'aprova-geo=recife' })
    expect(result.data.city).toEqual({ slug: 'salvador', name: 'Salvador' })
  })
})
