// Aprova service worker (issue 5): keeps the app shell (hashed scripts and styles, the offline
// page) so a visit without a connection gets a clear bilingual page instead of the browser's
// error. Pages are always fetched from the network and never stored: no HTML (signed-in or
// not), no API answer, no photo stays on the device.
const VERSION = 'v1'
const SHELL_CACHE = `aprova-shell-${VERSION}`
const OFFLINE_URL = '/offline.html'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, '/favicon.svg']))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('aprova-') && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

// Each deploy brings new hashed files: only the newest few dozen are kept.
const MAX_ASSETS = 80
function trim(cache) {
  return cache.keys().then((keys) => {
    const assets = keys.filter((request) => new URL(request.url).pathname.startsWith('/assets/'))
    return Promise.all(
      assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((r) => cache.delete(r)),
    )
  })
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return

  // Pages: always the network; without one, the offline page.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE_URL).then((offline) => offline ?? Response.error()),
      ),
    )
    return
  }

  // Hashed build files never change: served from the cache once fetched.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(SHELL_CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ??
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone()).then(() => trim(cache))
              return response
            }),
        ),
      ),
    )
  }
  // Everything else (data requests, API, media) goes to the network untouched.
})
