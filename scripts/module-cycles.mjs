#!/usr/bin/env node
// Part of `npm run lint` (ADR 0016): no two folders of app/modules (nor any longer loop of them)
// may import each other. Biome's noImportCycles sees cycles between files; this sees them between
// modules, which is what keeps one subject from leaning on another that leans back.
// Prints the loops found and exits 1; prints the module graph's size and exits 0 when there are none.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const modulesDir = path.join(root, 'app/modules')

/** Every import specifier of a source text: static, re-export, dynamic and type-only. */
export function specifiers(source) {
  const found = []
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(pattern)) found.push(match[1])
  return found
}

/** The module (folder of app/modules) a file or specifier belongs to, if any. */
function moduleOf(absolute) {
  const relative = path.relative(modulesDir, absolute)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const [first] = relative.split(path.sep)
  return first && !first.includes('.') ? first : null
}

function resolve(specifier, fromFile) {
  if (specifier.startsWith('#app/')) return path.join(root, 'app', specifier.slice(5))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier)
  return null
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** module -> modules it imports (with one example import per edge, for the message). */
export function moduleGraph() {
  const graph = new Map()
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file)
    if (!from) continue
    if (!graph.has(from)) graph.set(from, new Map())
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(specifier, file)
      const to = target && moduleOf(target)
      if (to && to !== from && !graph.get(from).has(to)) {
        graph.get(from).set(to, `${path.relative(root, file)} imports ${specifier}`)
      }
    }
  }
  return graph
}

/** The elementary loops, each once, as lists of modules (Tarjan's components, then a walk). */
export function loops(graph) {
  const found = []
  const seen = new Set()
  const walk = (start, node, trail) => {
    for (const next of graph.get(node)?.keys() ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(',')
        if (!seen.has(key)) {
          seen.add(key)
          found.push([...trail, start])
        }
      } else if (!trail.includes(next) && next > start) {
        walk(start, next, [...trail, next])
      }
    }
  }
  for (const start of [...graph.keys()].sort()) walk(start, start, [start])
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = moduleGraph()
  const found = loops(graph)
  if (found.length === 0) {
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0)
    process.stdout.write(`Module imports: ${graph.size} modules, ${edges} edges, no loops.\n`)
  } else {
    console.error(`Modules that import each other (app/modules, ADR 0016): ${found.length}`)
    for (const loop of found) {
      console.error(`  ${loop.join(' -> ')}`)
      for (let i = 0; i < loop.length - 1; i++) {
        console.error(`    ${graph.get(loop[i]).get(loop[i + 1])}`)
      }
    }
    process.exit(1)
  }
}
