import { publicBaseUrl } from '#app/platform/env.server.ts'
import type { Route } from './+types/robots'

/**
 * /robots.txt (SPEC §2): everything public may be crawled except the private areas, the API,
 * legacy and contact redirects and any URL with a query string; the sitemap's address closes it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /dashboard',
    'Disallow: /client-dashboard',
    'Disallow: /auth',
    'Disallow: /account/',
    'Disallow: /api/',
    'Disallow: /perfil/',
    'Disallow: /contato/',
    'Disallow: /*?',
    '',
    `Sitemap: ${publicBaseUrl(request)}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
