import type { ReactNode } from 'react'
import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { imageSrcSet } from '#app/domain/images.ts'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { AdminSection } from '#app/modules/admin/meta.ts'

// The admin area's shared parts: its tabs, section titles, panels and thumbnails (its forms
// are in admin-form.tsx).

export function AdminNav() {
  const t = useT()
  const items: { to: string; section: AdminSection; end?: boolean }[] = [
    { to: '/admin', section: 'overview', end: true },
    { to: '/admin/verifications', section: 'queue' },
    { to: '/admin/profiles', section: 'search' },
    { to: '/admin/reports', section: 'reports' },
    { to: '/admin/reviews', section: 'reviews' },
    { to: '/admin/usernames', section: 'usernames' },
    { to: '/admin/plans', section: 'plans' },
    { to: '/admin/payments', section: 'payments' },
    { to: paths.adminGifts, section: 'gifts' },
    { to: paths.adminVitals, section: 'vitals' },
    { to: '/admin/team', section: 'team' },
    { to: '/admin/audit', section: 'audit' },
    { to: '/admin/account', section: 'account' },
  ]
  return (
    <TabNav
      label={t.admin.nav.label}
      items={items.map((item) => ({ ...item, label: t.admin.nav[item.section] }))}
    />
  )
}

/** A section's heading with an optional line under it. */
export function SectionTitle({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="mb-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {hint ? <p className="text-sm text-stone-600">{hint}</p> : null}
    </div>
  )
}

/** A stored photo at thumbnail size, with its variants. */
export function Thumb({
  photo,
  alt,
}: {
  photo: {
    url: string
    storagePath: string | null
    width: number | null
    height: number | null
    variantWidths: number[]
  }
  alt: string
}) {
  return (
    <img
      src={photo.url}
      srcSet={photo.storagePath ? imageSrcSet(photo.storagePath, photo.variantWidths) : undefined}
      sizes="160px"
      width={photo.width ?? 320}
      height={photo.height ?? 427}
      alt={alt}
      loading="lazy"
      className="aspect-[3/4] w-full rounded-md bg-stone-100 object-cover"
    />
  )
}

/** A bordered box for one section of a page. */
export function Panel({ children }: { children: ReactNode }) {
  return <section className={cardClass}>{children}</section>
}

/** Said on the money screens while Pix is not configured (PIX_*): they work, nobody can pay. */
export function PixOffNotice({ text }: { text: string }) {
  return (
    <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-950">
      {text}
    </p>
  )
}

/**
 * A section's list, or the line that says it is empty; `head` stands above a list that is not
 * (a bulk form). Each item is drawn by the children, with its key.
 */
export function AdminList<Item>({
  items,
  empty,
  as: List = 'ol',
  className,
  head,
  children,
}: {
  items: Item[]
  empty: ReactNode
  as?: 'ol' | 'ul'
  /** More classes for the list, after its dividers. */
  className?: string
  head?: ReactNode
  children: (item: Item) => ReactNode
}) {
  if (items.length === 0) {
    return typeof empty === 'string' ? <p className="text-sm text-stone-600">{empty}</p> : empty
  }
  return (
    <>
      {head}
      <List
        className={
          className ? `divide-y divide-stone-200 ${className}` : 'divide-y divide-stone-200'
        }
      >
        {items.map(children)}
      </List>
    </>
  )
}
