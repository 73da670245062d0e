import { data } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ListingToolbar } from '#app/components/listing/listing-toolbar.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { Pagination } from '#app/components/listing/pagination.tsx'
import { EmptyState, ListErrorState, ProfileGrid } from '#app/components/listing/profile-grid.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { GENERIC_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { dictionary, useLanguage, useT } from '#app/i18n/i18n.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import type { Route } from './+types/all-profiles'

export async function loader({ request }: Route.LoaderArgs) {
  const listing = readListingParams(request, GENERIC_PAGE_SIZE)
  const page = await listProfilesOrNull(listing)
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  return data(
    { page, listing: { filters: listing.filters, page: listing.page, minute: listing.minute } },
    page ? undefined : { status: 503 },
  )
}

export function meta({ params }: Route.MetaArgs) {
  const t = dictionary(asLanguage(params.lang) ?? DEFAULT_LANGUAGE)
  return [
    { title: `${t.listing.allHeading} – ${t.site.name}` },
    { name: 'description', content: t.meta.homeDescription },
  ]
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
      {page ? (
        <>
          <ListingToolbar total={page.total} filters={listing.filters} />
          {page.profiles.length > 0 ? (
            <ProfileGrid profiles={page.profiles} />
          ) : (
            <EmptyState title={t.listing.noProfiles} />
          )}
          <Pagination
            page={listing.page}
            total={page.total}
            pageSize={GENERIC_PAGE_SIZE}
            minute={listing.minute}
          />
        </>
      ) : (
        <div className="mt-6">
          <ListErrorState />
        </div>
      )}
    </SiteShell>
  )
}
