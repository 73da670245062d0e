import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { BackLink, Breadcrumb } from '#app/components/listing/navigation.tsx'
import { ContactBar, ContactCard, hasContactBar } from '#app/components/profile/contact-card.tsx'
import { FavoriteButton } from '#app/components/profile/favorite-button.tsx'
import { ProfileGallery } from '#app/components/profile/gallery.tsx'
import { ProfileCarousel } from '#app/components/profile/profile-carousel.tsx'
import { VerifiedBadge } from '#app/components/profile/verified-badge.tsx'
import { ProfileReviews } from '#app/components/reviews/profile-reviews.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { Flag, Gift, ShieldAlert } from '#app/components/ui/icons.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { formatBrl } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { ProfilePageData } from '#app/modules/profile/public-profile.ts'
import type { ReviewPage } from '#app/modules/reviews/review-types.ts'

/**
 * A profile page's body (SPEC §2): the public page and, with `preview`, the provider's preview
 * of it before it is public (issue 19 point 19), drawn by the same components. The preview has
 * its notice first, no carousel of the city's profiles, no heart, no report link, and contact
 * buttons that do nothing (`inert`). The public page passes a page of the profile's `reviews`
 * (issue 20 point 4); the previews pass the first page, without the link to write one. With
 * `giftable` (gifts on, the profile verified and real: the same for every visitor, as the page
 * is shared) the contact card links to the gift form (issue 22 point 1).
 */
