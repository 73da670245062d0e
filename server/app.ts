import { readdirSync } from 'node:fs'
import type { Server } from 'node:http'
import type { Server as HttpsServer } from 'node:https'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { MAX_PHOTO_BYTES } from '#app/domain/provider.ts'
import { audienceOfSession } from '#app/modules/auth/audience.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { listenForBackupRequests } from '#app/modules/backup/channel.server.ts'
import { scheduleDailyBackups } from '#app/modules/backup/schedule.server.ts'
import {
  onPublicPagesChanged,
  publicCacheGeneration,
  publicCachesUsable,
  startChangeFeed,
} from '#app/modules/http/public-pages.server.ts'
import { mediaAccess } from '#app/modules/media/photo-access.server.ts'
import { webhookCallerVerified } from '#app/modules/payments/webhook-caller.server.ts'
import {
  closeSharedCounters,
  openSharedCounters,
} from '#app/modules/security/shared-counters.server.ts'
import { parseEnv, type ServerEnv, setServerEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { keepPrivate, privateByDefault } from '#app/platform/private-files.server.ts'
import { storageFor } from '#app/platform/storage.server.ts'
import {
  type DatabaseHandle,
  databaseHandle,
  openDatabase,
  setDatabase,
} from '#db/client.server.ts'
import { syncDemoData } from '#db/seed/demo.server.ts'
import { loadReferenceData } from '#db/seed/reference.server.ts'
import { bodyLimit } from './body-limit.server.ts'
import { canonicalRedirects } from './canonical-redirects.server.ts'
import { clientAddress, trustProxies } from './client-address.server.ts'
import { fallbackErrorHandler, fallbackErrorPage } from './fallback-page.server.ts'
import { htmlMicroCache } from './html-cache.server.ts'
import { mediaFiles } from './media.server.ts'
import { measureRender, metricsEndpoint, requestMetrics } from './metrics.server.ts'
import { createPixWebhookServer } from './pix-webhook-listener.server.ts'
import { requestLog } from './request-log.server.ts'
import { sameOriginWrites } from './same-origin-writes.server.ts'
import { securityHeaders } from './security-headers.server.ts'
import { PHOTO_SWEEP_GRACE_MS, startTimedJobs, sweepUnfinished } from './timed-jobs.server.ts'
import { vitalsTokenIssuer, vitalsTokens } from './vitals-token.server.ts'

const SHUTDOWN_DEADLINE_MS = 4500
/**
 * At shutdown, pages still being rendered (their visitors may have gone) get this long to finish
 * before the database closes under them.
 */
const RENDER_DRAIN_MS = 1500
/** Largest request body accepted: the site's forms send a few kilobytes. */
const FORM_BODY_LIMIT_BYTES = 256 * 1024
/** Photo uploads: one photo per request from the page, a few at once from a form without JS. */
const UPLOAD_BODY_LIMITS = {
  '/dashboard/photos/upload': MAX_PHOTO_BYTES + 64 * 1024,
  '/dashboard/photos': 4 * MAX_PHOTO_BYTES + 1024 * 1024,
  '/dashboard/verification': 3 * MAX_PHOTO_BYTES + 1024 * 1024,
}

export interface StartOptions {
  mode: ServerEnv['mode']
  /** Root of the project (build/ and db/ live below it). */
  root: string
  vite?: ViteDevServer
  /**
   * Told once the environment is valid, before the database opens: a cluster worker tells its
   * primary how many workers to start (server/cluster.js).
   */
  onEnvironment?: (env: ServerEnv) => void
  /** Told the address once the server listens, in place of the 'Serving on' line. */
  onListening?: (url: string) => void
}

/**
 * Boots the whole site: validates the environment, opens and migrates the database, loads
 * reference and demo data, serves HTTP and shuts down cleanly on SIGTERM/SIGINT.
 */
export async function startServer(options: StartOptions): Promise<void> {
  // DATA_DIR is the service's alone (issue 32 point 4): what this process creates is born private.
  privateByDefault()
  const env = parseEnv(process.env, options.mode)
  setServerEnv(env)
  options.onEnvironment?.(env)

  let server: Server | undefined
  /** The webhook's own mutual-TLS listener (PIX_WEBHOOK_TLS_PORT), when there is one. */
  let webhookServer: HttpsServer | undefined
  /** Requests the React Router handler is working on. */
  const rendering = new Set<Promise<unknown>>()
  let handle: DatabaseHandle | undefined
  let stopChangeFeed: (() => Promise<void>) | undefined
  /** The embedded database's backup socket and the daily backup (issue 32 point 1). */
  let stopBackupRequests: (() => Promise<void>) | undefined
  let stopDailyBackups: (() => void) | undefined
  let startup: Promise<void> = Promise.resolve()
  let stopping = false

  // Installed first, so a signal during migrations still closes the database properly.
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    setTimeout(() => {
      log.error('shutdown deadline passed, exiting anyway')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    let code = 0
    try {
      await startup.catch(() => undefined)
      await Promise.all([server, webhookServer].map((listener) => listener && drain(listener)))
      // A render whose connection was closed still reads the database: it finishes first.
      await settledWithin([...rendering], RENDER_DRAIN_MS)
      // E-mails already accepted for sending (confirmation, reset) go out before the database closes.
      await settleAuthTasks()
      stopDailyBackups?.()
      await stopBackupRequests?.()
      await stopChangeFeed?.()
      await closeSharedCounters()
      await handle?.close()
      setDatabase(undefined)
      log.info('database closed')
      await options.vite?.close()
    } catch (error) {
      log.error('shutdown failed', { error: String(error) })
      code = 1
    }
    log.info('stopped')
    process.exit(code)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))

  startup = (async () => {
    // What an older install, a copy by hand or a backup left open is corrected first.
    await keepPrivate(env.dataDir, log, 'DATA_DIR')
    handle = await openDatabase(
      env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
      { onError: (error) => log.error('database connection error', { error: String(error) }) },
    )
    setDatabase(handle)
    const db = handle.db
    // One instance at a time migrates and seeds a shared PostgreSQL.
    await handle.withStartupLock(async () => {
      await handle?.migrate()
      await loadReferenceData(db)
      await syncDemoData(db, { enabled: env.demoData, storage: storageFor(env) })
      // PGlite belongs to this process alone: whatever is unfinished was left by a dead one.
      // A store that cannot be reached now does not keep the site down: the next sweep retries.
      await sweepUnfinished(handle?.kind === 'pglite' ? 0 : PHOTO_SWEEP_GRACE_MS).catch(
        (error: unknown) => log.error('upload sweep failed', { error: String(error) }),
      )
    })
    // PGlite makes its own files 0644 and folders 0755 whatever the umask: corrected once open.
    if (handle.kind === 'pglite')
      await keepPrivate(path.join(env.dataDir, 'db'), log, 'DATA_DIR/db')
    // Rate limits count in Redis with REDIS_URL, else in the database (issue 17).
    await openSharedCounters(env)
    // Kept pages and lists are used only while this instance hears what changes (ADR 0015).
    stopChangeFeed = await startChangeFeed(handle)
    // Backups (issue 32 point 1, ADR 0033): PGlite is this process's, so `npm run backup` asks
    // it over DATA_DIR/backup.sock; the daily one with BACKUP_DIR.
    if (handle.kind === 'pglite') stopBackupRequests = await listenForBackupRequests(env)
    stopDailyBackups = scheduleDailyBackups(env)
    startTimedJobs(env)
    // The production build is loaded once: a function in its place makes React Router derive
    // its routes and static handler again on every request (a twentieth of a page's CPU).
    const build = options.vite
      ? undefined
      : ((await import('virtual:react-router/server-build')) as unknown as ServerBuild)
    if (stopping) return
    const app = createApp(env, options, rendering, build)
    // The institution's webhook over mutual TLS, on its own port (issue 31 point 2, ADR 0028):
    // the same site behind it, reachable there by the webhook's address alone. Open before the
    // main listener, so a site that answers also takes the webhook.
    const webhook = env.pix?.webhook
    if (webhook?.tls) {
      webhookServer = createPixWebhookServer({ ca: webhook.ca, tls: webhook.tls }, app)
      const opened = webhookServer.listen(webhook.tls.port, env.host)
      await new Promise<void>((resolve, reject) => {
        opened.once('listening', resolve)
        opened.once('error', reject)
      })
      log.info('Pix webhook listener started', { port: webhook.tls.port, host: env.host })
    }
    server = app.listen(env.port, env.host)
    const listening = server
    await new Promise<void>((resolve, reject) => {
      listening.once('listening', resolve)
      listening.once('error', reject)
    })
    const address = listening.address()
    const port = typeof address === 'object' && address ? address.port : env.port
    const host = env.host.includes(':') ? `[${env.host}]` : env.host
    log.info('server started', {
      url: `http://${host}:${port}`,
      baseUrl: env.baseUrl,
      mode: env.mode,
      database: handle.kind,
      demoData: env.demoData,
    })
    // Plain line for people (and scripts) starting the server by hand; a cluster's primary
    // prints it once for all its workers.
    if (options.onListening) options.onListening(`http://${host}:${port}`)
    else process.stdout.write(`Serving on http://${host}:${port}\n`)
  })()
  await startup
}

/** Stops taking connections; idle ones close now, busy ones get 2 s to finish their request. */
async function drain(listener: Server | HttpsServer): Promise<void> {
  const closed = new Promise((resolve) => listener.close(resolve))
  listener.closeIdleConnections()
  setTimeout(() => listener.closeAllConnections(), 2000).unref()
  await closed
}

/** Resolves once every one of `work` has settled, or after `ms` at the latest. */
async function settledWithin(work: Promise<unknown>[], ms: number): Promise<void> {
  if (work.length === 0) return
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    Promise.allSettled(work),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ])
  clearTimeout(timer)
}

