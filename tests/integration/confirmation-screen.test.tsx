import { useLoaderData } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ConfirmationScreen } from '#app/components/auth/confirmation-screen.tsx'
import type { ConfirmationView } from '#app/modules/auth/confirmation-answer.ts'
import { renderRoutes } from '#tests/support/render-route.tsx'

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
  return (await renderRoutes(routes, new Request('http://localhost/?token=token'))).html
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

  it('asks the account’s password, or a new one, as real forms in both languages (issue 30)', async () => {
    const view: ConfirmationView = {
      kind: 'prove',
      target: 'account',
      email: 'ana@example.com',
      role: 'client',
      hasPassword: true,
    }
    const pt = await render(view, 'pt')
    expect(pt).toContain('Confirme que a conta é sua')
    expect(pt).toContain('Este link confirma a conta de cliente de ana@example.com')
    expect(pt).toContain('Não fez este cadastro ou não lembra a senha?')
    expect(pt.match(/<form\b[^>]*method="post"/g)).toHaveLength(2)
    expect(pt).toContain('name="intent" value="password"')
    expect(pt).toContain('name="intent" value="new-password"')
    expect(pt.match(/name="token" value="token"/g)).toHaveLength(2)
    expect(pt).toContain('autoComplete="current-password"')
    const en = await render(view, 'en')
    expect(en).toContain('Confirm the account is yours')
    expect(en).toContain('Save password and confirm e-mail')
    // Without a password of its own (opened by Google), only a new one.
    const google = await render({ ...view, role: null, hasPassword: false }, 'en')
    expect(google).toContain('This link confirms the account of ana@example.com.')
    expect(google).not.toContain('value="password"')
    expect(google).toContain('value="new-password"')
  })

  it('a new address asks the account’s password, or a sign-in first without one', async () => {
    const view: ConfirmationView = {
      kind: 'prove',
      target: 'address',
      email: 'novo@example.com',
      role: null,
      hasPassword: true,
    }
    const withPassword = await render(view, 'pt')
    expect(withPassword).toContain('Confirme seu novo e-mail')
    expect(withPassword).toContain('value="password"')
    expect(withPassword).not.toContain('value="new-password"')
    const google = await render({ ...view, hasPassword: false }, 'pt')
    expect(google).toContain('href="/auth?mode=login&amp;next=%2F%3Ftoken%3Dtoken"')
  })

  it.each([
    ['other-account', 'You are still logged in with another account', 'href="/auth"'],
    ['new-password', 'Your new password is saved', 'href="/auth?mode=login"'],
  ] as const)(
    'confirmed apart from this browser (%s): says so, no spinner',
    async (why, words, link) => {
      const html = await render({
        kind: 'confirmed-apart',
        email: 'ana@example.com',
        role: 'client',
        why,
      })
      expect(html).toContain('Email Confirmed!')
      expect(html).toContain(words)
      expect(html).toContain(link)
      expect(html).not.toContain('Setting up your account...')
    },
  )
})
