/**
 * The headers of an answer meant for its visitor alone (their account, dashboard, documents):
 * kept by no browser, proxy or HTML cache (server/html-cache.server.ts skips `private`). Spread
 * it beside other headers.
 */
export const PRIVATE_NO_STORE = Object.freeze({ 'Cache-Control': 'private, no-store' })
