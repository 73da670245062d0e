import { type DragEvent, type FormEvent, useState } from 'react'
import { Form, useActionData, useRevalidator, useSubmit } from 'react-router'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { FilePicker } from '#app/components/ui/file-picker.tsx'
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { imageSrcSet, imageVariantUrl } from '#app/domain/images.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { FormAnswer, FormErrorKey } from '#app/modules/forms/checks.ts'
import type { OwnPhoto } from '#app/modules/provider/own-photo.ts'
import { PhotoEditForm } from './photo-edit-form.tsx'

export interface PhotoAnswer
  extends FormAnswer<'upload' | 'cover' | 'move' | 'reorder' | 'delete' | 'edit'> {
  /** Each file of an upload from the form without JavaScript. */
  results?: { name: string; ok: boolean; error?: FormErrorKey }[]
  done?: boolean
  /** The photo just rotated or cropped. */
  editedId?: string
}

interface Upload {
  key: string
  name: string
  /** Share of the bytes sent, 0 to 1. */
  progress: number
  state: 'waiting' | 'uploading' | 'processing' | 'done' | 'failed'
  error?: FormErrorKey
}

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif'

/** Sends one photo, reporting its progress; resolves with the server's answer. */
function sendPhoto(
  file: File,
  onProgress: (sent: number) => void,
  onSent: () => void,
): Promise<{ ok: boolean; error?: FormErrorKey }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/dashboard/photos/upload')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.upload.onload = onSent
    request.onload = () => {
      if (request.status === 413) return resolve({ ok: false, error: 'photoSize' })
      try {
        const answer = JSON.parse(request.responseText) as { ok: boolean; error?: FormErrorKey }
        resolve({ ok: answer.ok, error: answer.error })
      } catch {
        resolve({ ok: false, error: 'photoStorage' })
      }
    }
    request.onerror = () => resolve({ ok: false, error: 'photoStorage' })
    const body = new FormData()
    body.append('intent', 'upload')
    body.append('photo', file)
    request.send(body)
  })
}

function SmallForm({
  intent,
  id,
  children,
  label,
  extra,
  confirm,
}: {
  intent: string
  id: string
  children: React.ReactNode
  label: string
  extra?: Record<string, string>
  confirm?: string
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (confirm && !window.confirm(confirm)) event.preventDefault()
  }
  return (
    <Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        title={label}
        className="grid size-9 place-items-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
      >
        {children}
      </button>
    </Form>
  )
}

