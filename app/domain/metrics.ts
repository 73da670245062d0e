// Labels of the Prometheus metrics (issue 32 point 5, docs/metrics.md). Every label value comes
// from a small fixed set: a path or an id as a label would make a time series per profile, per
// charge, per visitor, which Prometheus cannot hold.

/** What a request was for: the first segment of its path, mapped to a fixed set. */
export const ROUTE_KINDS = [
  'page',
  'data',
  'asset',
  'media',
  'api',
  'webhook',
  'seo',
  'auth',
  'account',
  'admin',
  'healthz',
  'metrics',
] as const
export type RouteKind = (typeof ROUTE_KINDS)[number]

const KIND_OF_SEGMENT: Record<string, RouteKind> = {
  assets: 'asset',
  media: 'media',
  api: 'api',
  webhooks: 'webhook',
  'robots.txt': 'seo',
  'sitemap.xml': 'seo',
  sitemaps: 'seo',
  auth: 'auth',
  'sign-out': 'auth',
  dashboard: 'account',
  'client-dashboard': 'account',
  account: 'account',
  admin: 'admin',
  healthz: 'healthz',
  metrics: 'metrics',
}

/** The kind of a request's path (no query string): a few string operations, no regex. */
export function routeKind(path: string): RouteKind {
  // React Router's data requests (single fetch, `/pt/cidades.data`): a public page's are `data`,
  // an area's (`/admin.data`) count with its area.
  if (path.endsWith('.data')) {
    const kind = routeKind(path.slice(0, -'.data'.length) || '/')
    return kind === 'page' ? 'data' : kind
  }
  const slash = path.indexOf('/', 1)
  const first = slash === -1 ? path.slice(1) : path.slice(1, slash)
  const known = KIND_OF_SEGMENT[first]
  if (known) return known
  // The few files of public/ at the root (favicon.svg, sw.js, social-card.png).
  if (slash === -1 && first.includes('.')) return 'asset'
  return 'page'
}

/** A status code as its class ('2xx'…'5xx'): five values instead of dozens. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other'
}

// The institution's endpoints the site calls (the API Pix in pix-api.server.ts, Efí's payout API
// in payouts/efi.server.ts, the OAuth2 token), matched on the end of the path since each API has
// its own base (`…/api/v2`). An id becomes its placeholder.
// Efí's paths first: `/v3/gn/pix/{id}` also ends like the API Pix's `/pix/{e2eid}`.
const PIX_ENDPOINTS: [RegExp, string][] = [
  [/\/v3\/gn\/pix\/[^/]+$/, '/v3/gn/pix/{idEnvio}'],
  [/\/v2\/gn\/pix\/enviados\/id-envio\/[^/]+$/, '/v2/gn/pix/enviados/id-envio/{idEnvio}'],
  [/\/cob\/[^/]+$/, '/cob/{txid}'],
  [/\/pix\/[^/]+\/devolucao\/[^/]+$/, '/pix/{e2eid}/devolucao/{id}'],
  [/\/pix\/[^/]+$/, '/pix/{e2eid}'],
  [/\/pix$/, '/pix'],
  [/\/webhook\/[^/]+$/, '/webhook/{chave}'],
]

/**
 * The endpoint of a call to the Pix institution as a template (`PUT /cob/{txid}`), never its ids;
 * `POST token` for the token endpoint (`tokenUrl`), `other` for a path not listed.
 */
export function pixEndpoint(method: string, url: string, tokenUrl?: string): string {
  const verb = method.toUpperCase()
  if (tokenUrl !== undefined && url === tokenUrl) return `${verb} token`
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    return `${verb} other`
  }
  // `/pix?inicio=…` lists: the query string is gone with `pathname`.
  for (const [pattern, template] of PIX_ENDPOINTS) {
    if (pattern.test(path)) return `${verb} ${template}`
  }
  return `${verb} other`
}
