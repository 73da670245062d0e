import type { Dictionary } from '#app/i18n/pt.ts'
import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

// The head of a page that has only a title and is never indexed (the private pages: the
// dashboards' frames, receipts, Pix charges, the account's steps), so such a route's meta is
// one line that picks its title: `export const meta = titleMeta((dict) => dict.<area>.metaTitle)`.

/** A route's meta: the title picked from the page's dictionary, and noindex. */
export function titleMeta(title: (t: Dictionary) => string) {
  return (args: MetaArgsLike) =>
    pageMeta(args, { title: title(metaContext(args).t), noindex: true })
}
