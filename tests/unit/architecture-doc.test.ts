import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 34 point 4: docs/architecture.md is a newcomer's map. A map that names a file that moved
// sends them nowhere, so every path it names must exist, every module folder must have its line,
// and each of the three walks must name the files it goes through.

const root = path.resolve(import.meta.dirname, '../..')
const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

/** The folders a named path may start with. */
const TOP = /^(?:app|db|deploy|docs|public|sandbox|scripts|server|tests)\//

/** Every `code` span that is a path of the repository (a file or a folder, no wildcard). */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '')
  return spans.filter((span) => TOP.test(span) && !/[\s*<>{}|]/.test(span))
}

/** The text of a `## ` section, up to the next one. */
function section(title: string): string {
  const start = page.indexOf(`\n## ${title}\n`)
  if (start === -1) return ''
  const end = page.indexOf('\n## ', start + 1)
  return page.slice(start, end === -1 ? undefined : end)
}

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const named = namedPaths(page)
    expect(named.length).toBeGreaterThan(40)
    const missing = named.filter((file) => !existsSync(path.join(root, file)))
    expect(missing).toEqual([])
  })

  it('links only to files that exist', () => {
    const links = [...page.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '')
    const local = links.filter((link) => !/^[a-z]+:/.test(link))
    for (const link of local) {
      expect(existsSync(path.join(root, 'docs', link)), link).toBe(true)
    }
  })

  it('gives every module of app/modules its line, and no module that is gone', () => {
    const modules = readdirSync(path.join(root, 'app/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    const listed = [...section('Modules').matchAll(/^- `app\/modules\/([a-z0-9-]+)\/`/gm)].map(
      (match) => match[1],
    )
    expect(listed.sort()).toEqual(modules.sort())
  })

  it('walks a city page, a moderation decision and a Pix payment through their files in order', () => {
    for (const walk of [
      'Walk 1: a visitor opens a city page',
      'Walk 2: the team suspends a profile',
      'Walk 3: a provider pays her plan by Pix',
    ]) {
      const steps = namedPaths(section(walk))
      expect(steps.length, walk).toBeGreaterThanOrEqual(8)
    }
    // The walks go where the issue asks: cache, loader, query, render; action, audit, change
    // feed, every instance; charge, webhook, confirmation, ledger.
    expect(namedPaths(section('Walk 1: a visitor opens a city page'))).toEqual(
      expect.arrayContaining([
        'server/html-cache.server.ts',
        'app/routes/public/city.tsx',
        'app/modules/listing/queries.server.ts',
        'app/entry.server.tsx',
      ]),
    )
    expect(namedPaths(section('Walk 2: the team suspends a profile'))).toEqual(
      expect.arrayContaining([
        'app/modules/moderation/kernel.server.ts',
        'db/migrations/0012_change-feed.sql',
        'app/modules/http/public-pages.server.ts',
      ]),
    )
    expect(namedPaths(section('Walk 3: a provider pays her plan by Pix'))).toEqual(
      expect.arrayContaining([
        'server/pix-webhook-listener.server.ts',
        'app/modules/payments/ledger.server.ts',
      ]),
    )
  })
})
