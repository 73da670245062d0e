import { data } from 'react-router'
import { type ProfileAnswer, ProfileEditor } from '#app/components/provider/profile-editor.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { format, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { parseForm, typedStrings } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { editorChoices } from '#app/modules/provider/editor-choices.server.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile, saveOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import { profileSchema } from '#app/modules/provider/profile-schema.ts'
import {
  countPublicChange,
  mayChangePublicProfile,
} from '#app/modules/provider/public-writes.server.ts'
import { publicBaseUrl } from '#app/platform/env.server.ts'
import type { Route } from './+types/profile'

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'profile')

// /dashboard/profile (issue 7 item 2): the profile editor.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  return data(
    {
      profile,
      choices: editorChoices(requestLanguage(request).language),
      origin: publicBaseUrl(request),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { form, checked } = await parseForm(request, {
    save: () => profileSchema(editorChoices(requestLanguage(request).language)),
  })
  const values = typedStrings(form)
  if (!checked.ok) {
    return data<ProfileAnswer>({ intent: 'save', error: checked.error, values }, 400)
  }
  if (!(await mayChangePublicProfile(user.id))) {
    const error = { field: 'form', message: 'tooManyChanges' } as const
    return data<ProfileAnswer>({ intent: 'save', error, values }, 429)
  }
  await ensureOwnProfile(user)
  const saved = await saveOwnProfile(user.id, checked.value)
  if (!saved.ok) return data<ProfileAnswer>({ intent: 'save', error: saved.error, values }, 409)
  await countPublicChange(user.id)
  return data<ProfileAnswer>({ intent: 'save', saved: true, forReview: saved.forReview })
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const longDate = useLongDate()
  return (
    <div className="max-w-2xl">
      <h2 className="text-xl font-semibold">{t.dashboard.editor.title}</h2>
      <p className="mt-1 text-sm text-stone-600">{t.dashboard.editor.intro}</p>
      <p className="mt-1 text-xs text-stone-500">
        {format(t.dashboard.editor.lastUpdated, { date: longDate(loaderData.profile.updatedAt) })}
      </p>
      <div className="mt-4">
        <ProfileEditor
          profile={loaderData.profile}
          choices={loaderData.choices}
          origin={loaderData.origin}
        />
      </div>
    </div>
  )
}
