import type { ComponentProps } from 'react'

// The bordered white panel the screens are made of.

/** The classes of a card (for elements other than a section: a fieldset, a list item…). */
export const cardClass = 'rounded-lg border border-stone-200 bg-white p-4'

/** A bordered white section of a page. */
export function Card({ className, ...section }: ComponentProps<'section'>) {
  return <section className={className ? `${className} ${cardClass}` : cardClass} {...section} />
}