function createApp(
  env: ServerEnv,
  options: StartOptions,
  rendering: Set<Promise<unknown>>,
  build: ServerBuild | undefined,
) {
  const app = express()
  app.disable('x-powered-by')
  // Before anything reads req.ip or req.protocol (ADR 0031).
  trustProxies(app, env.trustProxy)
  app.use(requestLog())
  // Prometheus metrics (issue 32 point 5) only when they can be read: METRICS_TOKEN set.
  const metricsToken = env.metricsToken
  if (metricsToken) app.use(requestMetrics())
  app.use(
    securityHeaders({
      https: env.baseUrl.startsWith('https:'),
      dev: env.mode !== 'production',
      // The Google button posts to our action, which redirects to the provider's sign-in page.
      formActionOrigins: env.google ? [new URL(env.google.discoveryUrl).origin] : [],
    }),
  )
  // And its own web-vitals token, for a page's beacon (issue 30 point 8).
  app.use(vitalsTokens)
  // React Router builds the request URL from the Host header: an invalid one is the client's
  // error (answered after the security headers are set, like every page).
  app.use((req, res, next) => {
    if (URL.canParse(`http://${req.headers.host ?? 'localhost'}`)) return next()
    res.status(400).type('html').send(fallbackErrorPage(400))
  })
  // No page's address holds an encoded control character (browsers drop tabs and line breaks,
  // so no link leads there), and React Router 7 throws rendering one ('/%0A' is matched as
  // '//\n', which new URL() refuses): a 404 before it is asked.
  app.use((req, res, next) => {
    if (!/%(?:[01][0-9a-f]|7f)/i.test(req.path)) return next()
    res.status(404).set('Cache-Control', 'no-store').type('html').send(fallbackErrorPage(404))
  })
  // Before the page cache and compression: never kept, never compressed (docs/metrics.md).
  if (metricsToken) app.all('/metrics', metricsEndpoint(metricsToken))
  // Public pages are kept until the next minute (the rotation's pace) or the next change the feed
  // reports, one copy per audience; never in development. Kept pages are answered here,
  // compressed already; the rest are kept after compression.
  const pageCache = options.vite
    ? undefined
    : htmlMicroCache({
        usable: publicCachesUsable,
        generation: publicCacheGeneration,
        audience: audienceOfSession,
      })
  if (pageCache) {
    // What changes on public pages shows at once, on every instance (the change feed).
    onPublicPagesChanged(() => pageCache.clear())
    app.use(pageCache.serve)
  }
  app.use(compression())

  app.get('/healthz', async (_req, res) => {
    const ok = (await databaseHandle()?.ping()) ?? false
    res.set('Cache-Control', 'no-store')
    // Without the change feed the site still answers (rendering every page): healthy, but said.
    const changeFeed = publicCachesUsable() ? 'listening' : 'lost'
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', changeFeed })
  })

  if (options.vite) {
    app.use(options.vite.middlewares)
  } else {
    const client = path.join(options.root, 'build', 'client')
    // Hashed file names: safe to cache forever.
    app.use(
      '/assets',
      express.static(path.join(client, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
        // No redirect to a folder's slash form: it would carry the static module's own CSP.
        redirect: false,
      }),
    )
    const publicFiles = express.static(client, {
      maxAge: '1h',
      index: false,
      redirect: false,
      // The service worker must be checked for updates on every visit.
      setHeaders: (res, file) => {
        if (path.basename(file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache')
      },
    })
    // Only the few files of public/ are looked for on disk, not every page's path: a file
    // system lookup per page request cost about 0.5 ms of the main thread.
    const publicNames = new Set(readdirSync(client).map((name) => `/${name}`))
    app.use((req, res, next) => {
      const slash = req.path.indexOf('/', 1)
      if (publicNames.has(slash === -1 ? req.path : req.path.slice(0, slash)))
        return publicFiles(req, res, next)
      next()
    })
  }
  app.use(
    '/media',
    mediaFiles({
      ...(env.s3
        ? { kind: 's3', storage: storageFor(env) }
        : { kind: 'local', directory: path.join(env.dataDir, 'media') }),
      // A photo is served to all only while it shows on the site (issue 30 point 3, ADR 0024).
      gate: mediaAccess,
    }),
  )

  // No form or data write from another site reaches an action, nor an oversized body.
  app.use(sameOriginWrites({ baseUrl: env.baseUrl }))
  app.use(bodyLimit(FORM_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMITS))
  // One permanent redirect from any non-canonical page address (SPEC §2, §5).
  app.use(canonicalRedirects())
  if (pageCache) app.use(pageCache.keep)

  const vite = options.vite
  const reactRouter = createRequestHandler({
    // In development the build is read again on each request, so edits show at once.
    build:
      build ??
      (() => {
        if (!vite) throw new Error('neither a production build nor a Vite server')
        return vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
      }),
    mode: env.mode,
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce),
      vitalsToken: vitalsTokenIssuer(res),
      clientIp: clientAddress(req),
      audience: typeof res.locals.audience === 'string' ? res.locals.audience : undefined,
      // Whether the institution's client certificate was verified (issue 31 point 2); asked
      // only on the webhook's addresses.
      pixWebhookVerified:
        req.path.startsWith('/webhooks/pix/') && webhookCallerVerified(req, env.pix?.webhook),
    }),
  })
  app.all('/{*path}', (req, res, next) => {
    if (metricsToken) measureRender(res)
    const work = Promise.resolve(reactRouter(req, res, next))
    rendering.add(work)
    const settle = () => rendering.delete(work)
    work.then(settle, settle)
    return work
  })
  app.use(fallbackErrorHandler)
  return app
}
