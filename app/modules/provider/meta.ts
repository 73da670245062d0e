import { format } from '#app/i18n/i18n.ts'
import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

/** The dashboard's sections, as its tabs name them. */
export type DashboardSection =
  | 'overview'
  | 'profile'
  | 'photos'
  | 'verification'
  | 'plan'
  | 'gifts'
  | 'account'

/** The head of one dashboard section: its own title, so tabs and screen readers tell them apart. */
export function dashboardMeta(args: MetaArgsLike, section: DashboardSection) {
  const { t } = metaContext(args)
  return pageMeta(args, {
    title: `${t.dashboard.nav[section]} – ${t.dashboard.metaTitle}`,
    noindex: true,
  })
}

/** The head of a profile's preview (the provider's own, or the team's): never indexed. */
export function previewMeta(args: MetaArgsLike, name = '') {
  const { t } = metaContext(args)
  return pageMeta(args, { title: format(t.dashboard.preview.metaTitle, { name }), noindex: true })
}
