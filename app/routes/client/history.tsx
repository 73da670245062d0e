import { data, Form, useActionData, useNavigation } from 'react-router'
import { clientMeta } from '#app/components/client/client-nav.tsx'
import { entryName, SavedList } from '#app/components/client/saved-list.tsx'
import { CheckboxField, FormAlert } from '#app/components/forms/form-parts.tsx'
import { HISTORY_SIZE } from '#app/domain/client-area.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import {
  forgetViews,
  historyOf,
  keepsHistory,
  setKeepHistory,
} from '#app/modules/client/saved.server.ts'
import { ticked } from '#app/modules/forms/checks.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/history'

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'history')

// /client-dashboard/history: the profiles the client opened lately (issue 9 item 1), with the
// switch that stops keeping them; only the client ever sees it.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'client')
  const [history, keep] = await Promise.all([historyOf(user.id), keepsHistory(user.id)])
  return data({ history, keep }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers = passOnHeaders('Cache-Control')

type Done = 'forgotten' | 'cleared' | 'historyOn' | 'historyOff'

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'client')
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  const answer = (done: Done) =>
    data({ done }, { headers: { 'Cache-Control': 'private, no-store' } })
  if (intent === 'forget') {
    const profileId = String(form.get('profileId') ?? '').toLowerCase()
    if (!isUuid(profileId)) throw new Response('Bad request', { status: 400 })
    await forgetViews(user.id, profileId)
    return answer('forgotten')
  }
  if (intent === 'clear') {
    await forgetViews(user.id)
    return answer('cleared')
  }
  if (intent === 'keep') {
    const keep = ticked(String(form.get('keep') ?? ''))
    await setKeepHistory(user.id, keep)
    return answer(keep ? 'historyOn' : 'historyOff')
  }
  throw new Response('Bad request', { status: 400 })
}

export default function History({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const c = t.client
  const { history, keep } = loaderData
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const notices: Record<Done, string> = {
    forgotten: c.removedDone,
    cleared: c.historyCleared,
    historyOn: c.historyOnSaved,
    historyOff: c.historyOffSaved,
  }
  const button =
    'rounded-md border border-stone-300 bg-white px-2.5 py-1.5 font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60'
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{c.historyTitle}</h2>
          <p className="mt-1 text-sm text-stone-600">
            {keep ? format(c.historyText, { count: HISTORY_SIZE }) : c.historyOff}
          </p>
        </div>
        {history.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" disabled={busy} className={`${button} text-sm`}>
              {c.clearHistory}
            </button>
          </Form>
        ) : null}
      </div>
      {answer?.done ? (
        <FormAlert tone="success" title={notices[answer.done]} reveal={answer} />
      ) : null}
      <Form
        method="post"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-3"
      >
        <input type="hidden" name="intent" value="keep" />
        {/* The key makes the box follow the saved setting after each answer. */}
        <CheckboxField key={String(keep)} name="keep" defaultChecked={keep}>
          {c.keepHistory}
        </CheckboxField>
        <button type="submit" disabled={busy} className={`${button} text-sm`}>
          {c.saveSetting}
        </button>
      </Form>
      {history.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-700">
          {c.historyEmpty}
        </p>
      ) : (
        <SavedList
          entries={history}
          dateLabel={c.viewedOn}
          action={(entry) =>
            entry.kind === 'removed' ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="forget" />
                <input
                  type="hidden"
                  name="profileId"
                  value={entry.kind === 'public' ? entry.card.id : entry.profileId}
                />
                <button
                  type="submit"
                  disabled={busy}
                  aria-label={format(c.forgetLabel, { name: entryName(entry) ?? '' })}
                  className={button}
                >
                  {c.forget}
                </button>
              </Form>
            )
          }
        />
      )}
    </div>
  )
}
