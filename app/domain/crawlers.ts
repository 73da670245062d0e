import { isbot } from 'isbot'

// Known crawlers and link-preview fetchers by user agent (SPEC §2: they skip the age gate; they
// never count in a profile's statistics). One rule for both, and for the HTML cache's key, so
// the three can never disagree. No user agent at all is a script, not a visitor.
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !userAgent || isbot(userAgent)
}
