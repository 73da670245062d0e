import { sitemapDocument } from '#app/modules/seo/sitemap.server.ts'
import { publicBaseUrl } from '#app/platform/env.server.ts'
import type { Route } from './+types/sitemap'

const xml = (body: string) =>
  new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=600',
    },
  })

/** /sitemap.xml, and /sitemaps/{n}.xml when the site outgrows one file (issue 5). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const baseUrl = publicBaseUrl(request)
  if (params.file === undefined) return xml((await sitemapDocument(baseUrl)) ?? '')
  const page = /^([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1]
  const body = page ? await sitemapDocument(baseUrl, Number(page)) : undefined
  if (!body)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return xml(body)
}
