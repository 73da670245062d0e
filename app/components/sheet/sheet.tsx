import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { SheetDialogProps } from './sheet-dialog.tsx'

// The dialog library (Radix, about 12 KB gzip) is needed only once a menu or the filters are
// opened: it loads then (or when the pointer or focus reaches the button), not with every page.
const loadDialog = () => import('./sheet-dialog.tsx')
const SheetDialog = lazy(loadDialog)

/** A button that opens a modal panel (the side menu, the filters). */
export function Sheet({
  trigger,
  triggerClassName,
  triggerLabel,
  ...dialog
}: SheetDialogProps & {
  trigger: ReactNode
  triggerClassName: string
  triggerLabel?: string
}) {
  const [wanted, setWanted] = useState(false)
  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={dialog.open}
        // Pressed before the page is hydrated, it opens once it is (layout/early-taps.tsx).
        data-replay-tap=""
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          setWanted(true)
          dialog.onOpenChange(true)
        }}
      >
        {trigger}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SheetDialog {...dialog} />
        </Suspense>
      )}
    </>
  )
}
