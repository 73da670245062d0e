import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string
    /** Address of the connection's peer, for offline IP geolocation. */
    clientIp: string | undefined
  }
}
