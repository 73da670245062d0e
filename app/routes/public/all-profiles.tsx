import { data } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ListingResults } from '#app/components/listing/listing-results.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { GENERIC_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/all-profiles'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ request }: Route.LoaderArgs) {
  const listing = readListingParams(request, GENERIC_PAGE_SIZE)
  const page = await listProfilesOrNull(listing)
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  return data(
    { page, listing: { filters: listing.filters, page: listing.page, minute: listing.minute } },
    page ? undefined : { status: 503 },
  )
}

export function meta(args: Route.MetaArgs) {
  const { language: lang, t } = metaContext(args)
  return pageMeta(args, {
    title: t.listing.allHeading,
    description: t.meta.homeDescription,
    breadcrumb: [{ name: t.listing.allHeading, path: paths.allProfiles(lang) }],
  })
}

export default function AllProfiles({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const { page, listing } = loaderData
  return (
    <SiteShell>
      <Breadcrumb
        items={[{ label: t.listing.home, to: paths.home(lang) }, { label: t.listing.allHeading }]}
      />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t.listing.allHeading}</h1>
      <ListingResults
        page={page}
        listing={listing}
        pageSize={GENERIC_PAGE_SIZE}
        emptyTitle={t.listing.noProfiles}
      />
    </SiteShell>
  )
}

// A failure to load shows the list error inside the site's header and footer (SPEC §8).
export const ErrorBoundary = PlaceErrorBoundary
