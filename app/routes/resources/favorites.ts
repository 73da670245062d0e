import { redirect } from 'react-router'
import { z } from 'zod'
import { FAVORITES_MAX, type FavoriteAnswer } from '#app/domain/client-area.ts'
import type { Flash } from '#app/domain/flash.ts'
import { localPath } from '#app/domain/paths.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import {
  addFavorites,
  type FavoriteResult,
  removeFavorite,
} from '#app/modules/client/saved.server.ts'
import { flashCookie } from '#app/modules/flash/flash.server.ts'
import { list, orderedForm } from '#app/modules/forms/checks.ts'
import { field } from '#app/modules/forms/fields.ts'
import { checkIntent, readForm } from '#app/modules/forms/parse-form.server.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'
import type { Route } from './+types/favorites'

// POST /api/favorites (issue 9 item 1): a client saves or removes a profile, from a card's or a
// profile page's heart, from the client area, or takes over the favourites saved on the device.
// It acts on the signed-in client's own favourites only: no field names a user.
//
// With JavaScript the hearts send js=1 and read a JSON answer; without it the form comes back
// to the page it was sent from (`back`) with a one-time message of what it did, or why it did
// nothing (the list is full, too many changes, the profile went offline): a public page cannot
// show it in its hearts, its HTML being the same for every client. A visitor goes to the
// client log-in first.

const limiter = fixedWindowLimiter({ name: 'favorites', limit: 120, windowMs: 10 * 60_000 })

const json = (answer: FavoriteAnswer, status = 200) =>
  Response.json(answer, { status, headers: { 'Cache-Control': 'no-store' } })

/** An id, any case, kept in lower case; anything else is a 'bad' request. */
const id = () =>
  field<string, 'bad'>(
    (value) => (isUuid(value.toLowerCase()) ? undefined : 'bad'),
    (value) => value.toLowerCase(),
  )

/** The device's list: ids only, at least one, at most as many as an account keeps. */
const deviceIds = list(
  z
    .array(z.string())
    .transform((ids) => [...new Set(ids.map((one) => one.toLowerCase()))])
    .refine((ids) => ids.length > 0 && ids.length <= FAVORITES_MAX && ids.every(isUuid), 'bad'),
)

const profileForm = orderedForm({ profileId: id() })

const FAVORITE_FORMS = {
  add: profileForm,
  remove: profileForm,
  toggle: profileForm,
  'remove-entry': orderedForm({ entryId: id() }),
  import: orderedForm({ profileIds: deviceIds }),
}

const STATUS = { signIn: 401, notClient: 403, full: 409, notPublic: 404, tooMany: 429, bad: 400 }

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request)
  // Read before the intent: where to go back to, and how to answer, whatever the form holds.
  const typed = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const back = localPath(typed('back')) ?? '/client-dashboard'
  const js = typed('js') === '1'
  const answer = (result: FavoriteAnswer) => {
    if (js) return json(result, result.ok ? 200 : STATUS[result.error])
    if (!result.ok && result.error === 'signIn') {
      return redirect(`/auth?mode=login&type=client&next=${encodeURIComponent(back)}`)
    }
    // Without JavaScript the page it goes back to says what happened, done or not (the page
    // itself is the same for every client, so its hearts cannot).
    const flash: Flash = result.ok
      ? result.saved
        ? 'favorite-saved'
        : 'favorite-removed'
      : `favorite-${result.error === 'signIn' ? 'notClient' : result.error}`
    return redirect(back, { status: 303, headers: { 'Set-Cookie': flashCookie(flash) } })
  }
  const added = (result: FavoriteResult): FavoriteAnswer =>
    result.ok ? { ok: true, saved: true } : { ok: false, error: result.error }
  const user = await currentUser(request)
  if (!user) return answer({ ok: false, error: 'signIn' })
  if (user.role !== 'client') return answer({ ok: false, error: 'notClient' })
  if (!(await limiter.hit(user.id)).allowed) return answer({ ok: false, error: 'tooMany' })

  const parsed = checkIntent(form, FAVORITE_FORMS)
  if (!parsed?.checked.ok) return answer({ ok: false, error: 'bad' })
  const { intent } = parsed
  if (parsed.intent === 'remove-entry') {
    await removeFavorite(user.id, { entryId: parsed.checked.value.entryId })
    return answer({ ok: true, saved: false })
  }
  if (parsed.intent === 'import') {
    const result = await addFavorites(user.id, parsed.checked.value.profileIds)
    return answer(
      result.ok ? { ok: true, saved: true, kept: result.kept, left: result.left } : added(result),
    )
  }
  const { profileId } = parsed.checked.value
  // 'toggle': a heart pressed without JavaScript, or before the page knew the saved state.
  const removed = intent !== 'add' && (await removeFavorite(user.id, { profileId }))
  if (intent === 'remove' || removed) return answer({ ok: true, saved: false })
  return answer(added(await addFavorites(user.id, [profileId])))
}

export function loader() {
  return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } })
}
