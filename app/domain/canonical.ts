import { LANGUAGES } from './language.ts'
import { normalizeSlug } from './slug.ts'

// Canonical addresses (SPEC §2 redirects, §5 slug normalisation): unprefixed and legacy paths
// move to /pt/…, and every city, neighbourhood and service slug, in the path or in the query
// parameters city, neighborhood and service, is normalised and, when it is one letter away from
// a known slug ('so-paulo', 'saoo-paulo'), corrected to it. All of it as one pure function of
// the URL and the known slugs, so a test can walk any table of URLs.

export interface KnownSlugs {
  cities: ReadonlySet<string>
  services: ReadonlySet<string>
  /** Neighbourhood slugs by city slug. */
  neighborhoods: ReadonlyMap<string, ReadonlySet<string>>
}

/** Paths that exist only under /pt or /en; without the prefix they move to /pt (SPEC §2). */
const PREFIXED_ONLY = new Set([
  'acompanhantes',
  'cidades',
  'servicos',
  'bairro',
  'buscar',
  'terms',
  'about',
])
/** Rules applied one after another at most this many times for one URL (SPEC §5 loop guard). */
export const MAX_CANONICAL_STEPS = 3

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, transpositions),
 * giving up early once it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous2: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1)
      }
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > limit) return limit + 1
    previous2 = previous
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * The slug a visitor meant: the normalised form, or the one known slug that is a typo away from
 * it (one edit, two for slugs of 8 characters or more). When two known slugs are equally near,
 * nothing is guessed.
 */
export function canonicalSlug(input: string, known: ReadonlySet<string> | undefined): string {
  const slug = normalizeSlug(input)
  if (!slug || !known || known.has(slug)) return slug
  const limit = slug.length >= 8 ? 2 : 1
  let best: string | undefined
  let bestDistance = limit + 1
  let tie = false
  for (const candidate of known) {
    const distance = editDistance(slug, candidate, limit)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
      tie = false
    } else if (distance === bestDistance) {
      tie = true
    }
  }
  return best && !tie ? best : slug
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

interface Place {
  segments: string[]
  params: URLSearchParams
}

/** The canonical form of a raw path segment, or the segment itself when nothing of it is left. */
function segmentSlug(raw: string, known: ReadonlySet<string> | undefined): string {
  return canonicalSlug(decode(raw), known) || raw
}

/** One pass of the rules; undefined when the URL is already canonical. */
function step({ segments, params }: Place, known: KnownSlugs): Place | undefined {
  // Unprefixed paths take /pt, and a mis-cased language or section its lower case (routes
  // match any case), in the same pass.
  const unprefixed = PREFIXED_ONLY.has((segments[0] ?? '').toLowerCase())
  const [first = '', ...rest] = unprefixed ? ['pt', ...segments] : segments
  const lang = first.toLowerCase()
  if (!(LANGUAGES as readonly string[]).includes(lang)) return undefined
  if (rest[0] && PREFIXED_ONLY.has(rest[0].toLowerCase())) rest[0] = rest[0].toLowerCase()

  const next = [lang, ...rest]
  const nextParams = new URLSearchParams(params)
  const [section, a, b] = rest
  // /buscar/{city}[/{neighbourhood}] → the city page [with ?neighborhood=] (SPEC §2).
  if (section === 'buscar' && a !== undefined && rest.length <= 3) {
    if (b !== undefined) nextParams.set('neighborhood', decode(b))
    return { segments: [lang, 'acompanhantes', a], params: nextParams }
  }
  let citySlug: string | undefined
  if (section === 'acompanhantes' && a !== undefined) {
    citySlug = segmentSlug(a, known.cities)
    next[2] = citySlug
    if (b !== undefined) next[3] = segmentSlug(b, known.services)
  } else if (section === 'bairro' && a !== undefined) {
    citySlug = segmentSlug(a, known.cities)
    next[2] = citySlug
    if (b !== undefined) next[3] = segmentSlug(b, known.neighborhoods.get(citySlug))
  } else if (section === 'servicos' && a !== undefined) {
    next[2] = segmentSlug(a, known.services)
  }
  const fix = (name: string, knownSlugs: ReadonlySet<string> | undefined) => {
    const value = nextParams.get(name)
    // Only a single, non-empty value is a slug to normalise; anything else the page judges.
    if (!value || nextParams.getAll(name).length > 1) return
    const slug = canonicalSlug(value, knownSlugs)
    if (slug && slug !== value) nextParams.set(name, slug)
  }
  fix('city', known.cities)
  fix('service', known.services)
  const cityForNeighborhood = citySlug ?? nextParams.get('city') ?? undefined
  fix(
    'neighborhood',
    cityForNeighborhood ? known.neighborhoods.get(cityForNeighborhood) : undefined,
  )

  // Slugs are plain a-z0-9 and hyphens; other segments stay exactly as they came (encoded).
  const changed =
    unprefixed ||
    next.length !== segments.length ||
    next.some((segment, index) => segment !== segments[index]) ||
    nextParams.toString() !== params.toString()
  return changed ? { segments: next, params: nextParams } : undefined
}

/**
 * Where a request for `pathname` + `search` must be sent instead, or undefined when it is
 * canonical (or unknown to these rules). The rules are applied until nothing changes, so one
 * redirect reaches the final address; after MAX_CANONICAL_STEPS passes without settling the URL
 * is left alone (the loop guard of SPEC §5). The query string is kept.
 */
export function canonicalLocation(
  pathname: string,
  search: string,
  known: KnownSlugs,
  maxSteps = MAX_CANONICAL_STEPS,
): string | undefined {
  const trailingSlash = pathname.length > 1 && pathname.endsWith('/')
  const start: Place = {
    segments: pathname.split('/').filter(Boolean),
    params: new URLSearchParams(search),
  }
  let place = start
  let moved = false
  for (let attempt = 0; attempt < maxSteps; attempt++) {
    const next = step(place, known)
    if (!next) {
      // Pages under /pt and /en have one form: the home page with its slash (/pt/), every
      // other page without one. Elsewhere the slash is left as it came.
      const localized = (LANGUAGES as readonly string[]).includes(place.segments[0] ?? '')
      const slash = localized ? place.segments.length === 1 : trailingSlash
      if (!moved && slash === trailingSlash) return undefined
      const path = `/${place.segments.join('/')}${slash ? '/' : ''}`
      const query = place.params.toString()
      return `${path}${query ? `?${query}` : ''}`
    }
    place = next
    moved = true
  }
  return undefined
}
