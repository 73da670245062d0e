import { AsyncLocalStorage } from 'node:async_hooks'
import type { Language } from '#app/domain/language.ts'
import type { Database } from '#db/client.server.ts'
import type { AccountSetup } from './account-setup.server.ts'

// What a call into better-auth carries along (auth.server.ts): the visitor's language and, at
// sign-up, the new role; and the transaction of better-auth's that code inside it runs in.

/** What the call into better-auth is about: the visitor's language and, at sign-up, the role. */
export interface AuthCall {
  language: Language
  setup?: AccountSetup
}
const calls = new AsyncLocalStorage<AuthCall>()

/** Runs `fn` (a call into better-auth) knowing the language and, for a sign-up, the new role. */
export function withAuthCall<T>(call: AuthCall, fn: () => Promise<T>): Promise<T> {
  return calls.run(call, fn)
}

/** The call into better-auth running now (withAuthCall), if any. */
export const currentAuthCall = (): AuthCall | undefined => calls.getStore()

/**
 * Our database as better-auth sees it: the same, except that code running inside one of its
 * transactions can reach that transaction (`currentTransaction`), so the role is written in
 * the transaction that creates the account.
 */
const transactions = new AsyncLocalStorage<Database>()
export function transactionAware(database: Database): Database {
  const aware = Object.create(database) as Database
  aware.transaction = ((fn, config) =>
    database.transaction(
      (tx) => transactions.run(tx as unknown as Database, () => fn(tx)),
      config,
    )) as Database['transaction']
  return aware
}

/** The transaction of better-auth's that the code running now is inside, if any. */
export const currentAuthTransaction = (): Database | undefined => transactions.getStore()
