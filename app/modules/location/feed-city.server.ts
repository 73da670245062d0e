import { isHttpsSite } from '#app/platform/env.server.ts'
import { geolocateCity } from './geolocation.server.ts'
import { findCity } from './places.server.ts'

/**
 * City of the home feed: a known city in the URL (?city=) overrides; otherwise the visitor's
 * geolocated city among the ten of SPEC §9, kept an hour in a cookie, São Paulo by default.
 */
export async function feedCity(
  request: Request,
  clientIp: string | undefined,
): Promise<{ citySlug: string; setCookie?: string }> {
  const fromUrl = new URL(request.url).searchParams.get('city')
  if (fromUrl) {
    const city = await findCity(fromUrl)
    if (city) return { citySlug: city.slug }
  }
  return geolocateCity(request, { secure: isHttpsSite(), clientIp })
}
