import { createContext, useContext } from 'react'
import stylesheet from '#app/styles/app.css?url'

// The site's stylesheet, inline in the document (issue 24 point 3): a first visit paints without
// waiting for a stylesheet request on a slow phone connection. entry.server gives the built file's
// text; in development (no built file) the document links the stylesheet as before. Client-side
// page changes keep the document's <head>, so the styles stay.

const InlineCssContext = createContext<string | undefined>(undefined)

/** entry.server's: the built stylesheet's text, or undefined to link it. */
export const InlineCssProvider = InlineCssContext.Provider

export const STYLESHEET_HREF = stylesheet
const ELEMENT_ID = 'app-css'

/** In the browser: the inline stylesheet the server sent, read once. */
let sent: string | null | undefined
function sentCss(): string | undefined {
  if (typeof document === 'undefined') return undefined
  if (sent === undefined) sent = document.getElementById(ELEMENT_ID)?.textContent ?? null
  return sent ?? undefined
}

export function AppStylesheet() {
  const css = useContext(InlineCssContext) ?? sentCss()
  if (css === undefined) return <link rel="stylesheet" href={STYLESHEET_HREF} />
  // Hydration renders the very text the server sent: React leaves the element alone.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not input
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: css }} />
}
