import { useT } from '#app/i18n/i18n.ts'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'

/** Header, main landmark and footer around a page. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const t = useT()
  // A column as tall as the screen: on a short page the footer still sits at the bottom.
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t.a11y.skipToContent}
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4">
        {children}
      </main>
      <Footer />
    </div>
  )
}
