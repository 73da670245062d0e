import { type LoaderFunctionArgs, Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import * as root from '#app/root.tsx'
import * as city from '#app/routes/public/city.tsx'
import * as profile from '#app/routes/public/profile.tsx'
import { renderRoutes } from '#tests/support/render-route.tsx'

function Empty() {
  return null
}

// The root module's loader, component and error boundary under React Router's static renderer,
// with a child route whose loader fails the way a real bug would. (Hydration data is left out:
// in production the framework's handler already replaces server error messages.)
async function render(path: string, headers: Record<string, string> = {}) {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: (args: LoaderFunctionArgs) => root.loader(args as never),
      Component: Outlet,
      ErrorBoundary: root.ErrorBoundary,
      children: [
        {
          id: 'boom',
          path: ':lang/boom',
          loader: () => {
            throw new Error('password=hunter2 at queries.server.ts:42')
          },
          Component: Empty,
        },
        {
          id: 'profile',
          path: 'acompanhante/:slug',
          loader: () => {
            throw new Error('connection terminated at carousel.server.ts:12')
          },
          Component: Empty,
          ErrorBoundary: profile.ErrorBoundary,
        },
        {
          id: 'city',
          path: ':lang/acompanhantes/:citySlug',
          loader: ({ params }: LoaderFunctionArgs) => {
            if (params.citySlug === 'atlantida') {
              throw Response.json({ kind: 'city' }, { status: 404 })
            }
            throw new Error('connection terminated at listing.server.ts:7')
          },
          Component: Empty,
          ErrorBoundary: city.ErrorBoundary,
        },
        {
          id: 'gone',
          path: ':lang/gone',
          loader: () => {
            throw new Response('Not found', { status: 404 })
          },
          Component: Empty,
        },
      ],
    },
  ]
  return renderRoutes(routes, new Request(`http://localhost${path}`, { headers }))
}

describe('root error boundary', () => {
  it('shows a generic page in the visitor language, never the error or its stack', async () => {
    const pt = await render('/pt/boom')
    expect(pt.status).toBe(500)
    expect(pt.html).toContain('Algo deu errado')
    expect(pt.html).not.toMatch(/hunter2|queries\.server|Error:/)
    const en = await render('/en/boom')
    expect(en.html).toContain('Something went wrong')
  })

  it('renders the 404 page for a thrown 404', async () => {
    const { status, html } = await render('/en/gone')
    expect(status).toBe(404)
    expect(html).toContain('Oops! Page not found')
    expect(html).toContain('Return to Home')
  })
})

describe('profile error boundary', () => {
  it("shows 'Erro ao carregar perfil' with back to start, try again and reload", async () => {
    const { status, html } = await render('/acompanhante/luna', { 'accept-language': 'pt-BR' })
    expect(status).toBe(500)
    expect(html).toContain('Erro ao carregar perfil')
    expect(html).toContain('Ocorreu um erro inesperado. Nossa equipe foi notificada.')
    for (const action of ['Voltar ao início', 'Tentar novamente', 'Recarregar']) {
      expect(html).toContain(action)
    }
    expect(html).not.toMatch(/connection terminated|carousel\.server/)
    const en = await render('/acompanhante/luna', { 'accept-language': 'en' })
    expect(en.html).toContain('Error loading profile')
  })
})

describe('listing error boundary', () => {
  it("shows 'Erro ao carregar perfis' in the site's shell, never the root's page", async () => {
    const pt = await render('/pt/acompanhantes/sao-paulo')
    expect(pt.status).toBe(500)
    expect(pt.html).toContain('Erro ao carregar perfis')
    expect(pt.html).toContain(
      'Ocorreu um problema ao carregar os perfis. Verifique sua conexão e tente novamente.',
    )
    for (const action of ['Voltar ao Início', 'Tentar Novamente', 'Recarregar']) {
      expect(pt.html).toContain(action)
    }
    expect(pt.html).not.toContain('Algo deu errado')
    expect(pt.html).not.toMatch(/connection terminated|listing\.server/)
    // The footer's cities come from the root's data, which did not fail.
    expect(pt.html).toContain('Florianópolis')
    const en = await render('/en/acompanhantes/sao-paulo')
    expect(en.html).toContain('Error loading profiles')
  })

  it('keeps the not-found page for an unknown city', async () => {
    const { status, html } = await render('/pt/acompanhantes/atlantida')
    expect(status).toBe(404)
    expect(html).toContain('Cidade não encontrada')
    expect(html).not.toContain('Erro ao carregar perfis')
  })
})
