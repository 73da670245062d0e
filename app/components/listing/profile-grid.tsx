import { useLocation } from 'react-router'
import { ProfileCard } from '#app/components/profile/profile-card.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { SearchX, TriangleAlert } from '#app/components/ui/icons.tsx'
import { format, useT } from '#app/i18n/i18n.ts'
import type { ProfileCardData } from '#app/modules/listing/card.ts'

/**
 * Grid of 1 to 4 columns of profile cards; the first row loads eagerly (it is above the fold),
 * and with `first` (the grid is the page's first content) its first photo is the one preloaded.
 * In a city (`cityName`), the touring profiles based elsewhere, which the listing puts after the
 * city's own (SPEC §9), start under a line that says so (issue 19 point 2).
 */
export function ProfileGrid({
  profiles,
  refCity,
  cityName,
  headingLevel = 2,
  first = true,
}: {
  profiles: ProfileCardData[]
  /** The page's first content: its first photo is the largest paint. */
  first?: boolean
  refCity?: string
  cityName?: string
  /** Level of the card names: 2 right under the page's h1 (the default), 3 inside a section. */
  headingLevel?: 2 | 3
}) {
  const t = useT()
  const firstVisiting =
    cityName && refCity
      ? profiles.findIndex((profile) => profile.touringAvailable && profile.citySlug !== refCity)
      : -1
  return (
    <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
      {profiles.flatMap((profile, index) => [
        ...(index === firstVisiting && cityName
          ? [
              <li key="touring-start" className="col-span-full mt-4 border-t border-stone-200 pt-4">
                <p className="font-semibold text-stone-900" data-touring-start="">
                  {format(t.listing.touringHeading, { city: cityName })}
                </p>
                <p className="text-sm text-stone-600">{t.listing.touringHeadingText}</p>
              </li>,
            ]
          : []),
        <li key={profile.id}>
          <ProfileCard
            profile={profile}
            eager={index < 2}
            highPriority={first && index === 0}
            refCity={refCity}
            headingLevel={headingLevel}
          />
        </li>,
      ])}
    </ul>
  )
}

/** Nothing matched: the message and what to do instead. */
export function EmptyState({
  title,
  hint,
  children,
}: {
  title: string
  /** The line under the title; 'try other filters or another region' by default. */
  hint?: string
  children?: React.ReactNode
}) {
  const t = useT()
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-12 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-8 text-stone-400" />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-stone-600">{hint ?? t.listing.noProfilesHint}</p>
      {children && <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  )
}

/** The list could not be loaded: 'Erro ao carregar perfis' with a retry that reloads the page. */
export function ListErrorState() {
  const t = useT()
  const location = useLocation()
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-12 text-center"
    >
      <TriangleAlert aria-hidden="true" className="mx-auto size-8 text-rose-800" />
      <h2 className="mt-3 text-lg font-semibold">{t.listing.loadError}</h2>
      <p className="mt-1 text-sm text-stone-700">{t.listing.loadErrorText}</p>
      <ButtonLink
        to={`${location.pathname}${location.search}`}
        reloadDocument
        className="mt-5 inline-block"
      >
        {t.listing.retry}
      </ButtonLink>
    </div>
  )
}
