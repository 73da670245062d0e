import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'

// Issue 19 point 1: a page change whose data request fails (the server answers an error, the
// request is lost, or the browser is offline) shows the SPEC's error in the page, inside the
// site's header and footer with their links, never the root's '500 Algo deu errado'.

const DATA_REQUESTS = /\.data(\?|$)/

/** The failed data requests are what the test makes happen: Chromium logs them. */
function forgetFailedRequests(pageErrors: string[]) {
  for (let i = pageErrors.length - 1; i >= 0; i--) {
    if (
      /\.data\b|ERR_FAILED|ERR_INTERNET_DISCONNECTED|status of 500|manifest patches/.test(
        pageErrors[i] ?? '',
      )
    ) {
      pageErrors.splice(i, 1)
    }
  }
}

async function expectShellWhole(page: Page, about: string) {
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: about })).toBeVisible()
  await expect(header.getByRole('link', { name: 'São Paulo' }).first()).toBeVisible()
  const footer = page.getByRole('contentinfo')
  for (const city of ['Fortaleza', 'Brasília', 'Porto Alegre', 'Curitiba', 'Florianópolis']) {
    await expect(footer.getByRole('link', { name: city })).toBeVisible()
  }
}

for (const [lang, about, heading, text, tryAgain, city] of [
  [
    'pt',
    'Sobre',
    'Erro ao carregar perfis',
    'Ocorreu um problema ao carregar os perfis. Verifique sua conexão e tente novamente.',
    'Tentar Novamente',
    'Acompanhantes em Fortaleza',
  ],
  [
    'en',
    'About',
    'Error loading profiles',
    'There was a problem loading the profiles. Check your connection and try again.',
    'Try Again',
    'Escorts in Fortaleza',
  ],
] as const) {
  test(`a listing whose data request fails shows the list error in the shell (${lang})`, async ({
    page,
    pageErrors,
  }) => {
    await page.goto(`/${lang}/`)
    await hydrated(page)
    await page.route(DATA_REQUESTS, (route) => route.abort())
    await page.getByRole('contentinfo').getByRole('link', { name: 'Fortaleza' }).click()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByText(text)).toBeVisible()
    await expect(page.getByText(/Algo deu errado|Something went wrong/)).toHaveCount(0)
    await expectShellWhole(page, about)
    await expect(
      page.getByRole('link', { name: lang === 'pt' ? 'Recarregar' : 'Reload' }),
    ).toBeVisible()
    // Try again loads the data anew: with the server reachable the page shows.
    await page.unroute(DATA_REQUESTS)
    await page.getByRole('link', { name: tryAgain }).click()
    await expect(page.getByRole('heading', { level: 1, name: city })).toBeVisible()
    forgetFailedRequests(pageErrors)
  })
}

for (const [lang, about, heading] of [
  ['pt', 'Sobre', 'Erro ao carregar perfil'],
  ['en', 'About', 'Error loading profile'],
] as const) {
  test(`a profile whose data request answers 500 shows the profile error in the shell (${lang})`, async ({
    page,
    pageErrors,
  }) => {
    await page.goto(`/${lang}/acompanhantes/sao-paulo`)
    await hydrated(page)
    await page.route(DATA_REQUESTS, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    )
    await page.locator('main article a').first().click()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(
      page.getByText(
        lang === 'pt'
          ? 'Ocorreu um erro inesperado. Nossa equipe foi notificada.'
          : 'An unexpected error occurred. Our team has been notified.',
      ),
    ).toBeVisible()
    await expectShellWhole(page, about)
    forgetFailedRequests(pageErrors)
  })
}

for (const [lang, about, offline, city] of [
  ['pt', 'Sobre', 'Sem conexão com a internet', 'Acompanhantes em Fortaleza'],
  ['en', 'About', 'You are offline', 'Escorts in Fortaleza'],
] as const) {
  test(`an offline page change says so and finishes when the connection returns (${lang})`, async ({
    page,
    context,
    pageErrors,
  }) => {
    // The city page's code is in the browser already (a route's code cannot load offline).
    await page.goto(`/${lang}/acompanhantes/sao-paulo`)
    await hydrated(page)
    await context.setOffline(true)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Fortaleza' }).click()
    await expect(page.getByRole('heading', { level: 1, name: offline })).toBeVisible()
    await expectShellWhole(page, about)
    await context.setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: city })).toBeVisible()
    await expect(page).toHaveURL(/\/acompanhantes\/fortaleza$/)
    forgetFailedRequests(pageErrors)
  })
}

// A page change given up for another while its data is still arriving (a second click on a slow
// connection) is no error: the second page shows, and nothing is reported as uncaught (React
// Router's data decoder leaves the abort's rejections unhandled: aborted-requests.ts). The
// browser's fetch is made slow here: the root's data request sends its first line and holds the
// rest; the page's own data request waits; both end as a real fetch does when its request is
// aborted.
test('a page change given up while its data still arrives leaves no uncaught error', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const realFetch = window.fetch
    window.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      const signal = init?.signal
      if (!url.includes('/pt/cidades.data') || !signal) return realFetch(input, init)
      if (!url.includes('_routes=root')) {
        return new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        )
      }
      const answer = await realFetch(input, init)
      const text = await answer.text()
      const firstLine = text.includes('\n') ? text.slice(0, text.indexOf('\n') + 1) : `${text}\n`
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(firstLine))
          signal.addEventListener('abort', () => controller.error(signal.reason))
        },
        // Asked for more: the first line is on its way to React Router's decoder.
        pull() {
          document.documentElement.dataset.firstLineTaken = ''
        },
      })
      return new Response(body, { status: answer.status, headers: answer.headers })
    }
  })
  await page.goto('/pt/')
  await hydrated(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Todas as cidades' }).click()
  await expect(page.locator('html[data-first-line-taken]')).toHaveCount(1)
  await page.getByRole('banner').getByRole('link', { name: 'Sobre' }).click()
  await expect(page).toHaveURL(/\/pt\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await hydrated(page)
})
