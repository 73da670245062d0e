import { exportAccountData } from '#app/modules/account/account.server.ts'
import { requireUser } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import type { Route } from './+types/export'

// GET /account/export: everything the site keeps about the signed-in account, as a JSON file
// (LGPD art. 18, II and V). Only ever the requester's own data.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const exported = await exportAccountData(user.id)
  if (!exported) throw new Response('Not found', { status: 404 })
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="aprova-meus-dados.json"',
      ...PRIVATE_NO_STORE,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  })
}
