// @ts-check
// Writes app/components/ui/icons.svg: one <symbol> per icon named in app/components/ui/icons.tsx
// (its `icon('name')` calls), drawn from Lucide's own data, so every icon of the site is one
// cached file and a page holds `<use href>` instead of each drawing again (issue 24).
// `node scripts/icon-sprite.mjs` after adding an icon; a unit test fails while it is stale.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const ICONS_MODULE = path.join(root, 'app', 'components', 'ui', 'icons.tsx')
export const SPRITE = path.join(root, 'app', 'components', 'ui', 'icons.svg')

/** The icon names the module asks for, in its order. @param {string} source */
export function iconNames(source) {
  return [...source.matchAll(/\bicon\('([a-z0-9-]+)'\)/g)].map((match) => match[1] ?? '')
}

/** @param {string} value */
const escaped = (value) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

/** The sprite's text for `names`, from the installed lucide-react. @param {string[]} names */
export async function spriteFor(names) {
  const symbols = []
  for (const name of names) {
    const file = path.join(
      root,
      'node_modules',
      'lucide-react',
      'dist',
      'esm',
      'icons',
      `${name}.mjs`,
    )
    /** @type {{ __iconData: { node: [string, Record<string, string>][] } }} */
    const module = await import(pathToFileURL(file).href)
    const shapes = module.__iconData.node.map(([tag, attributes]) => {
      const text = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => `${key}="${escaped(String(value))}"`)
        .join(' ')
      return `<${tag} ${text}/>`
    })
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = iconNames(await readFile(ICONS_MODULE, 'utf8'))
  await writeFile(SPRITE, await spriteFor(names))
  process.stdout.write(`${names.length} icons written to ${path.relative(root, SPRITE)}\n`)
}
