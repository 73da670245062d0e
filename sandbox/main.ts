import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { prepareSandboxAccounts, SANDBOX_CPF } from '#sandbox/accounts.server.ts'
import { startBankPage } from '#sandbox/bank-page.ts'
import { startPixServer } from '#sandbox/pix/institution.ts'

// `npm run sandbox` (issue 32 point 2): the site with a local Pix institution, to try plans,
// return fees, gifts and withdrawals without an institution's credentials. It starts the
// institution (mutual-TLS API on a free port, certificates made by openssl in a fresh 0700
// temporary folder), prepares the sandbox's accounts, then the site by the same path as
// `npm start` (built if needed) with PIX_* pointing at the institution, GIFTS=1 and payouts to
// it, and the bank page. Ctrl-C stops both. It refuses to run where real money could be at stake.

const USAGE = `Usage: npm run sandbox [-- --bank-port N]

Starts the site (PORT, default 3000) with a local Pix institution and its bank page (on
127.0.0.1, a free port unless --bank-port says). No real money. Its data lives apart from the
site's: SANDBOX_DATA_DIR (default ./data-sandbox) and, for PostgreSQL, SANDBOX_DATABASE_URL;
DATA_DIR and DATABASE_URL are never used.`

/** The site's own PIX_* variables: any of them set means a real institution may be meant. */
function setPixVariables(env: NodeJS.ProcessEnv): string[] {
  // PIX_SERVER_SEED replays the local institution's random answers (sandbox/pix/strict.ts).
  return Object.keys(env).filter(
    (name) => name.startsWith('PIX_') && name !== 'PIX_SERVER_SEED' && env[name] !== '',
  )
}

/** Why the sandbox must not start here, or undefined. */
export function refusal(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_ENV === 'production') {
    return 'The payments sandbox does not run with NODE_ENV=production: it is for trying the site, never for serving it. Unset NODE_ENV.'
  }
  const pix = setPixVariables(env)
  if (pix.length > 0) {
    return `The payments sandbox sets its own Pix institution, but ${pix.join(', ')} ${pix.length === 1 ? 'is' : 'are'} set: that points at a real one. Unset ${pix.length === 1 ? 'it' : 'them'} to use the sandbox.`
  }
  return undefined
}

/** openssl 3 makes the certificates (`req -x509 -CA`); a clear word when it is missing. */
function opensslProblem(): string | undefined {
  const openssl = process.env.OPENSSL_PATH ?? 'openssl'
  try {
    const version = execFileSync(openssl, ['version'], { encoding: 'utf8' })
    const major = Number(/OpenSSL (\d+)\./.exec(version)?.[1] ?? 0)
    if (major < 3) return `The sandbox needs OpenSSL 3 or later; ${openssl} is: ${version.trim()}`
    return undefined
  } catch {
    return `The sandbox needs the openssl command (OpenSSL 3) to make its certificates, and '${openssl}' was not found. Install it (Debian/Ubuntu: apt-get install openssl) or set OPENSSL_PATH.`
  }
}

/** Resolves once the site answers /healthz, or rejects when it exits first. */
async function healthy(site: ChildProcess, url: string): Promise<void> {
  for (;;) {
    if (site.exitCode !== null || site.signalCode !== null) {
      throw new Error(`the site stopped during start-up (exit ${site.exitCode ?? site.signalCode})`)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not listening yet (it may be building)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function runSandbox(argv: string[]): Promise<number> {
  let bankPort = 0
  try {
    const { values } = parseArgs({
      args: argv,
      options: { 'bank-port': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    })
    if (values.help) {
      process.stdout.write(`${USAGE}\n`)
      return 0
    }
    bankPort = Number(values['bank-port'] ?? 0)
    if (!Number.isInteger(bankPort) || bankPort < 0 || bankPort > 65535) {
      throw new Error(`--bank-port must be a port number (got '${values['bank-port']}')`)
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const refused = refusal(process.env) ?? opensslProblem()
  if (refused) {
    console.error(refused)
    return 1
  }

  const merchant = { merchantName: 'Aprova Sandbox', merchantCity: 'Recife' }
  const pix = await startPixServer(merchant)
  const port = process.env.PORT || '3000'
  // Never the site's own storage: a shell that has the production environment loaded must not
  // get sandbox accounts and a verified sandbox profile in the real database.
  for (const name of ['DATA_DIR', 'DATABASE_URL'] as const) {
    if (process.env[name]) {
      console.error(
        `${name} is set and is not used: the sandbox keeps its data in SANDBOX_${name}.`,
      )
    }
  }
  const siteEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.resolve(process.env.SANDBOX_DATA_DIR || 'data-sandbox'),
    DATABASE_URL: process.env.SANDBOX_DATABASE_URL || '',
    DEMO_DATA: process.env.DEMO_DATA || '1',
    ...pix.env(randomBytes(24).toString('base64url')),
    PIX_PAYOUT_URL: new URL(pix.url).origin,
    PIX_MERCHANT_NAME: merchant.merchantName,
    PIX_MERCHANT_CITY: merchant.merchantCity,
    PIX_SANDBOX: '1',
    GIFTS: '1',
  }
  const host = siteEnv.HOST && !['0.0.0.0', '::'].includes(siteEnv.HOST) ? siteEnv.HOST : ''
  const local = `http://${host || '127.0.0.1'}:${port}`
  const siteUrl = siteEnv.BASE_URL || `http://localhost:${port}`
  let site: ChildProcess | undefined
  let bank: Awaited<ReturnType<typeof startBankPage>> | undefined
  let stopping: Promise<number> | undefined

  const stop = (code: number) => {
    stopping ??= (async () => {
      if (site && site.exitCode === null && site.signalCode === null) {
        const exited = new Promise((resolve) => site?.once('exit', resolve))
        site.kill('SIGTERM')
        await exited
      }
      await bank?.close()
      await pix.close()
      return code
    })()
    return stopping
  }

  // Ctrl-C reaches the site too (same process group); both are stopped, the site first.
  const signalled = new Promise<number>((resolve) => {
    process.once('SIGINT', () => resolve(stop(0)))
    process.once('SIGTERM', () => resolve(stop(0)))
  })
  try {
    bank = await startBankPage(pix, { port: bankPort, siteUrl, merchant: merchant.merchantName })
    const accounts = await prepareSandboxAccounts(siteEnv)
    if (stopping) return await stopping
    const root = fileURLToPath(new URL('..', import.meta.url))
    site = spawn(process.execPath, [path.join(root, 'server', 'start.js'), '--build-if-needed'], {
      cwd: root,
      env: siteEnv,
      stdio: 'inherit',
    })
    const ended = new Promise<number>((resolve) =>
      site?.once('exit', (code) => resolve(stop(code ?? 1))),
    )
    await Promise.race([healthy(site, local), ended])
    if (site.exitCode === null && site.signalCode === null) {
      process.stdout.write(
        [
          '',
          'Payments sandbox ready (no real money):',
          `  Site:      ${siteUrl}`,
          `  Bank page: ${bank.url}`,
          `  Advertiser: ${accounts.provider.email}  password: ${accounts.provider.password}  (profile /acompanhante/${accounts.provider.username}, payout CPF ${SANDBOX_CPF})`,
          `  Client:     ${accounts.client.email}  password: ${accounts.client.password}`,
          '  Ctrl-C stops both.',
          '',
        ].join('\n'),
      )
    }
    return await Promise.race([signalled, ended])
  } catch (error) {
    console.error(`The sandbox could not start: ${(error as Error).message}`)
    return stop(1)
  }
}
