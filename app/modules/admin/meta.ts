import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

/** The admin area's sections, as its tabs name them. */
export type AdminSection =
  | 'overview'
  | 'queue'
  | 'search'
  | 'reports'
  | 'reviews'
  | 'usernames'
  | 'plans'
  | 'payments'
  | 'gifts'
  | 'vitals'
  | 'team'
  | 'audit'
  | 'account'

/** The head of one admin section. */
export function adminMeta(args: MetaArgsLike, section: AdminSection) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: `${t.admin.nav[section]} – ${t.admin.metaTitle}`, noindex: true })
}
