import { describe, expect, it } from 'vitest'
import { pixEndpoint, routeKind, statusClass } from '#app/domain/metrics.ts'

describe('route kinds: a fixed set, never a path', () => {
  it.each([
    ['/', 'page'],
    ['/pt/', 'page'],
    ['/pt/acompanhantes/sao-paulo', 'page'],
    ['/acompanhante/ana-1234', 'page'],
    ['/pt/acompanhantes/sao-paulo.data', 'data'],
    ['/_root.data', 'data'],
    ['/assets/entry.client-abc123.js', 'asset'],
    ['/favicon.svg', 'asset'],
    ['/sw.js', 'asset'],
    ['/media/abc-320.webp', 'media'],
    ['/api/favorites', 'api'],
    ['/api/auth/sign-in/email', 'api'],
    ['/webhooks/pix/secret', 'webhook'],
    ['/robots.txt', 'seo'],
    ['/sitemap.xml', 'seo'],
    ['/sitemaps/profiles-1.xml', 'seo'],
    ['/auth', 'auth'],
    ['/auth/two-factor', 'auth'],
    ['/sign-out', 'auth'],
    ['/dashboard/photos', 'account'],
    ['/client-dashboard', 'account'],
    ['/account/security', 'account'],
    ['/admin/verifications', 'admin'],
    ['/admin.data', 'admin'],
    ['/healthz', 'healthz'],
    ['/metrics', 'metrics'],
    ['/%0A', 'page'],
    ['/x.y/z', 'page'],
  ])('%s is %s', (path, kind) => {
    expect(routeKind(path)).toBe(kind)
  })
})

describe('status classes', () => {
  it.each([
    [200, '2xx'],
    [304, '3xx'],
    [404, '4xx'],
    [503, '5xx'],
    [0, 'other'],
    [999, 'other'],
  ])('%i is %s', (status, label) => {
    expect(statusClass(status)).toBe(label)
  })
})

describe('Pix endpoints: templates, never ids', () => {
  const api = 'https://pix.example.com/api/v2'
  const token = 'https://pix.example.com/oauth/token'
  it.each([
    ['PUT', `${api}/cob/abcdefghijklmnopqrstuvwxyz123`, 'PUT /cob/{txid}'],
    ['GET', `${api}/cob/abcdefghijklmnopqrstuvwxyz123`, 'GET /cob/{txid}'],
    ['GET', `${api}/pix/E12345678202611271234abcdefghij`, 'GET /pix/{e2eid}'],
    ['GET', `${api}/pix?inicio=2026-01-01T00:00:00Z&fim=x`, 'GET /pix'],
    ['PUT', `${api}/pix/E123/devolucao/D1`, 'PUT /pix/{e2eid}/devolucao/{id}'],
    ['PUT', `${api}/webhook/chave%40example.com`, 'PUT /webhook/{chave}'],
    ['PUT', 'https://efi.example.com/v3/gn/pix/P123', 'PUT /v3/gn/pix/{idEnvio}'],
    [
      'GET',
      'https://efi.example.com/v2/gn/pix/enviados/id-envio/P123',
      'GET /v2/gn/pix/enviados/id-envio/{idEnvio}',
    ],
    ['POST', token, 'POST token'],
    ['GET', `${api}/loc/9`, 'GET other'],
    ['GET', 'not a url', 'GET other'],
  ])('%s %s is %s', (method, url, endpoint) => {
    expect(pixEndpoint(method, url, token)).toBe(endpoint)
  })
})
