import type { Express, Request } from 'express'
import type { TrustProxy } from '#app/platform/trust-proxy.server.ts'

// The client's address and protocol behind a proxy (issue 32 point 3, ADR 0031), by Express's
// own rule: with TRUST_PROXY unset nobody is trusted, so X-Forwarded-For and X-Forwarded-Proto
// are ignored and the client is the socket's peer; with it set, they count only when the peer
// (and each hop after it) is trusted. Every per-address limit, the geolocation and the session
// records read the one address this gives.

/** Tells `app` which peers may say who the client is (TRUST_PROXY). */
export function trustProxies(app: Express, setting: TrustProxy): void {
  app.set('trust proxy', setting ?? false)
}

/** The client's address as Express derived it (the peer's own without a trusted proxy). */
export function clientAddress(req: Request): string | undefined {
  return req.ip ?? req.socket.remoteAddress
}
