import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { log } from '#app/platform/logger.server.ts'
import { isDatabaseUnreachable } from '#db/client.server.ts'
import { NonceProvider } from './components/nonce.tsx'
import { coalescingStream } from './modules/http/coalescing-stream.server.ts'

export const streamTimeout = 5_000
/** A page that failed because the database could not be reached is a 503, to try again soon. */
const RETRY_AFTER_SECONDS = 5

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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = coalescingStream()
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
