import { useLoaderData } from 'react-router'
import { describe, expect, it } from 'vitest'
import { StandingBanner } from '#app/components/provider/standing-banner.tsx'
import type { Language } from '#app/domain/language.ts'
import { type ProviderStanding, REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { renderRoutes } from '#tests/support/render-route.tsx'

// The provider's standing banner as the server renders it, for a profile hidden by the site on a
// report and for one hidden by the team (issue 33 point 15): the first is not 'hidden by the team'.

function Banner() {
  const { standing } = useLoaderData() as { standing: ProviderStanding }
  return <StandingBanner standing={standing} username="luna-azul" origin="https://aprova.test" />
}

async function render(standing: ProviderStanding, language: Language) {
  const routes = [
    { id: 'root', path: '/', loader: () => ({ language, standing }), Component: Banner },
  ]
  return (await renderRoutes(routes, new Request('http://localhost/'))).html
}

const hidden = (reason: string): ProviderStanding => ({
  kind: 'approved',
  visibility: 'hidden',
  reason,
  changesPending: false,
  verificationEndsAt: null,
  renewSoon: false,
  documentsPending: false,
})

describe('the standing banner of a hidden profile', () => {
  it('says a report hid it automatically, in pt and en, with no team decision', async () => {
    const pt = await render(hidden(REPORT_REVIEW_REASON), 'pt')
    expect(pt).toContain('Perfil oculto até a análise de uma denúncia')
    expect(pt).toContain('o ocultou automaticamente')
    expect(pt).not.toContain('Perfil oculto pela equipe')
    const en = await render(hidden(REPORT_REVIEW_REASON), 'en')
    expect(en).toContain('Profile hidden until a report is reviewed')
    expect(en).not.toContain('Profile hidden by the team')
  })

  it("says the team hid it, with the team's reason, when the team did", async () => {
    const pt = await render(hidden('Fotos em análise'), 'pt')
    expect(pt).toContain('Perfil oculto pela equipe')
    expect(pt).toContain('Fotos em análise')
  })
})
