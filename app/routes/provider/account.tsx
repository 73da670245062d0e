import { AccountSettings } from '#app/components/account/account-settings.tsx'
import { accountPageAction, accountPageLoader } from '#app/modules/account/account-page.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import type { Route } from './+types/account'

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'account')

// /dashboard/account (issue 7 item 8): e-mail, password, a copy of the data, deletion.

export function loader({ request }: Route.LoaderArgs) {
  return accountPageLoader(request, 'provider')
}

export function action({ request, context }: Route.ActionArgs) {
  return accountPageAction(request, context, 'provider')
}

export const headers = passOnHeaders('Cache-Control')

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return <AccountSettings email={loaderData.email} />
}
