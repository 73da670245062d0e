import { readFile } from 'node:fs/promises'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Heart, Star } from '#app/components/ui/icons.tsx'
import { ICONS_MODULE, iconNames, SPRITE, spriteFor } from '../../scripts/icon-sprite.mjs'

// Issue 24: icons are <use> of one sprite; the sprite must hold every icon the module names.

describe('the icon sprite', () => {
  it('is what scripts/icon-sprite.mjs writes for the icons the module names (run it after adding one)', async () => {
    const names = iconNames(await readFile(ICONS_MODULE, 'utf8'))
    expect(names.length).toBeGreaterThan(50)
    expect(new Set(names).size).toBe(names.length)
    expect(await readFile(SPRITE, 'utf8')).toBe(await spriteFor(names))
  })

  it('draws an icon as a use of its symbol, hidden from assistive technology unless named', () => {
    const hidden = renderToStaticMarkup(<Heart className="size-4" fill="currentColor" />)
    expect(hidden).toMatch(
      /^<svg [^>]*aria-hidden="true"[^>]*><use href="[^"]+#heart"><\/use><\/svg>$/,
    )
    expect(hidden).toContain('class="lucide size-4"')
    expect(hidden).toContain('fill="currentColor"')
    const named = renderToStaticMarkup(<Star role="img" aria-label="5 estrelas" />)
    expect(named).not.toContain('aria-hidden')
    expect(named).toContain('aria-label="5 estrelas"')
  })
})
