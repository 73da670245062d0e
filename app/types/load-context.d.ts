import 'react-router'
import type { PageType } from '#app/domain/web-vitals.ts'

declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string
    /**
     * Makes this document's web-vitals token (issue 30 point 8) for its page type, for its
     * beacon; '' without one.
     */
    vitalsToken: (page: PageType) => string
    /** Address of the connection's peer, for offline IP geolocation. */
    clientIp: string | undefined
    /**
     * Whom the HTML cache keyed this page for (signed out, or a role), when it did: the root
     * loader draws the header from the same answer, so a kept copy never carries another's.
     */
    audience?: string
    /**
     * Whether the caller showed the Pix institution's client certificate, verified by the site's
     * own mutual-TLS listener or by the trusted proxy (issue 31 point 2); false elsewhere.
     */
    pixWebhookVerified: boolean
  }
}
