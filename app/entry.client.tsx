import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { ignoreAbortedRequests } from './components/layout/aborted-requests.ts'
import { pageAreas } from './i18n/areas.ts'
import { loadDictionary } from './i18n/i18n.ts'

ignoreAbortedRequests()

// The page's language (<html lang>, 'pt-BR' or 'en') and its path (the areas of its strings,
// i18n/areas.ts) decide the parts of the dictionary to load: the hydrated page must render the
// very strings the server sent.
const language = document.documentElement.lang.startsWith('en') ? 'en' : 'pt'

loadDictionary(language, pageAreas(window.location.pathname)).then(() => {
  startTransition(() => {
    // From now on React answers taps itself (components/layout/early-taps.tsx); not imported
    // from there, so that module stays in the root's chunk instead of one of its own.
    window.__aprovaHydrating = true
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
})
