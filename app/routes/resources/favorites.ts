import { redirect } from 'react-router'
import { FAVORITES_MAX, type FavoriteAnswer } from '#app/domain/client-area.ts'
import { localPath } from '#app/domain/paths.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { addFavorites, removeFavorite } from '#app/modules/client/saved.server.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'
import type { Route } from './+types/favorites'

// POST /api/favorites (issue 9 item 1): a client saves or removes a profile, from a card's or a
// profile page's heart, from the client area, or takes over the favourites saved on the device.
// It acts on the signed-in client's own favourites only: no field names a user.
//
// With JavaScript the hearts send js=1 and read a JSON answer; without it the form comes back
// to the page it was sent from (`back`). A visitor goes to the client log-in first.

const limiter = fixedWindowLimiter({ limit: 120, windowMs: 10 * 60_000 })

const json = (answer: FavoriteAnswer, status = 200) =>
  Response.json(answer, { status, headers: { 'Cache-Control': 'no-store' } })

const STATUS = { signIn: 401, notClient: 403, full: 409, notPublic: 404, tooMany: 429, bad: 400 }

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const back = localPath(field('back')) ?? '/client-dashboard'
  const js = field('js') === '1'
  const answer = (result: FavoriteAnswer) => {
    if (js) return json(result, result.ok ? 200 : STATUS[result.error])
    if (!result.ok && result.error === 'signIn') {
      return redirect(`/auth?mode=login&type=client&next=${encodeURIComponent(back)}`)
    }
    // Without JavaScript the heart on the page it goes back to shows what happened.
    return redirect(back, 303)
  }
  const user = await currentUser(request)
  if (!user) return answer({ ok: false, error: 'signIn' })
  if (user.role !== 'client') return answer({ ok: false, error: 'notClient' })
  if (!limiter.hit(user.id).allowed) return answer({ ok: false, error: 'tooMany' })

  const intent = field('intent')
  const profileId = field('profileId').toLowerCase()
  if (intent === 'add' || intent === 'remove') {
    if (!isUuid(profileId)) return answer({ ok: false, error: 'bad' })
    if (intent === 'remove') {
      await removeFavorite(user.id, { profileId })
      return answer({ ok: true, saved: false })
    }
    const result = await addFavorites(user.id, [profileId])
    return answer(result === 'saved' ? { ok: true, saved: true } : { ok: false, error: result })
  }
  if (intent === 'remove-entry') {
    const entryId = field('entryId').toLowerCase()
    if (!isUuid(entryId)) return answer({ ok: false, error: 'bad' })
    await removeFavorite(user.id, { entryId })
    return answer({ ok: true, saved: false })
  }
  if (intent === 'import') {
    // The device's list: ids only, at most as many as an account keeps.
    const ids = [...new Set(form.getAll('profileIds').map((id) => String(id).toLowerCase()))]
    if (ids.length === 0 || ids.length > FAVORITES_MAX || !ids.every(isUuid))
      return answer({ ok: false, error: 'bad' })
    const result = await addFavorites(user.id, ids)
    return answer(result === 'saved' ? { ok: true, saved: true } : { ok: false, error: result })
  }
  return answer({ ok: false, error: 'bad' })
}

export function loader() {
  return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}