/** The photo section (issue 7 item 3): upload with a progress bar per file, cover, order, delete. */
export function PhotoManager({
  photos,
  max,
  used,
  limit,
  reviewed,
}: {
  photos: OwnPhoto[]
  max: number
  used: number
  limit: number
  reviewed: boolean
}) {
  const t = useT()
  const p = t.dashboard.photos
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const submit = useSubmit()
  const answer = useActionData() as PhotoAnswer | undefined
  const [uploads, setUploads] = useState<Upload[]>([])
  const [missing, setMissing] = useState(false)
  const [dragged, setDragged] = useState<string>()
  const busy = uploads.some((upload) => upload.state !== 'done' && upload.state !== 'failed')

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((all) =>
      all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    )

  const onUpload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = event.currentTarget.elements.namedItem('photo') as HTMLInputElement | null
    const files = [...(input?.files ?? [])]
    setMissing(files.length === 0)
    if (files.length === 0) return
    const started = Date.now()
    const queue: Upload[] = files.map((file, index) => ({
      key: `${started}-${index}`,
      name: file.name,
      progress: 0,
      state: 'waiting',
    }))
    setUploads(queue)
    if (input) {
      input.value = ''
      // Tells the picker its files are gone.
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }
    // One at a time: the order is kept and the server holds one photo in memory per person.
    for (const [index, file] of files.entries()) {
      const key = queue[index]?.key ?? ''
      update(key, { state: 'uploading' })
      const result = await sendPhoto(
        file,
        (progress) => update(key, { progress }),
        () => update(key, { state: 'processing', progress: 1 }),
      )
      update(key, result.ok ? { state: 'done' } : { state: 'failed', error: result.error })
    }
    revalidator.revalidate()
  }

  const onDrop = (event: DragEvent, target: string) => {
    event.preventDefault()
    if (!dragged || dragged === target) return
    const ids = photos.map((photo) => photo.id).filter((id) => id !== dragged)
    ids.splice(ids.indexOf(target), 0, dragged)
    const body = new FormData()
    body.append('intent', 'reorder')
    for (const id of ids) body.append('order', id)
    submit(body, { method: 'post' })
    setDragged(undefined)
  }

  const stateText = {
    waiting: '',
    uploading: p.uploading,
    processing: p.processing,
    done: p.done,
    failed: p.failed,
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="upload-title" className={cardClass}>
        <h3 id="upload-title" className="font-semibold">
          {p.addTitle}
        </h3>
        <p className="mt-1 text-sm text-stone-600">{p.hint}</p>
        <p className="mt-1 text-sm text-stone-600">
          {format(p.count, { count: photos.length, max })} · {format(p.allowance, { used, limit })}
        </p>
        {reviewed ? <p className="mt-1 text-sm text-amber-800">{p.reviewNote}</p> : null}
        <Form
          method="post"
          encType="multipart/form-data"
          onSubmit={hydrated ? onUpload : undefined}
          className="mt-3 flex flex-wrap items-center gap-3"
        >
          <input type="hidden" name="intent" value="upload" />
          <FilePicker name="photo" multiple accept={ACCEPTED} label={p.choose} />
          <Button
            type="submit"
            disabled={busy}
            size="large"
            className="inline-flex items-center gap-2"
          >
            <ImagePlus aria-hidden="true" className="size-5" />
            {p.upload}
          </Button>
        </Form>
        {missing || (answer?.intent === 'upload' && answer.error) ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t.formErrors.photoMissing}
          </p>
        ) : null}
        {answer && answer.intent !== 'upload' && answer.error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t.formErrors[answer.error.message]}
          </p>
        ) : null}
        {uploads.length > 0 ? (
          <ul aria-live="polite" className="mt-3 space-y-2">
            {uploads.map((upload) => (
              <li key={upload.key} className="text-sm">
                <div className="flex justify-between gap-2">
                  <span className="truncate">{upload.name}</span>
                  <span className={upload.state === 'failed' ? 'text-red-700' : 'text-stone-600'}>
                    {stateText[upload.state]}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={upload.name}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(upload.progress * 100)}
                  className="mt-1 h-2 w-full overflow-hidden rounded bg-stone-200"
                >
                  <div
                    className={`h-full transition-[width] ${
                      upload.state === 'failed' ? 'bg-red-600' : 'bg-rose-800'
                    }`}
                    style={{ width: `${Math.round(upload.progress * 100)}%` }}
                  />
                </div>
                {upload.error ? (
                  <p role="alert" className="text-red-700">
                    {t.formErrors[upload.error]}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {answer?.intent === 'upload' && answer.results ? (
          <ul className="mt-3 space-y-1 text-sm">
            {answer.results.map((result) => (
              <li key={result.name} className={result.ok ? 'text-emerald-800' : 'text-red-700'}>
                {result.name}: {result.ok ? p.done : t.formErrors[result.error ?? 'photoStorage']}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <ActionAlert data={answer} />
      {answer?.done ? (
        <FormAlert
          tone="success"
          // Cover and delete remove the button that was pressed: the focus goes to the result.
          // A move keeps it on the moved photo's button.
          reveal={
            answer.intent === 'cover' || answer.intent === 'delete' || answer.intent === 'edit'
              ? answer
              : undefined
          }
          title={
            {
              cover: p.coverSet,
              move: p.moved,
              reorder: p.moved,
              delete: p.deleted,
              upload: p.uploaded,
              edit: p.edited,
            }[answer.intent]
          }
        />
      ) : null}

      {photos.length === 0 ? (
        <p className="text-stone-600">{p.empty}</p>
      ) : (
        <section aria-label={p.title}>
          <p className="mb-2 text-sm text-stone-600">{p.dragHint}</p>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {photos.map((photo, index) => {
              const label = format(p.photoLabel, { number: index + 1, total: photos.length })
              return (
                <li
                  key={photo.id}
                  draggable={hydrated}
                  onDragStart={() => setDragged(photo.id)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, photo.id)}
                  className={`overflow-hidden rounded-lg border bg-white ${
                    dragged === photo.id ? 'border-rose-700 opacity-60' : 'border-stone-200'
                  }`}
                >
                  <div className="relative">
                    <img
                      src={imageVariantUrl(photo.storagePath, photo.variantWidths[0] ?? 320)}
                      srcSet={imageSrcSet(photo.storagePath, photo.variantWidths)}
                      sizes="(min-width: 1024px) 220px, (min-width: 640px) 30vw, 45vw"
                      width={photo.width}
                      height={photo.height}
                      alt={label}
                      loading="lazy"
                      className="aspect-[3/4] w-full object-cover"
                    />
                    <div className="absolute left-2 top-2 flex flex-wrap gap-1">
                      {photo.isCover ? (
                        <span className="rounded bg-stone-900/80 px-2 py-0.5 text-xs font-medium text-white">
                          {p.cover}
                        </span>
                      ) : null}
                      {photo.pending ? (
                        <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-950">
                          {p.pending}
                        </span>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-1 p-1.5">
                    {!photo.isCover ? (
                      <SmallForm intent="cover" id={photo.id} label={`${p.setCover}: ${label}`}>
                        <Star aria-hidden="true" className="size-4" />
                      </SmallForm>
                    ) : null}
                    {index > 0 ? (
                      <SmallForm
                        intent="move"
                        id={photo.id}
                        extra={{ direction: 'earlier' }}
                        label={`${p.moveEarlier}: ${label}`}
                      >
                        <ArrowLeft aria-hidden="true" className="size-4" />
                      </SmallForm>
                    ) : null}
                    {index < photos.length - 1 ? (
                      <SmallForm
                        intent="move"
                        id={photo.id}
                        extra={{ direction: 'later' }}
                        label={`${p.moveLater}: ${label}`}
                      >
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </SmallForm>
                    ) : null}
                    <SmallForm
                      intent="delete"
                      id={photo.id}
                      label={`${p.delete}: ${label}`}
                      confirm={p.deleteConfirm}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </SmallForm>
                  </div>
                  <PhotoEditForm key={photo.storagePath} photo={photo} label={label} />
                </li>
              )
            })}
          </ol>
        </section>
      )}
    </div>
  )
}
