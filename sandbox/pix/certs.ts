import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { WebhookTls } from '#sandbox/pix/wire.ts'

// Certificates for the local Pix server's mutual TLS, made fresh for each run with the openssl
// CLI (no npm package): a PSP's API admits only clients holding a certificate it issued, so the
// test server does the same with a throwaway CA, and a second CA it does not trust gives a
// "stranger" certificate that must be refused. All valid for one day only.

// On the PATH unless OPENSSL_PATH says where (the sandbox checks it is there first).
const OPENSSL = process.env.OPENSSL_PATH ?? 'openssl'
const run = promisify(execFile)

export interface PixCertificates {
  /** The temporary directory holding every file below. */
  dir: string
  /** The test CA (PEM) the server trusts for clients and the client trusts for the server. */
  caFile: string
  /** The server's certificate for 127.0.0.1 / localhost, signed by the test CA. */
  serverCertFile: string
  serverKeyFile: string
  /** The site's client certificate (CN=aprova-test-client), signed by the test CA. */
  clientCertFile: string
  clientKeyFile: string
  /** The same client certificate and key as a PKCS#12 bundle, as PSPs usually hand them out. */
  pfxFile: string
  pfxPassphrase: string
  /** A client certificate signed by another CA, which the server must refuse. */
  strangerCertFile: string
  strangerKeyFile: string
  /**
   * The authority that signs the institution's webhook client certificate (the site's
   * PIX_WEBHOOK_CA): the institution's own, apart from the API's, as Efí's is.
   */
  webhookCaFile: string
  /** The institution's client certificate for its webhook calls (CN=pix-webhook-client). */
  webhookClientCertFile: string
  webhookClientKeyFile: string
  /**
   * The site's server certificate for its own webhook listener (PIX_WEBHOOK_TLS_CERT), for
   * 127.0.0.1 / localhost, signed by the test CA the institution trusts for servers.
   */
  siteCertFile: string
  siteKeyFile: string
  /** Deletes the directory. */
  remove(): Promise<void>
}

interface Issuer {
  certFile: string
  keyFile: string
}

/**
 * A new RSA key and a certificate for `subject`: self-signed when no issuer is given, otherwise
 * signed by it. One openssl call (`req -x509 -CA`, OpenSSL 3.0+) per certificate.
 */
async function issue(
  dir: string,
  name: string,
  subject: string,
  extensions: string[],
  issuer?: Issuer,
): Promise<Issuer> {
  const certFile = path.join(dir, `${name}.crt`)
  const keyFile = path.join(dir, `${name}.key`)
  const signing = issuer ? ['-CA', issuer.certFile, '-CAkey', issuer.keyFile] : []
  await run(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-noenc',
    '-days',
    '1',
    '-subj',
    subject,
    '-keyout',
    keyFile,
    '-out',
    certFile,
    ...signing,
    ...extensions.flatMap((extension) => ['-addext', extension]),
  ])
  return { certFile, keyFile }
}

const CA_EXTENSIONS = ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign']
const CLIENT_EXTENSIONS = ['basicConstraints=critical,CA:FALSE', 'extendedKeyUsage=clientAuth']
const SERVER_EXTENSIONS = [
  'basicConstraints=critical,CA:FALSE',
  'extendedKeyUsage=serverAuth',
  'subjectAltName=IP:127.0.0.1,DNS:localhost',
]

/**
 * Makes the test CA, server, client (PEM and PKCS#12) and stranger certificates in `dir`, and
 * the webhook's: the institution's webhook CA and client certificate, the site's listener's.
 */
export async function makePixCertificates(dir?: string): Promise<PixCertificates> {
  const directory = dir ?? (await mkdtemp(path.join(tmpdir(), 'aprova-pix-certs-')))
  // Independent steps run side by side: two key generations at a time instead of six in a row.
  const [ca, strangerCa, webhookCa] = await Promise.all([
    issue(directory, 'ca', '/CN=Aprova Test Pix CA', CA_EXTENSIONS),
    issue(directory, 'stranger-ca', '/CN=Untrusted Test CA', CA_EXTENSIONS),
    issue(directory, 'webhook-ca', '/CN=Test Pix Webhook CA', CA_EXTENSIONS),
  ])
  const [server, client, stranger, webhookClient, site] = await Promise.all([
    issue(directory, 'server', '/CN=127.0.0.1', SERVER_EXTENSIONS, ca),
    issue(directory, 'client', '/CN=aprova-test-client', CLIENT_EXTENSIONS, ca),
    issue(directory, 'stranger', '/CN=aprova-test-client', CLIENT_EXTENSIONS, strangerCa),
    issue(directory, 'webhook-client', '/CN=pix-webhook-client', CLIENT_EXTENSIONS, webhookCa),
    issue(directory, 'site', '/CN=127.0.0.1', SERVER_EXTENSIONS, ca),
  ])
  const pfxFile = path.join(directory, 'client.p12')
  const pfxPassphrase = randomBytes(12).toString('hex')
  // OpenSSL 3's default PKCS#12 encryption (AES-256-CBC, PBKDF2) is what Node 20 reads.
  await run(OPENSSL, [
    'pkcs12',
    '-export',
    '-in',
    client.certFile,
    '-inkey',
    client.keyFile,
    '-certfile',
    ca.certFile,
    '-out',
    pfxFile,
    '-passout',
    `pass:${pfxPassphrase}`,
  ])
  return {
    dir: directory,
    caFile: ca.certFile,
    serverCertFile: server.certFile,
    serverKeyFile: server.keyFile,
    clientCertFile: client.certFile,
    clientKeyFile: client.keyFile,
    pfxFile,
    pfxPassphrase,
    strangerCertFile: stranger.certFile,
    strangerKeyFile: stranger.keyFile,
    webhookCaFile: webhookCa.certFile,
    webhookClientCertFile: webhookClient.certFile,
    webhookClientKeyFile: webhookClient.keyFile,
    siteCertFile: site.certFile,
    siteKeyFile: site.keyFile,
    remove: () => rm(directory, { recursive: true, force: true }),
  }
}

/**
 * Fresh certificates, read: the server's own (with the test CA), and the webhook client's
 * (what the institution shows when it calls the site, and a stranger's for the tests that the
 * site refuses it).
 */
export async function readPixCertificates(): Promise<{
  certificates: PixCertificates
  ca: Buffer
  cert: Buffer
  key: Buffer
  webhookTls: WebhookTls
}> {
  const certificates = await makePixCertificates()
  const [ca, cert, key, webhookCert, webhookKey, strangerCert, strangerKey] = await Promise.all([
    readFile(certificates.caFile),
    readFile(certificates.serverCertFile),
    readFile(certificates.serverKeyFile),
    readFile(certificates.webhookClientCertFile),
    readFile(certificates.webhookClientKeyFile),
    readFile(certificates.strangerCertFile),
    readFile(certificates.strangerKeyFile),
  ])
  const webhookTls: WebhookTls = {
    ca,
    certificates: {
      institution: { cert: webhookCert, key: webhookKey },
      stranger: { cert: strangerCert, key: strangerKey },
    },
  }
  return { certificates, ca, cert, key, webhookTls }
}
