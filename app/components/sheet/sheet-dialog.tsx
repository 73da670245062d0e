import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { X } from '#app/components/ui/icons.tsx'

export interface SheetDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  /** Visible description, or for screen readers only. */
  descriptionClassName: string
  closeLabel: string
  /** Size and place of the panel. */
  contentClassName: string
  headerClassName: string
  closeClassName: string
  closeIconClassName: string
  children: ReactNode
}

/** The modal panel of a Sheet (focus kept inside, Escape and the overlay close it). */
export default function SheetDialog(props: SheetDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className={props.contentClassName}>
          <div className={props.headerClassName}>
            <Dialog.Title className="text-lg font-semibold">{props.title}</Dialog.Title>
            <Dialog.Close className={props.closeClassName} aria-label={props.closeLabel}>
              <X aria-hidden="true" className={props.closeIconClassName} />
            </Dialog.Close>
          </div>
          <Dialog.Description className={props.descriptionClassName}>
            {props.description}
          </Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
