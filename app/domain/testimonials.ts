// When the home feed shows its testimonials (SPEC §9, issue 20 point 5): the first with the feed,
// the second only once the visitor scrolled past a share of the page, and only when the feed
// shows more than a number of profiles.

/** The second testimonial shows after scrolling beyond this share of the page. */
export const SECOND_TESTIMONIAL_SCROLL = 0.3

/** The second testimonial shows only when the feed shows more than this many profiles. */
export const SECOND_TESTIMONIAL_MIN_PROFILES = 8

/** Whether the page is scrolled beyond the share of SPEC §9 (of what can be scrolled). */
export function scrolledPastShare(
  scrollTop: number,
  pageHeight: number,
  viewportHeight: number,
  share = SECOND_TESTIMONIAL_SCROLL,
): boolean {
  const scrollable = pageHeight - viewportHeight
  return scrollable > 0 && scrollTop / scrollable > share
}
