import { cookieValue } from '#app/domain/cookies.ts'
import { asFlash, FLASH_COOKIE, type Flash } from '#app/domain/flash.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'

/** Set-Cookie value that shows `flash` on the next page (kept a minute at most). */
export function flashCookie(flash: Flash): string {
  return ownCookie(FLASH_COOKIE, flash, 60)
}

/** The message waiting for this request, and the Set-Cookie value that clears it. */
export function takeFlash(request: Request): { flash?: Flash; clear?: string } {
  const value = cookieValue(request.headers.get('cookie'), FLASH_COOKIE)
  if (value === undefined) return {}
  return { flash: asFlash(value), clear: ownCookie(FLASH_COOKIE, '', 0) }
}
