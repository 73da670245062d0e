// biome-ignore-all lint/a11y/noRedundantRoles: the phone layout stacks the tables' cells (display: block), which drops their implicit roles in WebKit; the roles restore them
import type { ReactNode } from 'react'
import { Link } from 'react-router'

// The frame of the admin's money tables (/admin/gifts): a plain table from md up, one bordered
// card a row on a phone, where each cell carries its column's name. The tables say which
// columns and cells they have; the frame, the row and the profile cell are here once.

/** A profile's page in the admin area. */
export const adminProfilePath = (profileId: string) => `/admin/profiles/${profileId}`

export const stackedCell = 'block py-1 md:table-cell md:py-2 md:pl-3 md:align-top'
const amountCell = `${stackedCell} tabular-nums md:text-right md:whitespace-nowrap`
export const phoneLabel = 'mr-1 text-stone-600 md:hidden'
const head = 'py-2 pl-3 font-medium'

/** A column after the first: its name, right-aligned for amounts, or read only by a screen reader. */
export type StackedColumn = { name: string; amount?: boolean; hidden?: boolean }

/** The table, its hidden caption, its header row (shown from md up) and its body. */
export function StackedTable({
  caption,
  first,
  columns,
  children,
}: {
  caption: string
  first: string
  columns: StackedColumn[]
  children: ReactNode
}) {
  return (
    <table role="table" className="block w-full text-sm md:table">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="hidden md:table-header-group">
        <tr role="row" className="border-b border-stone-200 text-left text-xs text-stone-600">
          <th role="columnheader" scope="col" className="py-2 font-medium">
            {first}
          </th>
          {columns.map((column) => (
            <th
              key={column.name}
              role="columnheader"
              scope="col"
              className={column.amount ? `${head} text-right` : head}
            >
              {column.hidden ? <span className="sr-only">{column.name}</span> : column.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody
        role="rowgroup"
        className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-stone-100"
      >
        {children}
      </tbody>
    </table>
  )
}

/** One row: a card on a phone, a table row from md up. */
export function StackedRow({ children }: { children: ReactNode }) {
  return (
    <tr
      role="row"
      className="block rounded-md border border-stone-200 p-3 md:table-row md:rounded-none md:border-0 md:p-0"
    >
      {children}
    </tr>
  )
}

/** The row's heading: the profile, linked to its admin page, or a word that it was deleted. */
export function ProfileCell({
  profileId,
  name,
  username,
  deleted,
}: {
  profileId: string | null
  name: string | null
  username: string | null
  deleted: string
}) {
  return (
    <th
      role="rowheader"
      scope="row"
      className="block py-1 text-left font-medium md:table-cell md:py-2 md:align-top"
    >
      {profileId ? (
        <Link to={adminProfilePath(profileId)} className="underline">
          {name} ({username})
        </Link>
      ) : (
        <span className="text-stone-600">{deleted}</span>
      )}
    </th>
  )
}

/** An amount with its column's name before it on a phone; `strong` sets the row's main sum. */
export function AmountCell({
  label,
  strong,
  children,
}: {
  label: string
  strong?: boolean
  children: ReactNode
}) {
  return (
    <td role="cell" className={strong ? `${amountCell} font-semibold` : amountCell}>
      <span className={strong ? `${phoneLabel} font-normal` : phoneLabel}>{label}:</span>
      {children}
    </td>
  )
}
