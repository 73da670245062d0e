import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadDictionary } from './i18n/i18n.ts'

// The page's language (<html lang>, 'pt-BR' or 'en') decides the one dictionary to load: the
// hydrated page must render the very strings the server sent.
const language = document.documentElement.lang.startsWith('en') ? 'en' : 'pt'

loadDictionary(language).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
})
