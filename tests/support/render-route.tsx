import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
  useLoaderData,
  useMatches,
} from 'react-router'
import * as root from '#app/root.tsx'
import type { Handler } from './route-call.ts'

// Routes rendered as the server renders a page (a static router, loaders run, no hydration
// data), for tests that read a page's HTML without a browser.

/** The HTML of `routes` answering `request`, and its status; a redirect fails the test. */
export async function renderRoutes(routes: RouteObject[], request: Request) {
  const handler = createStaticHandler(routes)
  const context = await handler.query(request)
  if (context instanceof Response) throw new Error(`unexpected redirect (${context.status})`)
  const html = renderToString(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />,
  )
  return { html, status: context.statusCode }
}

type PageComponent = (props: { loaderData: unknown }) => ReactNode

/** The route's page with its loader's data (the page module is in the route's handle). */
function ShownPage() {
  const handle = useMatches().at(-1)?.handle as { page: PageComponent } | undefined
  if (!handle) throw new Error('no page')
  return createElement(handle.page, { loaderData: useLoaderData() })
}

/** The routes of a page module (its loader and component) at `pattern` under the root's loader. */
export function pageUnderRoot(
  page: { loader: Handler; default: unknown },
  pattern: string,
): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: (args: LoaderFunctionArgs) => root.loader(args as never),
      Component: Outlet,
      children: [
        {
          id: 'page',
          path: pattern,
          loader: (args: LoaderFunctionArgs) => page.loader(args as never),
          Component: ShownPage,
          handle: { page: page.default },
        },
      ],
    },
  ]
}

/** Markup as a reader sees it: adjacent texts joined, money's no-break spaces (Intl's 'R$ 1,00') as spaces. */
export const readable = (markup: string) => plain(markup.replaceAll('<!-- -->', ''))

/** Money's no-break space as a plain one. */
export const plain = (text: string) => text.replaceAll('\u00a0', ' ')

/** Text as renderToString escapes it (no-break spaces plain, as `readable` makes them). */
export const escaped = (text: string) =>
  plain(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;')
    .replaceAll('"', '&quot;')
