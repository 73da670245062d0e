/** Cities linked from the header (SPEC §2 "Header, footer, menus"). */
export const HEADER_CITY_SLUGS = [
  'sao-paulo',
  'rio-de-janeiro',
  'belo-horizonte',
  'salvador',
] as const
/** Cities of the footer's main column. */
export const FOOTER_CITY_SLUGS = [
  'sao-paulo',
  'rio-de-janeiro',
  'belo-horizonte',
  'salvador',
  'fortaleza',
  'brasilia',
] as const
/** Cities of the footer's south-region column. */
export const FOOTER_SOUTH_CITY_SLUGS = ['porto-alegre', 'curitiba', 'florianopolis'] as const

/** Every city the navigation needs a name for. */
export const NAVIGATION_CITY_SLUGS = [
  ...new Set([...HEADER_CITY_SLUGS, ...FOOTER_CITY_SLUGS, ...FOOTER_SOUTH_CITY_SLUGS]),
]
