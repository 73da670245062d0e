import { data, Form, useActionData, useNavigation } from 'react-router'
import { entryName, SavedList } from '#app/components/client/saved-list.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { HISTORY_SIZE } from '#app/domain/client-area.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { clientMeta } from '#app/modules/client/meta.ts'
import {
  forgetViews,
  historyOf,
  keepsHistory,
  setKeepHistory,
} from '#app/modules/client/saved.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { checkbox, plain } from '#app/modules/forms/fields.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/history'

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'history')

// /client-dashboard/history: the profiles the client opened lately (issue 9 item 1), with the
// switch that stops keeping them; only the client ever sees it.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'client')
  const [history, keep] = await Promise.all([historyOf(user.id), keepsHistory(user.id)])
  return data({ history, keep }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

type Done = 'forgotten' | 'cleared' | 'historyOn' | 'historyOff'

/** The page's forms by intent. */
const HISTORY_FORMS = {
  forget: orderedForm({ profileId: plain() }),
  clear: orderedForm({}),
  keep: orderedForm({ keep: checkbox() }),
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'client')
  const { intent, checked } = await parseForm(request, HISTORY_FORMS)
  const answer = (done: Done) => data({ done }, { headers: PRIVATE_NO_STORE })
  // The fields have no rules of their own: the form is always read.
  if (!checked.ok) throw new Response('Bad request', { status: 400 })
  if (intent === 'forget') {
    const profileId = checked.value.profileId.toLowerCase()
    if (!isUuid(profileId)) throw new Response('Bad request', { status: 400 })
    await forgetViews(user.id, profileId)
    return answer('forgotten')
  }
  if (intent === 'clear') {
    await forgetViews(user.id)
    return answer('cleared')
  }
  const keep = checked.value.keep
  await setKeepHistory(user.id, keep)
  return answer(keep ? 'historyOn' : 'historyOff')
}

export default function History({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const countText = useCount()
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
  const button = buttonClass('secondary', 'mini')
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{c.historyTitle}</h2>
          <p className="mt-1 text-sm text-stone-600">
            {keep ? countText(c.historyText, HISTORY_SIZE) : c.historyOff}
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
