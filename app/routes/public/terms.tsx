import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { termsFor } from '#app/content/terms.server.ts'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { TERMS_AUDIENCES, type TermsAudience } from '#app/domain/terms.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { ageAssuranceMode } from '#app/modules/age-gate/age-gate.server.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/terms'

const asAudience = (value: string | null | undefined): TermsAudience | undefined =>
  TERMS_AUDIENCES.find((audience) => audience === value)

/**
 * ?type=cliente selects the client version; anything else the advertiser one (SPEC §2). Only
 * the chosen text travels to the browser, not all four documents. The gift rules show only
 * while gifts are on (issue 22 point 5), what an age verification keeps only with it (issue 23).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const audience = asAudience(new URL(request.url).searchParams.get('type')) ?? 'anunciante'
  const lang = asLanguage(params.lang) ?? DEFAULT_LANGUAGE
  const document = termsFor(lang, audience, { gifts: giftsEnabled(), age: ageAssuranceMode() })
  return { audience, document }
}

export function meta(args: Route.MetaArgs) {
  const { language: lang, t } = metaContext(args)
  return pageMeta(args, {
    title: t.termsPage.title,
    description: t.termsPage.description,
    breadcrumb: [{ name: t.termsPage.title, path: paths.terms(lang) }],
  })
}

function scrollToSection(id: string, smooth: boolean) {
  const target = document.getElementById(id)
  if (!target) return
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: smooth && !reduced ? 'smooth' : 'auto', block: 'start' })
  target.focus({ preventScroll: true })
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  const navigate = useNavigate()
  const { audience, document } = loaderData

  // The URL hash also chooses: #cliente or #anunciante picks the tab, a section's id scrolls
  // to it once the page shows (SPEC §2).
  useEffect(() => {
    let hash = ''
    try {
      hash = decodeURIComponent(location.hash.replace(/^#/, ''))
    } catch {
      // A hash that is not valid percent-encoding names nothing on this page.
    }
    if (!hash) return
    const wanted = asAudience(hash)
    if (wanted && wanted !== audience) {
      navigate({ search: `?type=${wanted}`, hash: location.hash }, { replace: true })
      return
    }
    if (!wanted) scrollToSection(hash, true)
  }, [location.hash, audience, navigate])

  return (
    <SiteShell>
      <Breadcrumb
        items={[{ label: t.listing.home, to: paths.home(lang) }, { label: t.termsPage.title }]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t.termsPage.title}</h1>
      <p className="mt-1 text-sm text-stone-600">{t.termsPage.updated}</p>

      <nav aria-label={t.termsPage.versions} className="mt-6 border-b border-stone-200">
        <ul className="flex gap-1">
          {TERMS_AUDIENCES.map((option) => (
            <li key={option}>
              <Link
                to={{ search: option === 'anunciante' ? '' : `?type=${option}` }}
                replace
                preventScrollReset
                aria-current={option === audience ? 'page' : undefined}
                className="-mb-px inline-block border-b-2 border-transparent px-4 py-2 font-medium text-stone-600 hover:text-stone-900 aria-[current=page]:border-rose-800 aria-[current=page]:text-rose-900"
              >
                {t.termsPage.tabs[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 grid gap-8 pb-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="toc-heading" className="text-sm font-semibold uppercase text-stone-500">
            {t.termsPage.contents}
          </h2>
          <ol className="mt-2 space-y-1 text-sm">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  onClick={(event) => {
                    // A new tab or window (modifier keys, middle button) is the browser's job.
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                      return
                    event.preventDefault()
                    window.history.replaceState(window.history.state, '', `#${section.id}`)
                    scrollToSection(section.id, true)
                  }}
                  className="text-rose-900 hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-3xl">
          <h2 className="text-xl font-semibold">{document.title}</h2>
          <p className="mt-2 text-stone-700">{document.intro}</p>
          {document.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              aria-labelledby={`${section.id}-title`}
              className="mt-10 scroll-mt-4 focus:outline-none"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-semibold">
                {section.title}
              </h2>
              {section.blocks.map((block, index) =>
                block.kind === 'h3' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                  <h3 key={index} className="mt-6 text-lg font-semibold">
                    {block.text}
                  </h3>
                ) : block.kind === 'ul' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                  <ul key={index} className="mt-3 list-disc space-y-1 pl-6 text-stone-700">
                    {block.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                  <p key={index} className="mt-3 leading-relaxed text-stone-700">
                    {block.text}
                  </p>
                ),
              )}
            </section>
          ))}
          <p className="mt-12 rounded-lg bg-stone-100 p-4 text-sm text-stone-700">
            {t.termsPage.support}{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-rose-900 underline">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </article>
      </div>
    </SiteShell>
  )
}
