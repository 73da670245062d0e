import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

/** The client area's sections, as its tabs name them. */
export type ClientSection = 'favorites' | 'history' | 'reviews' | 'account' | 'gifts'

/** The head of one section of the client area: its own title, never indexed. */
export function clientMeta(args: MetaArgsLike, section: ClientSection) {
  const { t } = metaContext(args)
  return pageMeta(args, {
    title: `${t.client.nav[section]} – ${t.client.metaTitle}`,
    noindex: true,
  })
}
