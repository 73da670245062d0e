import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Quote } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { scrolledPastShare } from '#app/domain/testimonials.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { Testimonial } from '#app/modules/reviews/review-types.ts'
import { Stars } from './stars.tsx'

/** A testimonial of the home feed: the excerpt (text, never markup), stars, author and profile. */
export function TestimonialCard({
  testimonial,
  hidden = false,
}: {
  testimonial: Testimonial
  /** Kept in its place, unseen (no layout shift when it shows): the second one before scrolling. */
  hidden?: boolean
}) {
  const t = useT()
  return (
    <figure
      className={`rounded-lg border border-rose-100 bg-rose-50/60 p-4 transition-opacity duration-500 ${hidden ? 'invisible opacity-0' : 'opacity-100'}`}
      data-testimonial=""
      data-shown={hidden ? undefined : ''}
    >
      <div className="flex items-center justify-between gap-2">
        <Stars rating={testimonial.rating} />
        <Quote aria-hidden="true" className="size-5 text-rose-300" />
      </div>
      <blockquote className="mt-2 text-stone-800 [overflow-wrap:anywhere]">
        <p>{testimonial.excerpt}</p>
      </blockquote>
      <figcaption className="mt-2 text-sm text-stone-600">
        {format(t.reviews.testimonialAbout, {
          name: testimonial.authorName,
          profile: testimonial.profileName,
        })}
        {' · '}
        <Link
          to={paths.profile(testimonial.profileUsername)}
          className="font-medium text-rose-900 underline"
        >
          {format(t.reviews.testimonialLink, { name: testimonial.profileName })}
        </Link>
      </figcaption>
    </figure>
  )
}

/**
 * Whether the visitor scrolled beyond SPEC §9's share of the page (once true, it stays true).
 * False on the server and until the page's script runs.
 */
export function useScrolledPastShare(): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    if (past) return
    const check = () => {
      const page = document.documentElement
      if (scrolledPastShare(window.scrollY, page.scrollHeight, window.innerHeight)) setPast(true)
    }
    check()
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check, { passive: true })
    return () => {
      window.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
    }
  }, [past])
  return past
}
