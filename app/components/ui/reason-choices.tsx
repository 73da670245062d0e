// The radio list of reasons a report is sent for (a profile's, a review's): one bordered row a
// reason, the checked one marked, and the field's error under it, named by the fieldset.

/** The reasons to choose from, under their legend; `small` for a form inside a card. */
export function ReasonChoices<Reason extends string>({
  legend,
  reasons,
  labels,
  checked,
  onChoose,
  error,
  messageId,
  small,
}: {
  legend: string
  reasons: readonly Reason[]
  labels: Record<Reason, string>
  /** The reason checked when the page came (the one sent last). */
  checked: string
  onChoose: (reason: Reason) => void
  /** The error in words. */
  error?: string
  messageId: string
  small?: boolean
}) {
  return (
    <fieldset aria-describedby={error ? messageId : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="space-y-2">
        {reasons.map((one) => (
          <label
            key={one}
            className={`flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 ${small ? 'py-2' : 'py-2.5'} has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50`}
          >
            <input
              type="radio"
              name="reason"
              value={one}
              defaultChecked={checked === one}
              onChange={() => onChoose(one)}
              className="size-4 accent-rose-800"
            />
            <span className={small ? 'text-sm' : undefined}>{labels[one]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={messageId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
