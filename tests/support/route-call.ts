import { TEST_BASE_URL } from '#tests/support/test-server.ts'

// Calls a route's loader or action the way React Router does, and reads its answer loosely.

export type Handler = (args: never) => unknown

export interface RouteAnswer {
  status: number
  location?: string | null
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' data loosely
  data?: Record<string, any>
  headers?: Headers
}

/** A loader (GET) or an action (POST with `body`) as the holder of `cookie`. */
export async function callRoute(
  handler: Handler,
  url: string,
  options: {
    body?: Record<string, string> | URLSearchParams
    cookie?: string
    params?: Record<string, string>
    headers?: Record<string, string>
    context?: Record<string, unknown>
  } = {},
): Promise<RouteAnswer> {
  const request = new Request(`${TEST_BASE_URL}${url}`, {
    method: options.body ? 'POST' : 'GET',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    body: options.body ? new URLSearchParams(options.body) : undefined,
  })
  try {
    const result = await handler({
      request,
      params: options.params ?? {},
      context: options.context ?? {},
    } as never)
    if (result instanceof Response) {
      const type = result.headers.get('content-type') ?? ''
      return {
        status: result.status,
        location: result.headers.get('location'),
        headers: result.headers,
        data: type.includes('json') ? await result.json() : undefined,
      }
    }
    const value = result as {
      type?: string
      data: Record<string, unknown>
      init?: ResponseInit | null
    }
    // data(…) or a plain object.
    if (value?.type !== 'DataWithResponseInit')
      return { status: 200, data: result as Record<string, unknown>, headers: new Headers() }
    return {
      status: value.init?.status ?? 200,
      data: value.data,
      headers: new Headers(value.init?.headers),
    }
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get('location') }
    // A thrown data(…, 404): React Router's error answer.
    const value = thrown as { type?: string; data?: unknown; init?: ResponseInit | null }
    if (value?.type === 'DataWithResponseInit')
      return { status: value.init?.status ?? 500, data: value.data as Record<string, unknown> }
    throw thrown
  }
}
