import type { HeadersFunction } from 'react-router'

/**
 * A route's `headers` export that passes `names` from its loader, action and error answers on to
 * the response. Without one React Router keeps only their cookies (a page's `no-store` would be
 * lost, and the HTML cache would keep it).
 */
export function passOnHeaders(...names: string[]): HeadersFunction {
  return ({ loaderHeaders, actionHeaders, errorHeaders }) => {
    const headers = new Headers()
    for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
      for (const name of names) {
        const value = source?.get(name)
        if (value) headers.set(name, value)
      }
    }
    return headers
  }
}
