import { useState } from 'react'
import { Form, Link, useLocation, useNavigate } from 'react-router'
import { Sheet } from '#app/components/sheet/sheet.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { SlidersHorizontal } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import {
  AGE_SLIDER,
  activeFilterCount,
  DEFAULT_FILTERS,
  FILTER_PARAMS,
  type Filters,
  PRICE_SLIDER,
  withFilters,
} from '#app/domain/filters.ts'
import { formatBrl } from '#app/domain/money.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'

/** Query parameters that describe the place (kept when filters change); page and minute are not. */
function placeParams(search: string): URLSearchParams {
  const params = new URLSearchParams(search)
  for (const name of [...FILTER_PARAMS, 'page', 'r']) params.delete(name)
  return params
}

/**
 * The filter dialog of SPEC §4: edits are held until Apply; Clear resets and closes. Without
 * JavaScript it is a plain GET form in a disclosure; with it, a modal dialog.
 */
export function FilterControl({ filters }: { filters: Filters }) {
  const t = useT()
  const countText = useCount()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const count = activeFilterCount(filters)
  const trigger = (
    <>
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {t.filters.open}
      {count > 0 && (
        <>
          <span
            aria-hidden="true"
            className="grid size-5 place-items-center rounded-full bg-rose-800 text-xs text-white"
          >
            {count}
          </span>
          <span className="sr-only">{countText(t.filters.activeCount, count)}</span>
        </>
      )}
    </>
  )
  const triggerClass = `inline-flex cursor-pointer items-center gap-2 ${buttonClass('secondary', 'nav')}`
  if (!hydrated) {
    return (
      <details className="group relative">
        <summary className={`${triggerClass} list-none`}>{trigger}</summary>
        <div className="absolute right-0 z-30 mt-2 w-80 max-w-[90vw] rounded-lg border border-stone-200 bg-white p-4 shadow-lg">
          <FilterForm filters={filters} />
        </div>
      </details>
    )
  }
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      triggerClassName={triggerClass}
      title={t.filters.title}
      description={t.filters.description}
      descriptionClassName="mb-4 text-sm text-stone-600"
      closeLabel={t.filters.close}
      contentClassName="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[26rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
      headerClassName="mb-2 flex items-center justify-between"
      closeClassName="rounded-md p-2 hover:bg-stone-100"
      closeIconClassName="size-5"
    >
      <FilterForm filters={filters} onDone={() => setOpen(false)} />
    </Sheet>
  )
}

function FilterForm({ filters, onDone }: { filters: Filters; onDone?: () => void }) {
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  const navigate = useNavigate()
  const [draft, setDraft] = useState(filters)
  const place = placeParams(location.search)
  const go = (next: Filters) => {
    const query = withFilters(place, next).toString()
    onDone?.()
    navigate(`${location.pathname}${query ? `?${query}` : ''}`)
  }
  const clearQuery = place.toString()
  const [ageLow, ageHigh] = draft.ageRange
  const [priceLow, priceHigh] = draft.priceRange
  const ageText =
    ageHigh === AGE_SLIDER.max
      ? format(t.filters.ageFrom, { min: ageLow })
      : format(t.filters.ageRange, { min: ageLow, max: ageHigh })
  const priceText =
    priceHigh === PRICE_SLIDER.max
      ? format(t.filters.priceFrom, { min: formatBrl(priceLow, lang) })
      : format(t.filters.priceRange, {
          min: formatBrl(priceLow, lang),
          max: formatBrl(priceHigh, lang),
        })
  return (
    <Form
      method="get"
      action={location.pathname}
      className="space-y-5"
      onSubmit={(event) => {
        // With JavaScript: write only what differs from the defaults, page 1, fresh rotation.
        event.preventDefault()
        go(draft)
      }}
    >
      {[...place].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* No 'verified only / all' choice: it cannot change a list (activeFilterCount). */}
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          name="availability"
          value="true"
          checked={draft.availability}
          onChange={(event) => setDraft({ ...draft, availability: event.target.checked })}
          className="size-4 accent-rose-800"
        />
        {t.filters.availability}
      </label>
      <RangeFieldset
        legend={t.filters.age}
        summary={ageText}
        names={['ageMin', 'ageMax']}
        labels={[t.filters.ageMin, t.filters.ageMax]}
        slider={AGE_SLIDER}
        value={draft.ageRange}
        onChange={(ageRange) => setDraft({ ...draft, ageRange })}
      />
      <RangeFieldset
        legend={t.filters.price}
        summary={priceText}
        names={['priceMin', 'priceMax']}
        labels={[t.filters.priceMin, t.filters.priceMax]}
        slider={PRICE_SLIDER}
        value={draft.priceRange}
        onChange={(priceRange) => setDraft({ ...draft, priceRange })}
      />
      <div className="flex gap-3">
        <Link
          to={`${location.pathname}${clearQuery ? `?${clearQuery}` : ''}`}
          onClick={(event) => {
            event.preventDefault()
            setDraft(DEFAULT_FILTERS)
            go(DEFAULT_FILTERS)
          }}
          className={`flex-1 text-center ${buttonClass('secondary', 'page')}`}
        >
          {t.filters.clear}
        </Link>
        <button type="submit" className={`flex-1 ${buttonClass('main', 'page')}`}>
          {t.filters.apply}
        </button>
      </div>
    </Form>
  )
}

/**
 * A range as two sliders (minimum, maximum) that never cross: native inputs, so the form works
 * without JavaScript and with the keyboard.
 */
function RangeFieldset({
  legend,
  summary,
  names,
  labels,
  slider,
  value: [low, high],
  onChange,
}: {
  legend: string
  summary: string
  names: [string, string]
  labels: [string, string]
  slider: { min: number; max: number; step: number }
  value: [number, number]
  onChange: (value: [number, number]) => void
}) {
  const input = (index: 0 | 1) => (
    <label className={`block text-xs text-stone-600 ${index === 0 ? 'mt-2' : ''}`}>
      {labels[index]}
      <input
        type="range"
        name={names[index]}
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={index === 0 ? low : high}
        onChange={(event) => {
          const next = Number(event.target.value)
          onChange(index === 0 ? [next, Math.max(next, high)] : [Math.min(low, next), next])
        }}
        className="w-full accent-rose-800"
      />
    </label>
  )
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <output className="block text-sm text-stone-600">{summary}</output>
      {input(0)}
      {input(1)}
    </fieldset>
  )
}
