import { mergeAreas } from './areas.ts'
import { strings as account } from './en/account.ts'
import { strings as admin } from './en/admin.ts'
import { strings as client } from './en/client.ts'
import { strings as home } from './en/home.ts'
import { strings as info } from './en/info.ts'
import { strings as provider } from './en/provider.ts'
import { strings as publicStrings } from './en/public.ts'
import { strings as server } from './en/server.ts'
import type { Dictionary } from './pt.ts'

/**
 * The whole English dictionary, for the server and tests. The strings are in en/{area}.ts, each
 * typed by pt/{area}.ts: the type check fails unless both languages have every key.
 */
export const en = mergeAreas<Dictionary>(
  publicStrings,
  home,
  info,
  account,
  provider,
  client,
  admin,
  server,
)