export function ProfileView({
  profile,
  breadcrumbCity,
  carousel,
  refCity,
  preview,
  reviews,
  giftable = false,
}: ProfilePageData & { preview?: ReactNode; reviews?: ReviewPage | null; giftable?: boolean }) {
  const t = useT()
  const lang = useLanguage()
  const cityPath = breadcrumbCity ? paths.city(lang, breadcrumbCity.slug) : paths.home(lang)
  // Brazilian time on server and browser alike, so both render the same day.
  const updated = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeZone: BRAZIL_TIME_ZONE,
  }).format(new Date(profile.updatedAt))
  // Only the facts the profile has; a missing one is left out, not shown empty.
  const details = (
    [
      [t.profile.age, profile.age ? format(t.profileCard.age, { age: profile.age }) : null],
      [t.profile.city, profile.cityName],
      [t.profile.neighborhood, profile.neighborhoodName],
      [t.profile.rate, profile.hourlyRate ? formatBrl(profile.hourlyRate, lang) : null],
      [t.profile.touring, profile.touringAvailable ? t.profile.yes : null],
      [
        t.profile.availability,
        profile.showAvailabilityStatus
          ? profile.availableNow
            ? t.profile.availableNow
            : t.profile.unavailable
          : null,
      ],
    ] as const
  ).filter((entry): entry is readonly [string, string] => Boolean(entry[1]))
  return (
    // Room at the bottom for the phone's bar (contact buttons and carousel), fixed over it: the
    // end of the page is never hidden under it. The preview has no such bar.
    <div
      className={
        preview ? undefined : hasContactBar(profile.channels) ? 'pb-32 md:pb-0' : 'pb-16 md:pb-0'
      }
    >
      <SiteShell>
        <Breadcrumb
          items={[
            { label: t.listing.home, to: paths.home(lang) },
            ...(breadcrumbCity
              ? [
                  {
                    label: format(t.listing.cityHeading, { city: breadcrumbCity.name }),
                    to: cityPath,
                  },
                ]
              : []),
            { label: profile.name },
          ]}
        />
        <BackLink to={cityPath} label={t.profile.back} />
        {preview ?? (
          <ProfileCarousel
            carousel={carousel}
            profile={profile}
            refCity={refCity}
            cityName={profile.cityName}
            backTo={cityPath}
            contactBar={
              <ContactBar
                profileId={profile.id}
                channels={profile.channels}
                demo={profile.isDemo}
              />
            }
          />
        )}
        {profile.isDemo && (
          <p className="mt-4 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950">
            {t.profile.demoNotice}
          </p>
        )}
        <div className="mt-4 grid gap-8 pb-8 lg:grid-cols-[1fr_20rem]">
          <div>
            <div className="flex items-start justify-between gap-3">
              <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
                {profile.name}
                {profile.verified && <VerifiedBadge size="page" />}
              </h1>
              {/* On a phone the carousel's bottom bar holds the heart. */}
              <div className={preview ? 'hidden' : 'hidden md:block'}>
                <FavoriteButton
                  profileId={profile.id}
                  name={profile.name}
                  className="grid size-11 place-items-center rounded-full border border-stone-300 bg-white text-stone-700 hover:text-rose-700 aria-pressed:text-rose-700"
                  iconClassName="size-6"
                />
              </div>
            </div>
            <section aria-label={t.profile.photos} className="mt-4">
              <ProfileGallery name={profile.name} photos={profile.photos} />
            </section>
            {profile.description && (
              <section aria-labelledby="about-heading" className="mt-8">
                <h2 id="about-heading" className="text-xl font-semibold">
                  {t.profile.about}
                </h2>
                <p className="mt-2 whitespace-pre-line text-stone-700">{profile.description}</p>
              </section>
            )}
            {reviews && (
              <ProfileReviews
                username={profile.username}
                reviews={reviews}
                canWrite={!preview && !profile.isDemo}
              />
            )}
          </div>
          <aside className="space-y-4">
            <section aria-labelledby="details-heading" className={cardClass}>
              <h2 id="details-heading" className="font-semibold">
                {t.profile.details}
              </h2>
              <dl className="mt-2 space-y-1 text-sm">
                {details.map(([term, value]) => (
                  <div key={term} className="flex justify-between gap-4">
                    <dt className="text-stone-600">{term}</dt>
                    <dd className="text-right font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
              {profile.services.length > 0 && (
                <>
                  <h3 className="mt-4 text-sm font-semibold">{t.profile.services}</h3>
                  <ul className="mt-1 flex flex-wrap gap-1">
                    {profile.services.map((service) => (
                      <li key={service.slug}>
                        <Link
                          to={paths.service(lang, service.slug)}
                          className="inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs hover:bg-stone-200"
                        >
                          {lang === 'pt' ? service.namePt : service.nameEn}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p className="mt-4 text-xs text-stone-500">
                {format(t.profile.updated, { date: updated })}
              </p>
            </section>
            <div inert={Boolean(preview)}>
              <ContactCard profileId={profile.id} channels={profile.channels} demo={profile.isDemo}>
                {giftable && !preview ? (
                  <div className="mt-4 border-t border-stone-200 pt-4">
                    <Link
                      to={paths.gift(profile.username)}
                      rel="nofollow"
                      className="flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-rose-300 bg-white px-4 py-2 font-semibold text-rose-900 hover:bg-rose-50"
                    >
                      <Gift aria-hidden="true" className="size-5 shrink-0" />
                      {t.profile.giftLink}
                    </Link>
                    <p className="mt-2 text-xs text-stone-600">{t.profile.giftHint}</p>
                  </div>
                ) : null}
              </ContactCard>
            </div>
            <section
              aria-labelledby="safety-heading"
              className="rounded-lg border border-amber-200 bg-amber-50 p-4"
            >
              <h2 id="safety-heading" className="flex items-center gap-2 font-semibold">
                <ShieldAlert aria-hidden="true" className="size-5 text-amber-800" />
                {t.profile.safetyTitle}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>{t.profile.safetyPix}</li>
                <li>{t.profile.safetyPlace}</li>
                <li>{t.profile.safetyReport}</li>
              </ul>
              {preview ? null : (
                <Link
                  to={paths.report(profile.username)}
                  rel="nofollow"
                  className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-rose-900 underline"
                >
                  <Flag aria-hidden="true" className="size-4" />
                  {t.report.link}
                </Link>
              )}
            </section>
          </aside>
        </div>
      </SiteShell>
    </div>
  )
}
