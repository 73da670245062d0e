import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { ConfirmationScreen } from '#app/components/auth/confirmation-screen.tsx'
import type { ConfirmationView } from '#app/modules/auth/confirmation-answer.ts'

function Screen() {
  const { result } = useLoaderData() as { result?: ConfirmationView }
  return <ConfirmationScreen token="token" posted={result} />
}

// The e-mail confirmation screen (SPEC §2, §8) for each answer of the server, as the server
// renders it (the redirects after 1, 2 or 5 s run in the browser: tests/e2e/accounts.spec.ts).
async function render(result: ConfirmationView | undefined, language: 'pt' | 'en' = 'en') {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ language, result }),
      Component: Screen,
    },
  ]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://localhost/?token=token'))
  if (context instanceof Response) throw context
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}

describe('e-mail confirmation screen', () => {
  it('shows the spinner while the token is checked, with a button for browsers without JavaScript', async () => {
    const html = await render(undefined, 'pt')
    expect(html).toContain('Confirmando seu e-mail…')
    expect(html).toContain('<noscript>')
  })

  it('names the e-mail and the role once confirmed', async () => {
    const html = await render({
      kind: 'confirmed',
      email: 'ana@example.com',
      role: 'client',
      area: '/client-dashboard',
    })
    expect(html).toContain('Email Confirmed!')
    expect(html).toContain('Setting up your account...')
    expect(html).toContain('ana@example.com')
    expect(html).toContain('Client')
    expect(html).toContain('href="/client-dashboard"')
  })

  it.each([
    ['session', 'Error processing confirmation. Please try logging in manually.'],
    ['expired', 'Confirmation expired or invalid. Please try logging in manually.'],
    ['failed', 'An error occurred during confirmation. Please try logging in manually.'],
  ] as const)('%s: Confirmation Error with the SPEC message', async (reason, message) => {
    const html = await render({ kind: 'error', reason })
    expect(html).toContain('Confirmation Error')
    expect(html).toContain(message)
    expect(html).toContain('Redirecting to login page...')
    expect(html).toContain('href="/auth"')
  })
})
