import { BadgeCheck } from 'lucide-react'
import { Link } from 'react-router'
import { imageSrcSet, imageVariantUrl } from '#app/domain/images.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrl } from '#app/domain/money.ts'
import { CARD_DESCRIPTION_LENGTH } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { truncate } from '#app/domain/text.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { ProfileCardData } from '#app/modules/listing/queries.server.ts'
import { FavoriteButton } from './favorite-button.tsx'

const TIER_STYLES: Partial<Record<string, string>> = {
  vip_plus: 'bg-stone-900 text-amber-200',
  ouro: 'bg-amber-200 text-amber-950',
  prata: 'bg-stone-200 text-stone-800',
  bronze: 'bg-orange-200 text-orange-950',
}

/**
 * One profile in a grid: cover photo, name, age, place, rate, short description and badges.
 * `refCity` is the city being browsed, carried to the profile page for its breadcrumb.
 */
export function ProfileCard({
  profile,
  eager = false,
  refCity,
  headingLevel = 3,
}: {
  profile: ProfileCardData
  eager?: boolean
  refCity?: string
  /** 2 when the grid sits right under the page's h1, 3 under a section heading. */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const t = useT()
  const lang = useLanguage()
  const { cover } = profile
  const tierStyle = TIER_STYLES[profile.membershipTier]
  const place = [profile.neighborhood, profile.city].filter(Boolean).join(', ')
  return (
    <article className="relative h-full overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <Link
        to={paths.profile(profile.username, refCity)}
        className="block h-full focus-visible:outline-offset-[-4px]"
      >
        <div className="relative aspect-[3/4] bg-stone-200">
          {cover ? (
            <img
              src={imageVariantUrl(cover.storagePath, 640)}
              srcSet={imageSrcSet(cover.storagePath, cover.variantWidths)}
              sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
              width={cover.width}
              height={cover.height}
              alt={format(t.profileCard.photoAlt, { name: profile.name })}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
          ) : (
            <span className="absolute inset-0 grid place-items-center text-sm text-stone-600">
              {t.profileCard.photoSoon}
            </span>
          )}
          <div className="absolute left-2 top-2 flex flex-wrap gap-1">
            {profile.isDemo && (
              <span
                className="rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-stone-900"
                title={t.profileCard.demoHint}
              >
                {t.profileCard.demo}
              </span>
            )}
            {tierStyle && (
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tierStyle}`}>
                {t.tiers[profile.membershipTier as MembershipTier]}
              </span>
            )}
          </div>
          {profile.availableNow && (
            <span className="absolute bottom-2 left-2 flex items-center gap-1 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-emerald-800">
              <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
              {t.profileCard.availableNow}
            </span>
          )}
        </div>
        <div className="space-y-0.5 p-3">
          <Heading className="flex items-center gap-1 font-semibold">
            <span className="truncate">{profile.name}</span>
            {profile.verified && (
              <BadgeCheck
                className="size-4 shrink-0 text-sky-700"
                aria-label={t.profileCard.verified}
                role="img"
              />
            )}
          </Heading>
          <p className="truncate text-sm text-stone-600">
            {[profile.age ? format(t.profileCard.age, { age: profile.age }) : null, place]
              .filter(Boolean)
              .join(' · ')}
          </p>
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
      </Link>
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
