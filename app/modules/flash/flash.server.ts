import { cookieValue } from '#app/domain/cookies.ts'
import { asFlash, FLASH_COOKIE, type Flash } from '#app/domain/flash.ts'
import { isHttpsSite } from '#server/env.server.ts'

const attributes = () => `Path=/; SameSite=Lax; HttpOnly${isHttpsSite() ? '; Secure' : ''}`

/** Set-Cookie value that shows `flash` on the next page (kept a minute at most). */
export function flashCookie(flash: Flash): string {
  return `${FLASH_COOKIE}=${flash}; Max-Age=60; ${attributes()}`
}

/** The message waiting for this request, and the Set-Cookie value that clears it. */
export function takeFlash(request: Request): { flash?: Flash; clear?: string } {
  const value = cookieValue(request.headers.get('cookie'), FLASH_COOKIE)
  if (value === undefined) return {}
  return { flash: asFlash(value), clear: `${FLASH_COOKIE}=; Max-Age=0; ${attributes()}` }
}
