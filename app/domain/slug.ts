/** Turns any name or path segment into a slug (SPEC §5): lowercase, no accents, a-z0-9 and single hyphens. */
export function normalizeSlug(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
