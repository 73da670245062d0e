import { Link } from 'react-router'
import { imageSrcSet, imageVariantUrl } from '#app/domain/images.ts'
import { formatBrl } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { ProfileCardData } from '#app/modules/listing/queries.server.ts'

/** One profile in a grid: cover photo, name, age, city and rate; demo profiles say so. */
export function ProfileCard({
  profile,
  eager = false,
}: {
  profile: ProfileCardData
  eager?: boolean
}) {
  const t = useT()
  const lang = useLanguage()
  const { cover } = profile
  return (
    <article className="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <Link
        to={paths.profile(profile.username)}
        className="block focus-visible:outline-offset-[-4px]"
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
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
          ) : (
            <span className="absolute inset-0 grid place-items-center text-sm text-stone-600">
              {t.profileCard.photoSoon}
            </span>
          )}
          {profile.isDemo && (
            <span
              className="absolute left-2 top-2 rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-stone-900"
              title={t.profileCard.demoHint}
            >
              {t.profileCard.demo}
            </span>
          )}
        </div>
        <div className="space-y-0.5 p-3">
          <h3 className="truncate font-semibold">{profile.name}</h3>
          <p className="truncate text-sm text-stone-600">
            {[profile.age ? format(t.profileCard.age, { age: profile.age }) : null, profile.city]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {profile.hourlyRate ? (
            <p className="text-sm font-medium text-rose-900">
              {format(t.profileCard.rate, { rate: formatBrl(profile.hourlyRate, lang) })}
            </p>
          ) : null}
        </div>
      </Link>
    </article>
  )
}
