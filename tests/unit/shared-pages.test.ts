import { describe, expect, it } from 'vitest'
import { isSharedPage } from '#app/domain/shared-pages.ts'

// Which addresses a signed-in visitor may be served kept copies of (issue 17 item 5).
describe('isSharedPage', () => {
  it.each([
    ['/pt', true],
    ['/en/', true],
    ['/pt/acompanhantes/sao-paulo', true],
    ['/pt/acompanhantes/sao-paulo.data', true],
    ['/pt/_.data', true],
    ['/en/buscar', true],
    ['/acompanhante/luna-azul', true],
    ['/acompanhante/luna-azul.data', true],
    ['/sitemap.xml', true],
    ['/api/locations', true],
    ['/', false],
    ['/_root.data', false],
    ['/acompanhante/luna-azul/denunciar', false],
    ['/acompanhante/luna-azul/avaliar', false],
    ['/acompanhante/luna-azul/avaliar.data', false],
    ['/dashboard', false],
    ['/dashboard/profile.data', false],
    ['/client-dashboard', false],
    ['/admin', false],
    ['/auth', false],
    ['/api/me', false],
    ['/api/favorites', false],
    ['/account/export', false],
    ['/contato/x/whatsapp', false],
    ['/ptx', false],
  ])('%s → %s', (path, shared) => {
    expect(isSharedPage(path)).toBe(shared)
  })
})
