// @ts-check
// What the soak's traffic is made of (scripts/soak.mjs), found the way a visitor finds it: the
// location suggestions, then the links of the largest cities' pages and of some profile pages.
import { HEADERS } from './bench-support.mjs'
import { AGE_COOKIE } from './soak-visitors.mjs'

/** Cities whose pages, neighbourhoods and profiles make up the traffic (the largest first). */
const CITY_COUNT = 12
const PROFILE_PAGES_READ = 40
/** Profiles visited: those the city pages show first, the first ones most. */
const PROFILE_POOL = 300
/** Deepest listing page visited; page 1 is by far the most visited. */
const MAX_LISTING_PAGE = 10
const LISTING_PAGE_SIZE = 20

/** A page's text for discovery (the signed-out visitor who has passed the age gate). */
export async function text(/** @type {string} */ baseUrl, /** @type {string} */ page) {
  const response = await fetch(`${baseUrl}${page}`, {
    headers: { ...HEADERS, cookie: AGE_COOKIE },
    redirect: 'manual',
  })
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`)
  return response.text()
}

/** Every distinct `href` of a page matching `pattern` (first group), in page order. */
export function links(/** @type {string} */ html, /** @type {RegExp} */ pattern) {
  const found = new Set()
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] ?? '').replaceAll('&amp;', '&')
    const hit = pattern.exec(href)
    if (hit) found.add(hit[1] ?? hit[0])
  }
  return [...found]
}

/**
 * What the traffic is made of, found the way a visitor finds it: cities and place names from
 * the location suggestions, then the links of the city pages and of some profile pages.
 * @param {string} baseUrl
 */
export async function discover(baseUrl) {
  /** @type {Map<string, { name: string, profiles: number }>} */
  const cities = new Map()
  /** @type {Set<string>} */
  const placeNames = new Set()
  for (const query of ['sa', 'ri', 'be', 'fo', 'cu', 're', 'po', 'br', 'ma', 'go', 'ca', 'jo']) {
    const suggestions =
      /** @type {{ type: string, slug: string, name: string, profileCount: number }[]} */ (
        JSON.parse(await text(baseUrl, `/api/locations?q=${query}`))
      )
    for (const place of suggestions) {
      placeNames.add(place.name)
      if (place.type === 'city')
        cities.set(place.slug, { name: place.name, profiles: place.profileCount })
    }
  }
  const largest = [...cities.entries()]
    .sort((a, b) => b[1].profiles - a[1].profiles)
    .slice(0, CITY_COUNT)
  /** @type {{ slug: string, pages: number }[]} */
  const cityPages = []
  const neighborhoods = new Set()
  const cityServices = new Set()
  /** @type {string[][]} */
  const profilesByCity = []
  for (const [slug, city] of largest) {
    const html = await text(baseUrl, `/pt/acompanhantes/${slug}`)
    cityPages.push({
      slug,
      pages: Math.max(1, Math.min(MAX_LISTING_PAGE, Math.floor(city.profiles / LISTING_PAGE_SIZE))),
    })
    for (const link of links(html, /^\/pt(\/bairro\/[a-z0-9-]+\/[a-z0-9-]+)$/))
      neighborhoods.add(link)
    for (const link of links(html, new RegExp(`^/pt(/acompanhantes/${slug}/[a-z0-9-]+)$`)))
      cityServices.add(link)
    profilesByCity.push(links(html, /^\/acompanhante\/[a-z0-9-]+(?:\?ref_city=[a-z0-9-]+)?$/))
  }
  // The first profile of each city, then the second of each…: the most visited come first.
  const profiles = new Set()
  for (let rank = 0; profiles.size < PROFILE_POOL && profilesByCity.some((l) => l[rank]); rank++) {
    for (const list of profilesByCity) if (list[rank]) profiles.add(list[rank])
  }
  const contacts = new Set()
  const services = new Set()
  for (const profile of [...profiles].slice(0, PROFILE_PAGES_READ)) {
    const html = await text(baseUrl, profile)
    for (const link of links(html, /^\/contato\/[0-9a-f-]{36}\/[a-z]+$/)) contacts.add(link)
    for (const link of links(html, /^\/pt(\/servicos\/[a-z0-9-]+)$/)) services.add(link)
  }
  const found = {
    cityPages,
    neighborhoods: [...neighborhoods],
    cityServices: [...cityServices],
    services: [...services],
    profiles: [...profiles],
    contacts: [...contacts],
    placeNames: [...placeNames],
  }
  for (const [name, list] of Object.entries(found)) {
    if (list.length === 0) throw new Error(`nothing found for ${name}: is the database seeded?`)
  }
  return found
}

/** @typedef {Awaited<ReturnType<typeof discover>>} Site */
