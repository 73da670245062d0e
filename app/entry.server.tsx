import { readFileSync } from 'node:fs'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { pageTypeOfRoute, VITALS_TOKEN_META } from '#app/domain/web-vitals.ts'
import { log } from '#app/platform/logger.server.ts'
import { isDatabaseUnreachable } from '#db/client.server.ts'
import { InlineCssProvider, STYLESHEET_HREF } from './components/layout/app-stylesheet.tsx'
import { NonceProvider } from './components/nonce.tsx'
import { coalescingStream } from './modules/http/coalescing-stream.server.ts'

export const streamTimeout = 5_000
/** A page that failed because the database could not be reached is a 503, to try again soon. */
const RETRY_AFTER_SECONDS = 5

/**
 * The built stylesheet's text, inlined in every document (app-stylesheet.tsx). This module is
 * bundled below build/server and the stylesheet is in build/client; in development there is no
 * built file and documents link the stylesheet.
 */
const inlineCss = import.meta.env.PROD ? builtStylesheet() : undefined

function builtStylesheet(): string | undefined {
  // build/server/assets/server-build-….js or build/server/index.js: build/ is above.
  for (const up of ['../../', '../']) {
    try {
      return readFileSync(new URL(`${up}client${STYLESHEET_HREF}`, import.meta.url), 'utf8')
    } catch {}
  }
  log.warn('stylesheet not inlined: the built file was not found', { href: STYLESHEET_HREF })
  return undefined
}

/** The requests (by their load context) whose loaders met an unreachable database. */
const databaseUnreachable = new WeakSet<object>()

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  if (responseStatusCode >= 500 && databaseUnreachable.has(loadContext)) {
    responseStatusCode = 503
    responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS))
  }
  // Crawlers and form posts without JavaScript get the complete document in one piece.
  const readyEvent =
    isbot(request.headers.get('user-agent')) || routerContext.isSpaMode
      ? 'onAllReady'
      : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = coalescingStream({
            head: (head) =>
              lowPriorityModules(head) +
              vitalsTokenMeta(
                loadContext.vitalsToken?.(
                  pageTypeOfRoute(routerContext.staticHandlerContext.matches.at(-1)?.route.id),
                ),
              ),
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are already rendered into the page by the error boundary.
          if (shellRendered)
            log.error('render error', { url: request.url, error: errorText(error) })
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

/**
 * The page's scripts are fetched after what it shows (issue 24 point 3): React Router preloads
 * every module of the page at high priority, which on a slow connection shares the bandwidth
 * with the stylesheet's and the first photo's requests and delays the first paint. The page
 * works before its scripts run (links and forms are plain HTML), so they come last.
 */
function lowPriorityModules(head: string): string {
  return head.replaceAll(
    '<link rel="modulepreload"',
    '<link rel="modulepreload" fetchpriority="low"',
  )
}

/**
 * The document's web-vitals token (issue 30 point 8; ADR 0023), for its beacon to send: at the
 * end of the head, outside what React renders and hydrates (React skips tags it did not render
 * there), so a kept page gets a new one in each answer (server/html-splice.server.ts) and the
 * browser's copy is never compared with anything. Base64url: nothing to escape.
 */
function vitalsTokenMeta(token: string | undefined): string {
  return token ? `<meta name="${VITALS_TOKEN_META}" content="${token}">` : ''
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

/**
 * Server errors go to the structured log. Aborted requests and the 4xx answers React Router gives
 * on its own (405 for a POST to a page without an action, 404) are the client's, not ours. An
 * unreachable database makes the page a 503 with Retry-After (handleRequest).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  if (isDatabaseUnreachable(error)) databaseUnreachable.add(context)
  log.error('request error', { method: request.method, url: request.url, error: errorText(error) })
}
