import { deviceOf } from '#app/domain/device.ts'
import type { Language } from '#app/domain/language.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import { lookupIpPlace } from '#app/modules/location/geolocation.server.ts'

// Where and when something happened to an account, as its owner's e-mails say it (issue 23's
// new-device e-mail, issue 33's security notices): the browser and system, the approximate
// place of the address, and the time in Brasília.

export interface DeviceDetails {
  device: string
  place: string
  date: string
}

export function deviceDetails(
  language: Language,
  from: { userAgent?: string | null; ipAddress?: string | null },
  at = new Date(),
): DeviceDetails {
  const t = dictionary(language)
  const parsed = deviceOf(from.userAgent)
  return {
    device: parsed
      ? format(t.security.deviceOn, { browser: parsed.browser, system: parsed.system })
      : t.security.unknownDevice,
    place: lookupIpPlace(from.ipAddress) ?? t.email.newDevicePlaceUnknown,
    date: new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    }).format(at),
  }
}
