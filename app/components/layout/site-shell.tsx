import { useT } from '#app/i18n/i18n.ts'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'

/** Header, main landmark and footer around a page. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const t = useT()
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t.a11y.skipToContent}
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl px-4">
        {children}
      </main>
      <Footer />
    </>
  )
}
