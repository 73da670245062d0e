// A device as people name it (issue 23: the sessions list and the new-device e-mail): the
// browser and the system read from the user agent, without versions, so a browser update is
// not a new device.

export interface Device {
  browser: string
  system: string
}

const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

/** The browser and system of a user agent, or undefined when neither is known. */
export function deviceOf(userAgent: string | null | undefined): Device | undefined {
  if (!userAgent) return undefined
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (!browser && !system) return undefined
  return { browser: browser ?? '?', system: system ?? '?' }
}

/** A device's key among an account's known devices ('Chrome/Android'). */
export function deviceKey(userAgent: string | null | undefined): string {
  const device = deviceOf(userAgent)
  return device ? `${device.browser}/${device.system}` : 'unknown'
}
