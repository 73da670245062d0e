import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BROWSER_AREAS, pageAreas, type Sections } from '#app/i18n/areas.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import routes from '#app/routes.ts'

// The dictionary split by area (issue 18 point 6b, app/i18n/areas.ts): a page whose components
// read a section of an area its path does not load crashes in the browser ('Cannot read
// properties of undefined'), after a server render that had every area. These tests catch that
// before a browser does.

const AREAS = [...BROWSER_AREAS, 'server'] as const
type Area = (typeof AREAS)[number]

async function areaStrings(language: 'pt' | 'en', area: Area): Promise<Sections> {
  const module = (await import(`#app/i18n/${language}/${area}.ts`)) as { strings: Sections }
  return module.strings
}

/** Every key path of an object ('auth.login.title'), sorted. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value)
    .flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key))
    .sort()
}

describe('the areas of the dictionary', () => {
  it.each(AREAS)('%s has the same keys in both languages', async (area) => {
    expect(keyPaths(await areaStrings('en', area))).toEqual(keyPaths(await areaStrings('pt', area)))
  })

  it('never give the same key twice (merging would drop one)', async () => {
    const owner = new Map<string, Area>()
    for (const area of AREAS) {
      for (const [section, keys] of Object.entries(await areaStrings('pt', area))) {
        for (const key of Object.keys(keys)) {
          expect(owner.get(`${section}.${key}`), `${section}.${key} in ${area}`).toBeUndefined()
          owner.set(`${section}.${key}`, area)
        }
      }
    }
    // The whole dictionaries the server renders with are every area's keys, merged.
    const sectionKeys = Object.values(pt).reduce(
      (count, keys) => count + Object.keys(keys).length,
      0,
    )
    expect(sectionKeys).toBe(owner.size)
    expect(keyPaths(en)).toEqual(keyPaths(pt))
  })

  it.each([
    ['/pt', ['public', 'home']],
    ['/en/', ['public', 'home']],
    ['/en/acompanhantes/sao-paulo', ['public']],
    ['/pt/about', ['public', 'info']],
    ['/en/terms', ['public', 'info']],
    ['/pt/cidades', ['public', 'info']],
    ['/pt/servicos', ['public']],
    ['/xx', ['public']],
    ['/acompanhante/luna', ['public']],
    ['/acompanhante/luna/denunciar', ['public', 'account']],
    ['/acompanhante/luna/avaliar', ['public', 'account']],
    ['/acompanhante/luna/presente', ['public', 'account', 'client']],
    ['/', ['public', 'account']],
    ['/auth', ['public', 'account']],
    ['/account/security', ['public', 'account']],
    ['/dashboard', ['public', 'account', 'provider']],
    ['/dashboard/photos', ['public', 'account', 'provider']],
    ['/client-dashboard/history', ['public', 'account', 'client']],
    ['/admin/verifications/1', ['public', 'account', 'provider', 'admin']],
    ['/dashboards', ['public']],
  ])('a page at %s loads %j', (pathname, areas) => {
    expect(pageAreas(pathname)).toEqual(areas)
  })
})

// What the browser code of each page reads, found in the source: the route module and what it
// imports (not *.server.ts, which never reaches the browser), and the root's, on every page.

const root = process.cwd()

function resolveImport(from: string, specifier: string): string | undefined {
  const aliases = [
    ['#app/', 'app/'],
    ['#server/', 'server/'],
    ['#db/', 'db/'],
  ] as const
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix))
  const base = alias
    ? path.join(root, alias[1], specifier.slice(alias[0].length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined
  if (!base) return undefined
  return ['', '.ts', '.tsx']
    .map((ext) => base + ext)
    .find((f) => existsSync(f) && statSync(f).isFile())
}

const reads = new Map<string, { imports: string[]; paths: string[] }>()

/** The browser-side imports of a file and the dictionary paths it reads ('auth.login', 'error'). */
function readsOf(file: string) {
  const known = reads.get(file)
  if (known) return known
  const source = readFileSync(file, 'utf8')
  const imports = [
    ...source.matchAll(/(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]/g),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
    .map(([, specifier = '']) => resolveImport(file, specifier))
    .filter((found): found is string => !!found && !found.endsWith('.server.ts'))
  const paths: string[] = []
  if (
    !file.includes(`${path.sep}i18n${path.sep}`) &&
    /useT\(|dictionary\(|metaContext\(|titleMeta\(/.test(source)
  ) {
    const reads = [
      ...source.matchAll(/\bt\.(\w+)(?:\.(\w+))?/g),
      ...source.matchAll(/dictionary\([^)]*\)\)?\.(\w+)(?:\.(\w+))?/g),
    ]
    for (const [, section = '', key] of reads) paths.push(key ? `${section}.${key}` : section)
    for (const [, names = ''] of source.matchAll(/\{([^}]*)\}\s*=\s*dictionary\(/g))
      for (const part of names.split(',')) paths.push((part.split(':')[0] ?? '').trim())
  }
  const found = { imports, paths }
  reads.set(file, found)
  return found
}

function pathsRead(entry: string): Map<string, string> {
  const seen = new Set<string>()
  const found = new Map<string, string>()
  const stack = [entry]
  while (stack.length > 0) {
    const file = stack.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const { imports, paths } = readsOf(file)
    for (const read of paths) found.set(read, path.relative(root, file))
    stack.push(...imports)
  }
  return found
}

interface RouteEntry {
  path?: string
  file: string
  children?: RouteEntry[]
}

/** Each route module with an example path of its pages (':lang' is pt, other parameters x). */
function routeFiles(entries: RouteEntry[], parent = ''): [string, string][] {
  return entries.flatMap((entry) => {
    const own = (entry.path ?? '').replace(':lang', 'pt').replace(/:\w+|\*/g, 'x')
    const at = [parent, own].filter(Boolean).join('/')
    return [[`/${at}`, entry.file] as [string, string], ...routeFiles(entry.children ?? [], at)]
  })
}

describe('every page finds the strings it reads', () => {
  const rootReads = pathsRead(path.join(root, 'app/root.tsx'))
  it.each(routeFiles(routes as RouteEntry[]))('%s (%s)', async (pathname, file) => {
    const loaded: Sections = {}
    for (const area of pageAreas(pathname)) {
      for (const [section, keys] of Object.entries(await areaStrings('pt', area)))
        loaded[section] = { ...loaded[section], ...keys }
    }
    const missing: string[] = []
    const readHere = new Map([...rootReads, ...pathsRead(path.join(root, 'app', file))])
    for (const [read, where] of readHere) {
      const [section = '', key] = read.split('.')
      // Not a section of the dictionary: some other `t` (a table, a test's context).
      if (!(section in pt)) continue
      const known = (pt as unknown as Sections)[section] ?? {}
      const present =
        key === undefined || !(key in known) ? section in loaded : key in (loaded[section] ?? {})
      if (!present) missing.push(`${read} (${where})`)
    }
    expect(missing).toEqual([])
  })
})
