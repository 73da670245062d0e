import { imageVariantUrl } from '#app/domain/images.ts'
import { editRegion, type PhotoEdit, photoEditOf } from '#app/domain/photo-edit.ts'
import type { OwnPhoto } from '#app/modules/provider/own-photo.ts'

/**
 * What an edit will give, drawn by the browser (CSS only) from the photo as shown now: turned
 * from its current rotation to the chosen one, the part the chosen crop drops dimmed. The server
 * makes the real files from the original (photos.server.ts); for a photo already cropped the box
 * is drawn on the cropped picture, a close guide.
 */
export default function PhotoEditPreview({
  photo,
  edit,
  label,
}: {
  photo: OwnPhoto
  edit: PhotoEdit
  label: string
}) {
  const turn = (Number(edit.rotation) - Number(photoEditOf(photo.storagePath).rotation) + 360) % 360
  const turned = turn === 90 || turn === 270
  const width = turned ? photo.height : photo.width
  const height = turned ? photo.width : photo.height
  const region = editRegion(width, height, { ...edit, rotation: '0' })
  const percent = (part: number, whole: number) => `${(part / whole) * 100}%`
  return (
    <figure className="mt-2">
      <figcaption className="text-xs font-semibold text-stone-700">{label}</figcaption>
      <div
        data-testid="photo-edit-preview"
        className="relative mt-1 w-full overflow-hidden rounded bg-stone-200"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <img
          src={imageVariantUrl(photo.storagePath, photo.variantWidths[0] ?? 320)}
          alt=""
          width={photo.width}
          height={photo.height}
          className="absolute left-1/2 top-1/2 h-auto max-w-none"
          style={{
            width: turned ? percent(photo.width, photo.height) : '100%',
            transform: `translate(-50%, -50%) rotate(${turn}deg)`,
          }}
        />
        {edit.crop === 'none' ? null : (
          <div
            data-testid="photo-edit-crop-box"
            className="absolute border-2 border-white"
            style={{
              left: percent(region.left, width),
              top: percent(region.top, height),
              width: percent(region.width, width),
              height: percent(region.height, height),
              boxShadow: '0 0 0 9999px rgb(0 0 0 / 0.55)',
            }}
          />
        )}
      </div>
    </figure>
  )
}
