import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { LocationSearch } from '#app/components/listing/location-search.tsx'
import { BackLink, Breadcrumb } from '#app/components/listing/navigation.tsx'
import { activeFilterCount, type Filters } from '#app/domain/filters.ts'
import { LISTING_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { ListingPage } from '#app/modules/listing/card.ts'
import { ActionLink, ListingResults } from './listing-results.tsx'

export interface ServicePageData {
  city: { slug: string; name: string } | null
  service: {
    slug: string
    name: string
    description: string
    keywords: string[]
    content: string[]
  }
  /** The page of profiles offering the service, or null when the list could not be read. */
  page: ListingPage | null
  listing: { filters: Filters; page: number; minute: number }
}

/** A service page, alone (/servicos/x) or within a city (/acompanhantes/city/x). */
export function ServicePage({ city, service, page, listing }: ServicePageData) {
  const t = useT()
  const lang = useLanguage()
  const heading = city
    ? format(t.listing.serviceInCity, { service: service.name, city: city.name })
    : service.name
  return (
    <SiteShell>
      <Breadcrumb
        items={[
          { label: t.listing.home, to: paths.home(lang) },
          city
            ? { label: city.name, to: paths.city(lang, city.slug) }
            : { label: t.services.heading, to: paths.services(lang) },
          { label: service.name },
        ]}
      />
      {city && (
        <BackLink
          to={paths.city(lang, city.slug)}
          label={format(t.listing.backTo, { place: city.name })}
        />
      )}
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{service.description}</p>
      {city && (
        <div className="mt-4">
          <LocationSearch
            target={(place) =>
              paths.cityService(
                lang,
                place.type === 'city' ? place.slug : (place.parent ?? place.slug),
                service.slug,
              )
            }
          />
        </div>
      )}
      <ul aria-label={t.services.keywords} className="mt-3 flex flex-wrap gap-1">
        {service.keywords.map((keyword) => (
          <li
            key={keyword}
            className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700"
          >
            {keyword}
          </li>
        ))}
      </ul>
      <section aria-labelledby="service-profiles" className="mt-8">
        <h2 id="service-profiles" className="text-xl font-semibold">
          {format(t.services.profilesHeading, { service: service.name })}
        </h2>
        <ListingResults
          page={page}
          listing={listing}
          pageSize={LISTING_PAGE_SIZE}
          refCity={city?.slug}
          headingLevel={3}
          emptyTitle={
            city ? format(t.listing.noProfilesIn, { city: city.name }) : t.listing.noProfiles
          }
          emptyActions={
            activeFilterCount(listing.filters) > 0 ? (
              <ActionLink
                to={
                  city
                    ? paths.cityService(lang, city.slug, service.slug)
                    : paths.service(lang, service.slug)
                }
              >
                {t.listing.clearFilters}
              </ActionLink>
            ) : undefined
          }
        />
      </section>
      <section className="prose mt-10 max-w-3xl space-y-3 text-stone-700">
        {service.content.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </section>
    </SiteShell>
  )
}
