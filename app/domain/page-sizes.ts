// Page sizes and list limits of SPEC §9, defined once.

/** Profiles on the home page. */
export const HOME_PROFILE_LIMIT = 16
/** Generic paginated lists (all profiles). */
export const GENERIC_PAGE_SIZE = 16
/** City, neighbourhood and search grids. */
export const LISTING_PAGE_SIZE = 20
/** The list below a city grid, service and city-plus-service pages. */
export const LONG_LIST_LIMIT = 50
/** Cards in the home feed strip before "view more". */
export const FEED_FIRST_PAGE = 12
/** At most this many page links in a pagination bar. */
export const MAX_PAGE_LINKS = 7
/** Card descriptions are cut at this many characters. */
export const CARD_DESCRIPTION_LENGTH = 60
