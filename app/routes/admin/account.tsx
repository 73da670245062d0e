import { AccountSettings } from '#app/components/account/account-settings.tsx'
import { accountPageAction, accountPageLoader } from '#app/modules/account/account-page.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/account'

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'account')

// /admin/account: the same account section as every role's (e-mail, password, data, deletion).

export function loader({ request }: Route.LoaderArgs) {
  return accountPageLoader(request, 'admin')
}

export function action({ request, context }: Route.ActionArgs) {
  return accountPageAction(request, context, 'admin')
}

export const headers = passOnHeaders('Cache-Control')

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return <AccountSettings email={loaderData.email} />
}
