import { useEffect, useRef, useState } from 'react'
import { imageSrcSet, imageVariantUrl } from '#app/domain/images.ts'
import { useT } from '#app/i18n/i18n.ts'

/** A stored photo: its variants and its size (for width and height, so nothing shifts). */
export interface StoredPhoto {
  storagePath: string
  variantWidths: number[]
  width: number
  height: number
}

/**
 * A photo that shows 'Foto em breve' when it cannot be loaded (SPEC §2), also when it failed
 * before the page's script was running: never the browser's broken-image icon and alt text.
 * Used by the profile's gallery and by every card (issue 19 point 8).
 */
export function Photo({
  photo,
  alt,
  sizes,
  eager,
  highPriority = false,
  className,
  placeholderClassName = 'grid size-full place-items-center bg-stone-200 text-sm text-stone-600',
}: {
  photo: StoredPhoto
  alt: string
  sizes: string
  eager?: boolean
  /** A grid's first card or a gallery's first photo: fetched first, the page's largest paint. */
  highPriority?: boolean
  className: string
  placeholderClassName?: string
}) {
  const t = useT()
  const ref = useRef<HTMLImageElement>(null)
  const [broken, setBroken] = useState(false)
  useEffect(() => {
    const image = ref.current
    if (image?.complete && image.naturalWidth === 0) setBroken(true)
  }, [])
  if (broken) {
    return (
      <span className={placeholderClassName} data-photo-placeholder="">
        <span>
          {t.profileCard.photoSoon}
          {/* The link around it keeps its name. */}
          <span className="sr-only"> ({alt})</span>
        </span>
      </span>
    )
  }
  return (
    <img
      ref={ref}
      src={imageVariantUrl(photo.storagePath, 640)}
      srcSet={imageSrcSet(photo.storagePath, photo.variantWidths)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={highPriority ? 'high' : undefined}
      decoding="async"
      onError={() => setBroken(true)}
      className={className}
    />
  )
}
