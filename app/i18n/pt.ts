import { mergeAreas } from './areas.ts'
import { type Strings as AccountStrings, strings as account } from './pt/account.ts'
import { type Strings as AdminStrings, strings as admin } from './pt/admin.ts'
import { type Strings as ClientStrings, strings as client } from './pt/client.ts'
import { type Strings as HomeStrings, strings as home } from './pt/home.ts'
import { type Strings as InfoStrings, strings as info } from './pt/info.ts'
import { type Strings as ProviderStrings, strings as provider } from './pt/provider.ts'
import { type Strings as PublicStrings, strings as publicStrings } from './pt/public.ts'
import { type Strings as ServerStrings, strings as server } from './pt/server.ts'

/**
 * Every string of the interface: the union of the areas (areas.ts). Components read it whole
 * (`useT`); in the browser only the areas of the page are loaded, which the page's path decides.
 */
export type Dictionary = PublicStrings &
  HomeStrings &
  InfoStrings &
  AccountStrings &
  ProviderStrings &
  ClientStrings &
  AdminStrings &
  ServerStrings

/**
 * The whole Portuguese (default) dictionary, for the server (which renders every page) and tests.
 * The strings themselves are in pt/{area}.ts, each the source of its area's type; the browser
 * never loads this file.
 */
export const pt = mergeAreas<Dictionary>(
  publicStrings,
  home,
  info,
  account,
  provider,
  client,
  admin,
  server,
)
