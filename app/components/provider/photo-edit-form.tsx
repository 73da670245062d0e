import { type FormEvent, lazy, Suspense, useState } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Crop } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import {
  PHOTO_CROP_POSITIONS,
  PHOTO_CROPS,
  PHOTO_ROTATIONS,
  type PhotoEdit,
  photoEditOf,
} from '#app/domain/photo-edit.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { OwnPhoto } from '#app/modules/provider/own-photo.ts'

// The preview is the only script this form needs, loaded when a provider opens the form.
const PhotoEditPreview = lazy(() => import('./photo-edit-preview.tsx'))

const radioClass = 'size-4 accent-rose-800'

/**
 * Rotate and crop one photo (issue 19 point 20): a form of choices that works without
 * JavaScript; with it, a preview of the result follows the choices.
 */
export function PhotoEditForm({ photo, label }: { photo: OwnPhoto; label: string }) {
  const t = useT()
  const p = t.dashboard.photos
  const hydrated = useHydrated()
  const current = photoEditOf(photo.storagePath)
  const [edit, setEdit] = useState<PhotoEdit>(current)
  const [open, setOpen] = useState(false)
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    setEdit({
      rotation: form.get('rotation') as PhotoEdit['rotation'],
      crop: form.get('crop') as PhotoEdit['crop'],
      position: form.get('position') as PhotoEdit['position'],
    })
  }
  const group = <K extends keyof PhotoEdit>(
    name: K,
    legend: string,
    values: readonly PhotoEdit[K][],
    text: Record<PhotoEdit[K], string>,
  ) => (
    <fieldset className="mt-2">
      <legend className="text-xs font-semibold text-stone-700">{legend}</legend>
      {values.map((value) => (
        <label key={value} className="mt-1 flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={value}
            defaultChecked={current[name] === value}
            className={radioClass}
          />
          {text[value]}
        </label>
      ))}
    </fieldset>
  )
  return (
    <details
      className="border-t border-stone-200 px-1.5 py-1"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer items-center gap-1 text-sm font-medium text-stone-800">
        <Crop aria-hidden="true" className="size-4" />
        {p.edit}
        <span className="sr-only">: {label}</span>
      </summary>
      <Form method="post" onChange={onChange} className="pb-2">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="id" value={photo.id} />
        <p className="mt-1 text-xs text-stone-600">{p.editHint}</p>
        {hydrated && open ? (
          <Suspense fallback={null}>
            <PhotoEditPreview photo={photo} edit={edit} label={p.preview} />
          </Suspense>
        ) : null}
        {group('rotation', p.rotation, PHOTO_ROTATIONS, p.rotations)}
        {group('crop', p.crop, PHOTO_CROPS, p.crops)}
        {group('position', p.position, PHOTO_CROP_POSITIONS, p.positions)}
        <Button type="submit" className="mt-2 w-full">
          {p.apply}
        </Button>
      </Form>
    </details>
  )
}
