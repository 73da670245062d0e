import { useId } from 'react'
import { Form, useLocation, useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { useT } from '#app/i18n/i18n.ts'

/** Parameters the picker leaves to the page (the place and the filters, not page or minute). */
function keptParams(search: string): [string, string][] {
  const params = new URLSearchParams(search)
  for (const name of ['service', 'page', 'r']) params.delete(name)
  return [...params]
}

/**
 * The search page's service picker (issue 19 point 10): a GET form that keeps the place and the
 * filters. With JavaScript a choice applies at once; without, the button sends it.
 */
export function ServicePicker({
  services,
  selected,
}: {
  services: { slug: string; name: string }[]
  selected: string | null
}) {
  const t = useT()
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const id = useId()
  const kept = keptParams(location.search)
  return (
    <Form method="get" action={location.pathname} className="flex items-end gap-2">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex w-full max-w-xs flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-stone-700">
          {t.listing.serviceLabel}
        </label>
        <select
          id={id}
          name="service"
          value={selected ?? ''}
          onChange={(event) => {
            const params = new URLSearchParams(kept)
            if (event.target.value) params.set('service', event.target.value)
            const query = params.toString()
            navigate(`${location.pathname}${query ? `?${query}` : ''}`)
          }}
          className="w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-rose-700 focus:outline-2 focus:outline-rose-700"
        >
          <option value="">{t.listing.anyService}</option>
          {services.map((service) => (
            <option key={service.slug} value={service.slug}>
              {service.name}
            </option>
          ))}
        </select>
      </div>
      {!hydrated && (
        <Button type="submit" tone="secondary">
          {t.listing.applyService}
        </Button>
      )}
    </Form>
  )
}
