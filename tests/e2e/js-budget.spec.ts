import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { expect, test } from '@playwright/test'
import { pageAreas } from '../../app/i18n/areas.ts'

// Issue 24 point 2: the JavaScript a first visit to each public page needs before it works,
// read from the build (React Router's manifest), never from timings: the entry and its imports,
// each matched route's module, imports and client loader, and the page's strings (loaded by the
// root's client loader before hydration, app/i18n/areas.ts), each file gzip-compressed (level 9)
// as a server sends it. What loads after the page (the web-vitals reporter, a dialog's library
// on first use) is not in it.
//
// Issue 24's target is 120 KB for every public page; React DOM, React and React Router are 112 KB
// of it before any of our code (README, "Render cost, JavaScript and largest paint"). Until that
// is met, each page has a ceiling at today's size rounded up plus 1 KB, so no change makes a page
// heavier unnoticed; the ceilings come down as the gap closes.
const TARGET_KB = 120

/** Each public page: its route, a path that shows it, its ceiling in KB. */
// Issue 33 raised ten ceilings by 1 KB (2 for the gift page), measured against ea50e1c's build:
// three new routes add 0.25 KB to the manifest every page loads, Rollup split domain/page-sizes
// out of the stars chunk (+0.23 KB net) and the shared i18n chunk grew 0.36 KB; the review page
// lists every rule (+0.7 KB), the gift page states the fee from domain/gifts (+1.2 KB). Issue 35
// (phone speed) is where these come down.
const PAGES: { route: string; path: string; ceilingKb: number }[] = [
  { route: 'home', path: '/pt/', ceilingKb: 146 },
  { route: 'city', path: '/pt/acompanhantes/sao-paulo', ceilingKb: 146 },
  { route: 'neighborhood', path: '/pt/bairro/sao-paulo/jardins', ceilingKb: 145 },
  { route: 'city-service', path: '/pt/acompanhantes/sao-paulo/gfe', ceilingKb: 146 },
  { route: 'all-profiles', path: '/pt/acompanhantes', ceilingKb: 143 },
  { route: 'search', path: '/pt/buscar', ceilingKb: 146 },
  { route: 'services', path: '/pt/servicos', ceilingKb: 133 },
  { route: 'service', path: '/pt/servicos/gfe', ceilingKb: 146 },
  { route: 'cities', path: '/pt/cidades', ceilingKb: 134 },
  { route: 'about', path: '/pt/about', ceilingKb: 135 },
  { route: 'terms', path: '/pt/terms', ceilingKb: 135 },
  { route: 'profile', path: '/acompanhante/luna-azul', ceilingKb: 145 },
  // These three load the account area's strings, which issue 30 grew by 0.9 KB (the confirmation
  // screen, the proofs after the old mailbox's link, sign-in waits, upload limits): raised then.
  { route: 'report', path: '/acompanhante/luna-azul/denunciar', ceilingKb: 172 },
  { route: 'review', path: '/acompanhante/luna-azul/avaliar', ceilingKb: 172 },
  { route: 'gift', path: '/acompanhante/luna-azul/presente', ceilingKb: 179 },
  { route: 'contact', path: '/contato/demo/whatsapp', ceilingKb: 130 },
  { route: 'not-found', path: '/pt/nada-aqui', ceilingKb: 129 },
]

const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build/client')

interface ManifestRoute {
  parentId?: string
  module: string
  imports?: string[]
  clientLoaderModule?: string
  clientActionModule?: string
  clientMiddlewareModule?: string
  hydrateFallbackModule?: string
}
interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
}

function readManifest(): Manifest {
  const assets = path.join(client, 'assets')
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file))
  if (!name) throw new Error('no React Router manifest in build/client/assets: build first')
  const text = readFileSync(path.join(assets, name), 'utf8')
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest
}

const gzipped = new Map<string, number>()
function gzipSize(asset: string): number {
  let size = gzipped.get(asset)
  if (size === undefined) {
    size = zlib.gzipSync(readFileSync(path.join(client, asset)), { level: 9 }).length
    gzipped.set(asset, size)
  }
  return size
}

/** The files a first visit to `route` at `pagePath` loads before the page works. */
function firstVisitFiles(manifest: Manifest, route: string, pagePath: string): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  let current: ManifestRoute | undefined = manifest.routes[`routes/public/${route}`]
  if (!current) throw new Error(`routes/public/${route} is not in the manifest`)
  for (; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
    for (const file of [
      current.module,
      ...(current.imports ?? []),
      current.clientLoaderModule,
      current.clientActionModule,
      current.clientMiddlewareModule,
      current.hydrateFallbackModule,
    ]) {
      if (file) files.add(file)
    }
  }
  const assets = readdirSync(path.join(client, 'assets'))
  for (const area of pageAreas(pagePath)) {
    const strings = assets.find((file) => file.startsWith(`strings-pt-${area}-`))
    if (!strings) throw new Error(`no strings-pt-${area} chunk`)
    files.add(`/assets/${strings}`)
  }
  return [...files]
}

test("each public page's first-visit JavaScript stays under its ceiling", () => {
  const manifest = readManifest()
  const rows: string[] = []
  const over: string[] = []
  for (const { route, path: pagePath, ceilingKb } of PAGES) {
    const files = firstVisitFiles(manifest, route, pagePath)
    const kb = files.reduce((sum, file) => sum + gzipSize(file), 0) / 1024
    // Not a vacuous sum: React DOM's entry alone is over 60 KB.
    expect(gzipSize(manifest.entry.module) / 1024).toBeGreaterThan(60)
    rows.push(`${pagePath.padEnd(44)} ${kb.toFixed(1).padStart(6)} KB  ceiling ${ceilingKb}`)
    if (kb > ceilingKb) over.push(`${pagePath}: ${kb.toFixed(1)} KB > ${ceilingKb} KB`)
  }
  test.info().annotations.push({
    type: 'first-visit JavaScript (gzip)',
    description: `target ${TARGET_KB} KB\n${rows.join('\n')}`,
  })
  expect(over, 'pages heavier than their ceiling').toEqual([])
})

test('every public page is measured', () => {
  const manifest = readManifest()
  // The layout has no page of its own to load.
  const withoutPage = new Set(['language-layout'])
  const publicPages = Object.keys(manifest.routes)
    .filter((id) => id.startsWith('routes/public/'))
    .map((id) => id.slice('routes/public/'.length))
    .filter((route) => !withoutPage.has(route))
  expect(publicPages.sort()).toEqual(PAGES.map((page) => page.route).sort())
})
