import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react'
import type { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner'

// Toasts are rare (a saved heart, a copied link, a message after a redirect), so the toast
// library (10 KB gzip) is loaded with the first one rather than with every page.

type Toast = typeof sonnerToast
type ToasterProps = ComponentProps<typeof SonnerToaster>

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

let requestToaster: (() => void) | undefined
let toasterReady: Promise<Toast> | undefined
let resolveReady: ((toast: Toast) => void) | undefined

/** Shows a toast: `show` gets sonner's `toast` once the toaster is on the page. */
export function notify(show: (toast: Toast) => void): void {
  if (!toasterReady) {
    toasterReady = new Promise((resolve) => {
      resolveReady = resolve
    })
    requestToaster?.()
  }
  toasterReady.then(show)
}

/** Where toasts appear; it renders nothing until the first `notify`. */
export function LazyToaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    requestToaster = () => setWanted(true)
    if (toasterReady) setWanted(true)
    return () => {
      requestToaster = undefined
    }
  }, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
      <Ready />
    </Suspense>
  )
}

/** Rendered after the toaster, so its effect runs once the toaster listens. */
function Ready() {
  useEffect(() => {
    import('sonner').then((module) => resolveReady?.(module.toast))
  }, [])
  return null
}
