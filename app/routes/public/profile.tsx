import { useEffect } from 'react'
import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { LoadError } from '#app/components/layout/load-error.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { ProfileNotFound } from '#app/components/profile/profile-not-found.tsx'
import { ProfileView } from '#app/components/profile/profile-view.tsx'
import { imageVariantUrl } from '#app/domain/images.ts'
import { paths } from '#app/domain/paths.ts'
import { truncate } from '#app/domain/text.ts'
import { format } from '#app/i18n/i18n.ts'
import { findCity } from '#app/modules/location/places.server.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import { profileCarousel } from '#app/modules/profile/carousel.server.ts'
import { publicProfile } from '#app/modules/profile/queries.server.ts'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { reviewsOfProfile } from '#app/modules/reviews/reviews.server.ts'
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
  const search = new URL(request.url).searchParams
  // The breadcrumb's city: where the visitor came from (ref_city), else the profile's own.
  const refCity = search.get('ref_city')
  const [fromCity, carousel, reviews] = await Promise.all([
    refCity && refCity !== profile.citySlug ? findCity(refCity) : undefined,
    profileCarousel(profile),
    reviewsPage(profile.id, search.get('avaliacoes')),
  ])
  return {
    profile,
    carousel: carousel ?? null,
    reviews,
    // The gift link (issue 22 point 1): giftableProfile's rule, the same for every visitor.
    giftable: giftsEnabled() && profile.verified && !profile.isDemo,
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

/**
 * The page of the profile's reviews `?avaliacoes=N` asks for: page 1 for anything but a whole
 * number, the last page for one past it (issue 20 point 4; never an error page).
 */
async function reviewsPage(profileId: string, asked: string | null) {
  const page = asked && /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 1
  const reviews = await reviewsOfProfile(profileId, page)
  return reviews.page > reviews.pageCount ? reviewsOfProfile(profileId, reviews.pageCount) : reviews
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
  useCountedView(loaderData.profile.id)
  return <ProfileView {...loaderData} />
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
  if (isRouteErrorResponse(error) && error.status === 404) return <ProfileNotFound />
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage status={error.status} />
  // SPEC §2 and §8: 'Erro ao carregar perfil' with back to start, try again and reload (or the
  // offline notice, retried when the connection returns), in the site's header and footer.
  return <LoadError kind="profile" />
}
