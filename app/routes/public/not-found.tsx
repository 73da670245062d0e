import { ErrorPage } from '#app/components/error-page.tsx'

// Any path no route claims: the 404 page with status 404 (SPEC §2 '*').
export function loader() {
  throw new Response('Not found', { status: 404 })
}

export default function NotFound() {
  return <ErrorPage status={404} />
}
