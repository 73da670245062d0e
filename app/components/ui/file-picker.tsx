import { useId, useState } from 'react'
import { useCount, useT } from '#app/i18n/i18n.ts'

/**
 * A file field whose button and "nothing chosen" line are in the page's language (the browser's
 * own are in the browser's): the input itself is visually hidden behind its label.
 */
export function FilePicker({
  id,
  name,
  accept,
  multiple = false,
  label,
  describedBy,
  invalid,
}: {
  id?: string
  name: string
  accept: string
  multiple?: boolean
  /** The input's accessible name when no other label names it. */
  label?: string
  describedBy?: string
  invalid?: boolean
}) {
  const t = useT()
  const countText = useCount()
  const generated = useId()
  const inputId = id ?? generated
  const [chosen, setChosen] = useState<string[]>([])
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      <input
        id={inputId}
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].map((f) => f.name))}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-700"
      >
        {multiple ? t.files.chooseMany : t.files.chooseOne}
      </label>
      <span className="min-w-0 break-all text-sm text-stone-600">
        {chosen.length === 0
          ? t.files.none
          : chosen.length === 1
            ? chosen[0]
            : countText(t.files.many, chosen.length)}
      </span>
    </div>
  )
}
