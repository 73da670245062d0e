/** Value of the first cookie called `name` in a Cookie header, or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=')
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim()
    }
  }
  return undefined
}

/**
 * A Set-Cookie value for one of the site's own cookies: whole site, httpOnly, SameSite=Lax,
 * Secure when asked (an https site). Without `maxAgeS` it lasts the browser session; 0 clears it.
 */
export function siteCookie(
  name: string,
  value: string,
  options: { maxAgeS?: number; secure: boolean },
): string {
  const maxAge = options.maxAgeS === undefined ? '' : `; Max-Age=${options.maxAgeS}`
  return `${name}=${value}; Path=/${maxAge}; SameSite=Lax; HttpOnly${options.secure ? '; Secure' : ''}`
}
