import { CardRating } from '#app/components/reviews/stars.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { Plane } from '#app/components/ui/icons.tsx'
import { formatBrl } from '#app/domain/money.ts'
import { CARD_DESCRIPTION_LENGTH } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { truncate } from '#app/domain/text.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { ProfileCardData } from '#app/modules/listing/card.ts'
import { FavoriteButton } from './favorite-button.tsx'
import { Photo } from './photo.tsx'
import { TierBadge } from './tier-badge.tsx'
import { VerifiedBadge } from './verified-badge.tsx'

/**
 * One profile in a grid: cover photo, name, age, place, rate, short description and badges.
 * `refCity` is the city being browsed, carried to the profile page for its breadcrumb.
 */
export function ProfileCard({
  profile,
  eager = false,
  highPriority = false,
  // The grids' columns: 1 under 360 px, 2, 3 from 640 px, 4 from 1024 px (profile-grid.tsx).
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, (min-width: 360px) 50vw, 100vw',
  refCity,
  headingLevel = 3,
}: {
  profile: ProfileCardData
  /** Above the fold: the photo loads at once instead of when scrolled near. */
  eager?: boolean
  /**
   * The page's largest paint (its first card): the photo is preloaded from the head and fetched
   * first. One card a page, so the others do not share its bandwidth on a slow connection.
   */
  highPriority?: boolean
  /** The photo's shown width, for the browser's choice among its sizes. */
  sizes?: string
  refCity?: string
  /** 2 when the grid sits right under the page's h1, 3 under a section heading. */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const t = useT()
  const lang = useLanguage()
  const { cover } = profile
  const place = [profile.neighborhood, profile.city].filter(Boolean).join(', ')
  // A touring profile in another city's listing says so, and where she is based (point 2).
  const visiting = profile.touringAvailable && Boolean(refCity) && profile.citySlug !== refCity
  return (
    <article className="relative h-full overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <AppLink
        to={paths.profile(profile.username, refCity)}
        className="block h-full focus-visible:outline-offset-[-4px]"
      >
        <div className="relative aspect-[3/4] bg-stone-200">
          {cover ? (
            <Photo
              photo={cover}
              sizes={sizes}
              alt={format(t.profileCard.photoAlt, { name: profile.name })}
              eager={eager || highPriority}
              highPriority={highPriority}
              // Before the page's script runs, a failed photo's alt text stays invisible (it
              // would sit over the badges); once it runs, the placeholder replaces it.
              className="absolute inset-0 size-full object-cover text-transparent"
              placeholderClassName="absolute inset-0 grid place-items-center text-sm text-stone-600"
            />
          ) : (
            <span className="absolute inset-0 grid place-items-center text-sm text-stone-600">
              {t.profileCard.photoSoon}
            </span>
          )}
          {/* Clear of the heart at the top right (right-14): the badges wrap, never under it. */}
          <div className="absolute left-2 right-14 top-2 flex flex-wrap items-start gap-1">
            {profile.isDemo && (
              <span
                className="rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-stone-900"
                title={t.profileCard.demoHint}
              >
                {t.profileCard.demo}
              </span>
            )}
            <TierBadge tier={profile.membershipTier} />
          </div>
          {profile.availableNow && (
            <span className="absolute bottom-2 left-2 flex items-center gap-1 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
              {t.profileCard.availableNow}
            </span>
          )}
        </div>
        <div className="space-y-0.5 p-3">
          {/* The whole name, on two lines when it must (point 7): never cut with an ellipsis. */}
          <Heading className="flex items-start gap-1 font-semibold leading-snug">
            <span className="min-w-0 [overflow-wrap:anywhere]">{profile.name}</span>
            {profile.verified && (
              <span className="mt-0.5 shrink-0">
                <VerifiedBadge />
              </span>
            )}
          </Heading>
          <p className="truncate text-sm text-stone-600">
            {[
              profile.age ? format(t.profileCard.age, { age: profile.age }) : null,
              visiting ? null : place,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <CardRating count={profile.reviewCount} average={profile.ratingAverage} />
          {visiting && (
            <p className="text-xs font-medium text-sky-900" data-touring="">
              <span className="inline-flex items-center gap-1 rounded bg-sky-50 px-1.5 py-0.5">
                <Plane aria-hidden="true" className="size-3.5 shrink-0" />
                {t.profileCard.touring}
              </span>{' '}
              {profile.city && (
                <span className="text-stone-600">
                  {format(t.profileCard.touringFrom, { city: profile.city })}
                </span>
              )}
            </p>
          )}
          {profile.hourlyRate ? (
            <p className="text-sm font-medium text-rose-900">
              {format(t.profileCard.rate, { rate: formatBrl(profile.hourlyRate, lang) })}
            </p>
          ) : null}
          {profile.description && (
            <p className="line-clamp-2 text-xs text-stone-500">
              {truncate(profile.description, CARD_DESCRIPTION_LENGTH)}
            </p>
          )}
        </div>
      </AppLink>
      {/* Beside the link, not in it: a button inside a link is not a button. */}
      <div className="absolute right-2 top-2">
        <FavoriteButton
          profileId={profile.id}
          name={profile.name}
          className="grid size-10 place-items-center rounded-full bg-white/90 text-stone-700 shadow-sm hover:text-rose-700 aria-pressed:text-rose-700"
        />
      </div>
    </article>
  )
}
