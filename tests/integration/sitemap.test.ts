import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import {
  clearSitemapCache,
  sitemapDocument,
  sitemapEntries,
} from '#app/modules/seo/sitemap.server.ts'
import { db } from '#db/client.server.ts'
import { profileServices } from '#db/schema/profiles.ts'
import { createProfile } from '#tests/factories/profile.ts'

const BASE = 'https://aprova.example'
const schemas = path.join(import.meta.dirname, '..', 'fixtures', 'sitemaps')
const read = (name: string) => readFile(path.join(schemas, name), 'utf8')

/** Validates against the sitemaps.org schemas (xmllint, in WebAssembly). */
async function validate(xml: string, kind: 'urlset' | 'index') {
  const [sitemap, siteindex, xhtml, urlset] = await Promise.all(
    ['sitemap.xsd', 'siteindex.xsd', 'xhtml-link.xsd', 'urlset-with-alternates.xsd'].map(read),
  )
  const main = kind === 'urlset' ? urlset : siteindex
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [
      {
        fileName: kind === 'urlset' ? 'urlset-with-alternates.xsd' : 'siteindex.xsd',
        contents: main as string,
      },
    ],
    preload: [
      { fileName: 'sitemap.xsd', contents: sitemap as string },
      { fileName: 'xhtml-link.xsd', contents: xhtml as string },
    ],
  })
  return result.errors.map((error) => error.message)
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

beforeEach(() => clearSitemapCache())

describe('sitemap.xml', () => {
  it('lists pages with profiles in both languages, public profiles, and validates', async () => {
    const moema = await createProfile({ username: 'no-mapa', neighborhoodSlug: 'moema' })
    await db().insert(profileServices).values({ profileId: moema.id, serviceSlug: 'gfe' })
    await createProfile({
      username: 'escondida-mapa',
      visibilityStatus: 'hidden',
      citySlug: 'recife',
    })
    await createProfile({ username: 'demo-mapa', isDemo: true, citySlug: 'salvador' })

    const xml = (await sitemapDocument(BASE)) ?? ''
    expect(await validate(xml, 'urlset')).toEqual([])
    const urls = locs(xml)
    for (const expected of [
      `${BASE}/pt/`,
      `${BASE}/en/`,
      `${BASE}/pt/about`,
      `${BASE}/en/terms`,
      `${BASE}/pt/servicos`,
      `${BASE}/pt/servicos/gfe`,
      `${BASE}/pt/acompanhantes`,
      `${BASE}/pt/cidades`,
      `${BASE}/en/cidades`,
      `${BASE}/pt/acompanhantes/sao-paulo`,
      `${BASE}/en/acompanhantes/sao-paulo`,
      `${BASE}/pt/bairro/sao-paulo/moema`,
      `${BASE}/en/acompanhantes/sao-paulo/gfe`,
      // A demo profile is not indexed, but the city page it fills is a real page.
      `${BASE}/pt/acompanhantes/salvador`,
      `${BASE}/acompanhante/no-mapa`,
    ]) {
      expect(urls, expected).toContain(expected)
    }
    for (const absent of [
      `${BASE}/pt/acompanhantes/recife`,
      `${BASE}/acompanhante/escondida-mapa`,
      `${BASE}/acompanhante/demo-mapa`,
      `${BASE}/pt/acompanhantes/sao-paulo/fetiche`,
    ]) {
      expect(urls, absent).not.toContain(absent)
    }
    expect(new Set(urls).size).toBe(urls.length)
    // Each language version names both and the default.
    expect(xml).toContain(
      `<url><loc>${BASE}/en/acompanhantes/sao-paulo</loc><lastmod>${new Date().toISOString().slice(0, 10)}</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="pt-BR" href="${BASE}/pt/acompanhantes/sao-paulo"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${BASE}/en/acompanhantes/sao-paulo"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/pt/acompanhantes/sao-paulo"/></url>`,
    )
  })

  it('becomes an index of files past the limit, each file valid', async () => {
    const entries = await sitemapEntries(BASE)
    const limit = Math.ceil(entries.length / 3)
    const index = (await sitemapDocument(BASE, undefined, limit)) ?? ''
    expect(await validate(index, 'index')).toEqual([])
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `${BASE}/sitemaps/${n}.xml`))
    const all: string[] = []
    for (const page of [1, 2, 3]) {
      const file = (await sitemapDocument(BASE, page, limit)) ?? ''
      expect(await validate(file, 'urlset')).toEqual([])
      all.push(...(locs(file) as string[]))
    }
    expect(all).toEqual(entries.map((entry) => entry.loc))
    expect(await sitemapDocument(BASE, 4, limit)).toBeUndefined()
    expect(await sitemapDocument(BASE, 1)).toBeUndefined()
  })

  it('the validator does reject a broken sitemap', async () => {
    const broken = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>yesterday</lastmod></url></urlset>`
    expect((await validate(broken, 'urlset')).length).toBeGreaterThan(0)
  })
})
