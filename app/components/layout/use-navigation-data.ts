import { useRouteLoaderData } from 'react-router'
import { HEADER_CITY_SLUGS } from '#app/domain/navigation.ts'

export interface NavCity {
  slug: string
  name: string
}

/** Cities (with their names from the root loader) for the given slugs; unknown ones are left out. */
export function useNavCities(slugs: readonly string[] = HEADER_CITY_SLUGS): NavCity[] {
  const root = useRouteLoaderData('root') as { cities?: Record<string, string> } | undefined
  const names = root?.cities ?? {}
  return slugs.flatMap((slug) => (names[slug] ? [{ slug, name: names[slug] }] : []))
}

/** The current year as the server saw it (no hydration mismatch at New Year). */
export function useYear(): number {
  const root = useRouteLoaderData('root') as { year?: number } | undefined
  return root?.year ?? new Date().getFullYear()
}

/** The signed-in account's area, or null when signed out (root loader). */
export function useAccountArea(): string | null {
  const root = useRouteLoaderData('root') as { account?: { area: string } | null } | undefined
  return root?.account?.area ?? null
}

/** The signed-in account's role (null without one, or when signed out) (root loader). */
export function useAccountRole(): string | null {
  const root = useRouteLoaderData('root') as
    | { account?: { role: string | null } | null }
    | undefined
  return root?.account?.role ?? null
}
