// Known crawlers and link-preview fetchers by user agent (SPEC §2: they skip the age gate; they
// never count in a profile's statistics).
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|pinterest|vkshare|w3c_validator|whatsapp|telegram|discord|skypeuripreview|curl\/|wget\/|python-requests|go-http-client|httpclient|okhttp|java\//i

export function isCrawler(userAgent: string | null | undefined): boolean {
  return !userAgent || CRAWLER.test(userAgent)
}
