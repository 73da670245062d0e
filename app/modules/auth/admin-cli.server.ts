import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, eq } from 'drizzle-orm'
import { isEmailAddress, PASSWORD_LENGTH } from '#app/domain/account.ts'
import { parseEnv, setServerEnv } from '#app/platform/env.server.ts'
import { openDatabase, setDatabase } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { loadReferenceData } from '#db/seed/reference.server.ts'
import { openAccount } from './accounts.server.ts'
import { settleAuthTasks } from './auth.server.ts'

// `npm run admin:create` (DESIGN.md): the first admins come from the command line, confirmed,
// through the same sign-up transaction as everyone else (better-auth hashes the password).

const USAGE = `Usage: npm run admin:create -- --email E --password P [--name N] [--data-dir DIR]

Opens a confirmed admin account on the configured database (DATABASE_URL, or PGlite in
DATA_DIR, which must not be in use by a running server). Without --password the password is
read from ADMIN_PASSWORD, which keeps it out of the shell history and the process list.`

export async function runAdminCreateCli(argv: string[]): Promise<number> {
  let values: {
    email?: string
    password?: string
    name?: string
    'data-dir'?: string
    help?: boolean
  }
  try {
    values = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string', default: 'Administração' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const email = values.email?.trim().toLowerCase() ?? ''
  const password = values.password ?? process.env.ADMIN_PASSWORD ?? ''
  const name = values.name?.trim() || 'Administração'
  if (!isEmailAddress(email)) {
    console.error(`--email must be an e-mail address (got '${values.email ?? ''}')\n\n${USAGE}`)
    return 2
  }
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    console.error(
      `--password must have ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters\n\n${USAGE}`,
    )
    return 2
  }

  const source = { ...process.env }
  if (values['data-dir']) source.DATA_DIR = values['data-dir']
  const env = parseEnv(source, 'production')
  setServerEnv(env)
  const handle = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
  )
  setDatabase(handle)
  try {
    await handle.withStartupLock(async () => {
      await handle.migrate()
      await loadReferenceData(handle.db)
    })
    // An account nobody confirmed on the address is replaced, as by any sign-up (issue 30):
    // whoever registered it first does not keep the team's address.
    const [existing] = await handle.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, email), eq(user.emailVerified, true)))
    if (existing) {
      console.error(`An account with ${email} exists already; nothing was changed.`)
      return 1
    }
    await openAccount({ email, password, name }, { role: 'admin' }, { language: 'pt' })
    await settleAuthTasks()
    const [created] = await handle.db
      .select({ verified: user.emailVerified, role: userRoles.role })
      .from(user)
      .innerJoin(userRoles, eq(userRoles.userId, user.id))
      .where(eq(user.email, email))
    if (!created?.verified || created.role !== 'admin') {
      console.error(`The admin account ${email} could not be created.`)
      return 1
    }
    process.stdout.write(`Admin account created: ${email} (confirmed; sign in at /auth)\n`)
    return 0
  } finally {
    setDatabase(undefined)
    await handle.close()
  }
}
