import { useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigate } from 'react-router'
import { MapPin, Search } from '#app/components/ui/icons.tsx'
import type { LocationSuggestion } from '#app/domain/location-search.ts'
import { LOCATION_QUERY_MIN } from '#app/domain/location-search.ts'
import { paths } from '#app/domain/paths.ts'
import { useCount, useLanguage, useT } from '#app/i18n/i18n.ts'

/**
 * Where choosing a suggestion goes by default: the city page, with ?neighborhood= for one; a
 * state opens its group of cities on the cities page.
 */
export function suggestionPath(lang: 'pt' | 'en', suggestion: LocationSuggestion): string {
  if (suggestion.type === 'state') return paths.cities(lang, suggestion.slug)
  return suggestion.type === 'city'
    ? paths.city(lang, suggestion.slug)
    : paths.city(lang, suggestion.parent ?? '', { neighborhood: suggestion.slug })
}

/**
 * Location search box with suggestions (WAI-ARIA combobox). Without JavaScript it is a GET form
 * to the search page, which resolves the typed place on the server.
 */
export function LocationSearch({
  defaultValue = '',
  target,
}: {
  defaultValue?: string
  /**
   * Page to open for a chosen city or neighbourhood (e.g. the same service in another city); a
   * state always opens its cities.
   */
  target?: (suggestion: LocationSuggestion) => string
}) {
  const t = useT()
  const countText = useCount()
  const lang = useLanguage()
  const navigate = useNavigate()
  const id = useId()
  const listId = `${id}-list`
  const [query, setQuery] = useState(defaultValue)
  const [suggestions, setSuggestions] = useState<LocationSuggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => {
    if (query.trim().length < LOCATION_QUERY_MIN) {
      setSuggestions([])
      return
    }
    const timer = setTimeout(() => {
      abort.current?.abort()
      const controller = new AbortController()
      abort.current = controller
      fetch(`/api/locations?${new URLSearchParams({ q: query.trim() })}`, {
        signal: controller.signal,
      })
        .then((response) => (response.ok ? response.json() : []))
        .then((items: LocationSuggestion[]) => {
          setSuggestions(items)
          setActive(-1)
        })
        .catch(() => {
          // Aborted by newer typing or offline: keep the previous suggestions.
        })
    }, 150)
    return () => clearTimeout(timer)
  }, [query])

  const choose = (suggestion: LocationSuggestion) => {
    setOpen(false)
    setQuery(suggestion.name)
    navigate(
      target && suggestion.type !== 'state' ? target(suggestion) : suggestionPath(lang, suggestion),
    )
  }
  const expanded = open && query.trim().length >= LOCATION_QUERY_MIN
  const optionId = (index: number) => `${id}-option-${index}`

  return (
    <Form
      method="get"
      action={paths.search(lang)}
      role="search"
      className="relative w-full max-w-md"
      onSubmit={(event) => {
        const chosen = suggestions[active] ?? suggestions[0]
        if (chosen) {
          event.preventDefault()
          choose(chosen)
        }
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t.location.label}
      </label>
      <div className="flex rounded-md border border-stone-300 bg-white focus-within:ring-2 focus-within:ring-rose-800">
        <MapPin aria-hidden="true" className="ml-3 size-5 self-center text-stone-500" />
        <input
          id={`${id}-input`}
          name="local"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={t.location.placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              setOpen(true)
              setActive((index) => Math.min(suggestions.length - 1, index + 1))
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((index) => Math.max(-1, index - 1))
            } else if (event.key === 'Escape') {
              setOpen(false)
              setActive(-1)
            }
          }}
          className="min-w-0 flex-1 bg-transparent px-2 py-2 outline-none"
        />
        <button
          type="submit"
          className="rounded-r-md bg-rose-800 px-3 text-white hover:bg-rose-900"
          aria-label={t.location.search}
        >
          <Search aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={t.location.suggestions}
        hidden={!expanded}
        className="absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
      >
        {suggestions.length === 0 ? (
          <div
            role="option"
            tabIndex={-1}
            aria-selected={false}
            aria-disabled
            className="px-3 py-2 text-sm text-stone-500"
          >
            {t.location.noMatch}
          </div>
        ) : (
          suggestions.map((suggestion, index) => (
            // Keyboard choice happens on the input (aria-activedescendant), as the combobox pattern says.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={`${suggestion.type}-${suggestion.parent}-${suggestion.slug}`}
              id={optionId(index)}
              tabIndex={-1}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                index === active ? 'bg-rose-50' : 'hover:bg-stone-50'
              }`}
            >
              <span>
                <span className="font-medium">{suggestion.fullName}</span>
                <span className="ml-2 text-xs text-stone-500">{t.location[suggestion.type]}</span>
              </span>
              <span className="shrink-0 text-xs text-stone-500">
                {countText(t.location.profileCount, suggestion.profileCount)}
              </span>
            </div>
          ))
        )}
      </div>
    </Form>
  )
}
