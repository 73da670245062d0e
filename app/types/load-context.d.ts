import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string
  }
}
