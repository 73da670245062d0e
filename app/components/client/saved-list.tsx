import type { ReactNode } from 'react'
import { ProfileCard } from '#app/components/profile/profile-card.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { CircleSlash, UserX } from '#app/components/ui/icons.tsx'
import { format, useT } from '#app/i18n/i18n.ts'
import type { SavedEntry } from '#app/modules/client/saved-entry.ts'

/**
 * A client's saved or viewed profiles as a grid: public ones as their cards, the others as a
 * plain tile that says why they cannot be opened. `action` renders each entry's button.
 */
export function SavedList({
  entries,
  dateLabel,
  action,
}: {
  entries: SavedEntry[]
  /** 'Saved on {date}' or 'Viewed on {date}'. */
  dateLabel: string
  action: (entry: SavedEntry) => ReactNode
}) {
  const t = useT()
  const c = t.client
  const longDate = useLongDate()
  return (
    <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
      {entries.map((entry) => (
        <li key={entry.entryId} className="flex flex-col gap-2">
          {entry.kind === 'public' ? (
            <ProfileCard profile={entry.card} />
          ) : (
            <article className="flex aspect-[3/4] flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-stone-300 bg-stone-100 p-4 text-center">
              {entry.kind === 'unavailable' ? (
                <>
                  <CircleSlash aria-hidden="true" className="size-8 text-stone-500" />
                  <h3 className="font-semibold">{entry.name}</h3>
                  <p className="text-sm font-medium text-stone-700">{c.unavailable}</p>
                  <p className="text-xs text-stone-600">{c.unavailableHint}</p>
                </>
              ) : (
                <>
                  <UserX aria-hidden="true" className="size-8 text-stone-500" />
                  <h3 className="font-semibold">{c.removedProfile}</h3>
                  <p className="text-xs text-stone-600">{c.removedHint}</p>
                </>
              )}
            </article>
          )}
          <div className="flex items-center justify-between gap-2 text-xs text-stone-600">
            <span>{format(dateLabel, { date: longDate(entry.at) })}</span>
            {action(entry)}
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The name an entry's buttons use in their labels. */
export function entryName(entry: SavedEntry): string | undefined {
  return entry.kind === 'public'
    ? entry.card.name
    : entry.kind === 'unavailable'
      ? entry.name
      : undefined
}
