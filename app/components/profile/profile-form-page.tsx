import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { paths } from '#app/domain/paths.ts'

// The frame of the pages about one public profile that hold a form (report, review, gift):
// the heading with its icon, the form or why there is none, and the way back to the profile;
// the thanks once sent; and the sign-in choice offered to a visitor who is not signed in.

/** The page: an icon and a title, what the page holds, the link back to the profile. */
export function ProfileFormPage({
  icon,
  title,
  back,
  children,
}: {
  icon: ReactNode
  title: string
  back: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          {icon}
          {title}
        </h1>
        {children}
        <p className="mt-6 text-sm">
          <Link to={back.to} className="underline">
            {back.label}
          </Link>
        </p>
      </section>
    </SiteShell>
  )
}

/** The thanks once the form was sent: its words, then where to go next. */
export function ProfileFormDone({
  title,
  reveal,
  children,
  next,
}: {
  title: string
  /** The answer that revealed the thanks (FormAlert moves the focus to it). */
  reveal: object
  children: ReactNode
  next: ReactNode
}) {
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-12">
        <FormAlert tone="success" title={title} reveal={reveal}>
          {children}
        </FormAlert>
        <div className="mt-6 flex flex-wrap gap-3">{next}</div>
      </section>
    </SiteShell>
  )
}

/** Sign in or sign up as a client, then come back to this page. */
export function ClientSignIn({
  here,
  login,
  signup,
}: {
  here: string
  login: string
  signup: string
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <ButtonLink to={paths.auth({ mode: 'login', type: 'client', from: here, next: here })}>
        {login}
      </ButtonLink>
      <ButtonLink
        tone="secondary"
        to={paths.auth({ mode: 'signup', type: 'client', from: here, next: here })}
      >
        {signup}
      </ButtonLink>
    </div>
  )
}
