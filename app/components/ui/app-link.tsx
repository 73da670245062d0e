import { type AnchorHTMLAttributes, useEffect } from 'react'
import { useNavigate } from 'react-router'

// Links of long lists (a city's cards, its list of 50, its chips, the footer's cities) as plain
// anchors (issue 24 point 1): React Router's <Link> resolves its path and sets up a click handler
// for each one, on the server for every render and in the browser for hydration, about a tenth
// of a city page's CPU. An AppLink is an <a> with an absolute path; one listener on the document
// (useAppLinks, in the root) gives it the client-side navigation a <Link> has. React Router finds
// its route ahead of a click by the same data-discover mark its links carry.

export function AppLink({
  to,
  ...props
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return <a href={to} data-discover="true" data-app-link="" {...props} />
}

/**
 * A plain left click on an AppLink changes page in the browser, as a <Link> would: not a click
 * with a modifier key (a new tab or window), not one a handler already took, not a link with a
 * target or a download, not one to another origin. The same address again replaces the entry.
 */
export function useAppLinks() {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
      const anchor =
        event.target instanceof Element ? event.target.closest('a[data-app-link]') : null
      if (!(anchor instanceof HTMLAnchorElement)) return
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      const to = `${url.pathname}${url.search}${url.hash}`
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
      void navigate(to, { replace: to === here })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
