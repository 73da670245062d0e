import { BadgeCheck, Flag, ShieldAlert } from 'lucide-react'
import { useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useRouteError,
} from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { BackLink, Breadcrumb } from '#app/components/listing/navigation.tsx'
import { ContactCard } from '#app/components/profile/contact-card.tsx'
import { FavoriteButton, keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { ProfileGallery } from '#app/components/profile/gallery.tsx'
import { ProfileCarousel } from '#app/components/profile/profile-carousel.tsx'
import { ProfileNotFound } from '#app/components/profile/profile-not-found.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { imageVariantUrl } from '#app/domain/images.ts'
import { formatBrl } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { truncate } from '#app/domain/text.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { findCity } from '#app/modules/location/places.server.ts'
import { profileCarousel } from '#app/modules/profile/carousel.server.ts'
import { publicProfile } from '#app/modules/profile/queries.server.ts'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/profile'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ params, request }: Route.LoaderArgs) {
  const resolution = await resolveProfileSlug(params.slug)
  if (resolution.kind === 'redirect') {
    const url = new URL(request.url)
    throw redirect(`${paths.profile(resolution.username)}${url.search}`, 301)
  }
  const profile = resolution.kind === 'profile' ? await publicProfile(resolution.id) : undefined
  if (!profile) throw data({ kind: 'profile' }, { status: 404 })
  // The breadcrumb's city: where the visitor came from (ref_city), else the profile's own.
  const refCity = new URL(request.url).searchParams.get('ref_city')
  const [fromCity, carousel] = await Promise.all([
    refCity && refCity !== profile.citySlug ? findCity(refCity) : undefined,
    profileCarousel(profile),
  ])
  return {
    profile,
    carousel: carousel ?? null,
    // Carried along the carousel's links when it names a known city.
    refCity: fromCity
      ? fromCity.slug
      : refCity && refCity === profile.citySlug
        ? refCity
        : undefined,
    breadcrumbCity: fromCity
      ? { slug: fromCity.slug, name: fromCity.name }
      : profile.citySlug && profile.cityName
        ? { slug: profile.citySlug, name: profile.cityName }
        : null,
  }
}

export function meta(args: Route.MetaArgs) {
  const { language, t } = metaContext(args)
  const loaderData = args.data
  if (args.error || !loaderData) {
    return [
      { title: `${t.profile.notFoundTitle} – ${t.site.name}` },
      { name: 'robots', content: 'noindex' },
    ]
  }
  const { profile, breadcrumbCity } = loaderData
  const place = [profile.neighborhoodName, profile.cityName].filter(Boolean).join(', ')
  const cover = profile.photos[0]
  return pageMeta(args, {
    title: place ? `${profile.name} – ${place}` : profile.name,
    description: truncate(profile.description ?? format(t.meta.placeDescription, { place }), 155),
    canonicalPath: paths.profile(profile.username),
    type: 'profile',
    image:
      cover && cover.variantWidths.length > 0
        ? imageVariantUrl(cover.storagePath, Math.max(...cover.variantWidths))
        : undefined,
    imageAlt: cover ? format(t.profileCard.photoAlt, { name: profile.name }) : undefined,
    // Demo profiles are not real people: never indexed.
    noindex: profile.isDemo,
    breadcrumb: [
      ...(breadcrumbCity
        ? [
            {
              name: format(t.listing.cityHeading, { city: breadcrumbCity.name }),
              path: paths.city(language, breadcrumbCity.slug),
            },
          ]
        : []),
      { name: profile.name, path: paths.profile(profile.username) },
    ],
  })
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const { profile, breadcrumbCity, carousel, refCity } = loaderData
  useCountedView(profile.id)
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
    // Room at the bottom for the phone's carousel bar, which is fixed over it.
    <div className="pb-16 md:pb-0">
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
        <ProfileCarousel
          carousel={carousel}
          profile={profile}
          refCity={refCity}
          cityName={profile.cityName}
          backTo={cityPath}
        />
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
                {profile.verified && (
                  <BadgeCheck
                    role="img"
                    aria-label={t.profile.verified}
                    className="size-6 text-sky-700"
                  />
                )}
              </h1>
              {/* On a phone the carousel's bottom bar holds the heart. */}
              <div className="hidden md:block">
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
          </div>
          <aside className="space-y-4">
            <section
              aria-labelledby="details-heading"
              className="rounded-lg border border-stone-200 bg-white p-4"
            >
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
            <ContactCard profileId={profile.id} channels={profile.channels} />
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
              <Link
                to={paths.report(profile.username)}
                rel="nofollow"
                className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-rose-900 underline"
              >
                <Flag aria-hidden="true" className="size-4" />
                {t.report.link}
              </Link>
            </section>
          </aside>
        </div>
      </SiteShell>
    </div>
  )
}

/**
 * Counts the view once the page shows (issue 4, item 6); the server counts each visitor once per
 * profile and day. Nothing is kept in the browser: no list of viewed profiles on the device.
 */
function useCountedView(profileId: string) {
  useEffect(() => {
    navigator.sendBeacon?.(`/api/profile-views/${profileId}`)
  }, [profileId])
}

export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) return <ProfileNotFound />
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage status={error.status} />
  // SPEC §2 and §8: 'Erro ao carregar perfil' with back to start, try again and reload.
  const here = `${location.pathname}${location.search}`
  const secondary = 'rounded-md border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100'
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-20 text-center">
        <h1 className="text-2xl font-semibold">{t.profile.loadErrorTitle}</h1>
        <p className="mt-2 text-stone-600">{t.profile.loadErrorText}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.home(lang)}
            className="rounded-md bg-rose-800 px-4 py-2 font-medium text-white hover:bg-rose-900"
          >
            {t.profile.backToStart}
          </Link>
          <Link to={here} replace className={secondary}>
            {t.profile.tryAgain}
          </Link>
          <Link to={here} reloadDocument className={secondary}>
            {t.profile.reload}
          </Link>
        </div>
      </section>
    </SiteShell>
  )
}
