import { type KeyboardEvent, type TouchEvent, useEffect, useRef, useState } from 'react'
import { ChevronLeft, ChevronRight, X } from '#app/components/ui/icons.tsx'
import { swipeDirection, type TouchPoint, wrapIndex } from '#app/domain/gestures.ts'
import { imageVariantUrl } from '#app/domain/images.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { Photo, type StoredPhoto } from './photo.tsx'

export interface GalleryPhoto extends StoredPhoto {
  id: string
}

const TILES = 4
/** A swipe inside the open photo: a shorter move than the page's, the photo fills the screen. */
const LIGHTBOX_SWIPE_PX = 50

/**
 * The profile's photos (SPEC §2): a grid of up to 4 with a '+N' overlay for the rest, and a
 * lightbox that opens at the chosen photo, wraps at both ends and moves with its buttons, the
 * arrow keys and a swipe; Escape closes it and focus stays inside while it is open. Without
 * JavaScript each tile links to the large photo.
 */
export function ProfileGallery({ name, photos }: { name: string; photos: GalleryPhoto[] }) {
  const t = useT()
  const countText = useCount()
  // Each opening is a lightbox of its own: the close event of one just closed by Escape comes a
  // moment later, and must not close the next one opened meanwhile (a quick Enter).
  const [open, setOpen] = useState<{ index: number; opening: number } | undefined>(undefined)
  const openings = useRef(0)
  const opener = useRef<HTMLElement | null>(null)
  // Back to the photo that opened it once the lightbox is gone (the page is inert before).
  useEffect(() => {
    if (open !== undefined) return
    opener.current?.focus()
    opener.current = null
  }, [open])
  const shown = photos.slice(0, TILES)
  const more = photos.length - shown.length

  if (shown.length === 0) {
    return (
      <p className="grid aspect-[3/4] max-w-sm place-items-center rounded-lg bg-stone-200 text-stone-600">
        {t.profileCard.photoSoon}
      </p>
    )
  }
  // Without JavaScript a tile opens its widest variant.
  const largest = (photo: GalleryPhoto) =>
    imageVariantUrl(
      photo.storagePath,
      photo.variantWidths.length > 0 ? Math.max(...photo.variantWidths) : 640,
    )
  return (
    <>
      <ul className="grid grid-cols-2 gap-2">
        {shown.map((photo, index) => (
          <li
            key={photo.id}
            className="relative aspect-[3/4] overflow-hidden rounded-lg bg-stone-200"
          >
            <a
              href={largest(photo)}
              onClick={(event) => {
                event.preventDefault()
                opener.current = event.currentTarget
                openings.current += 1
                setOpen({ index, opening: openings.current })
              }}
              className="block size-full focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-rose-700"
            >
              <Photo
                photo={photo}
                alt={format(t.profile.openPhoto, { number: index + 1, total: photos.length, name })}
                sizes="(min-width: 1024px) 30vw, 50vw"
                eager={index < 2}
                highPriority={index === 0}
                className="size-full object-cover"
              />
              {index === shown.length - 1 && more > 0 && (
                <span className="absolute inset-0 grid place-items-center bg-black/50 text-3xl font-semibold text-white">
                  <span aria-hidden="true">{format(t.profile.morePhotos, { count: more })}</span>
                  <span className="sr-only">{countText(t.profile.morePhotosLabel, more)}</span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
      {open !== undefined && (
        <Lightbox
          key={open.opening}
          name={name}
          photos={photos}
          start={open.index}
          onClose={() =>
            setOpen((current) => (current?.opening === open.opening ? undefined : current))
          }
        />
      )}
    </>
  )
}

function Lightbox({
  name,
  photos,
  start,
  onClose,
}: {
  name: string
  photos: GalleryPhoto[]
  start: number
  onClose(): void
}) {
  const t = useT()
  const dialog = useRef<HTMLDialogElement>(null)
  const touch = useRef<TouchPoint | undefined>(undefined)
  const [index, setIndex] = useState(start)
  const photo = photos[index]
  const step = (by: number) => setIndex((current) => wrapIndex(current, by, photos.length))

  // A modal <dialog> keeps the rest of the page inert and closes on Escape. Every way of closing
  // goes through the dialog's own close event; removing it ends the modal state by itself.
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  const close = () => dialog.current?.close()

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // Keys used here never reach the page (whose arrows step between profiles).
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      event.stopPropagation()
      step(event.key === 'ArrowLeft' ? -1 : 1)
    } else if (event.key === 'Escape') {
      event.stopPropagation()
    } else if (event.key === 'Tab') {
      // Focus goes round the dialog's buttons, never out to the browser's address bar.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])]
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
  }
  const onTouchStart = (event: TouchEvent) => {
    event.stopPropagation()
    const point = event.touches[0]
    touch.current = point && { x: point.clientX, y: point.clientY, time: event.timeStamp }
  }
  const onTouchEnd = (event: TouchEvent) => {
    event.stopPropagation()
    const point = event.changedTouches[0]
    const begin = touch.current
    touch.current = undefined
    if (!begin || !point) return
    const end = { x: point.clientX, y: point.clientY, time: event.timeStamp }
    const direction = swipeDirection(begin, end, LIGHTBOX_SWIPE_PX)
    if (direction) step(direction === 'next' ? 1 : -1)
  }

  if (!photo) return null
  const button =
    'grid size-12 place-items-center rounded-full bg-white/15 text-white hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white'
  return (
    <dialog
      ref={dialog}
      aria-label={format(t.profile.gallery, { name })}
      onKeyDown={onKeyDown}
      onClose={(event) => {
        // A close event that arrives while it is open again (React's development double
        // effects) is stale.
        if (!event.currentTarget.open) onClose()
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 p-3">
          <p aria-live="polite" className="text-sm">
            {format(t.profile.photoPosition, { number: index + 1, total: photos.length })}
          </p>
          <button
            type="button"
            onClick={close}
            aria-label={t.profile.closeGallery}
            className={button}
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4">
          <Photo
            key={photo.id}
            photo={photo}
            alt={format(t.profileCard.photoAlt, { name })}
            sizes="100vw"
            eager
            className="max-h-full max-w-full object-contain"
          />
          {photos.length > 1 && (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label={t.profile.previousPhoto}
                className={`${button} absolute top-1/2 left-2 -translate-y-1/2`}
              >
                <ChevronLeft aria-hidden="true" className="size-7" />
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                aria-label={t.profile.nextPhoto}
                className={`${button} absolute top-1/2 right-2 -translate-y-1/2`}
              >
                <ChevronRight aria-hidden="true" className="size-7" />
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  )
}
