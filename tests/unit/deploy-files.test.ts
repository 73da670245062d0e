import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/platform/env.server.ts'

// The files an operator copies from deploy/ (issue 32 points 3 and 6) agree with the site: the
// environment example parses as it is, names only variables the README's table documents, and
// the systemd unit lets the service write where the example says it writes.

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const example = read('deploy/aprova.env.example')
const unit = read('deploy/systemd/aprova.service')

/** `NAME=value` lines, set (`active`) or commented out (`#NAME=`). */
function variables(text: string) {
  const found: { name: string; value: string; active: boolean }[] = []
  for (const line of text.split('\n')) {
    const match = /^(#?)([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
    if (match) found.push({ active: match[1] === '', name: match[2] ?? '', value: match[3] ?? '' })
  }
  return found
}

describe('deploy/aprova.env.example', () => {
  it('parses as the production site would read it', () => {
    const active = Object.fromEntries(
      variables(example)
        .filter((variable) => variable.active)
        .map((variable) => [variable.name, variable.value]),
    )
    expect(active).toMatchObject({ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' })
    const env = parseEnv(
      { ...active, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'aprova-deploy-')) },
      'production',
    )
    expect(env.trustProxy).toBeDefined()
    expect(env.baseUrl.startsWith('https://')).toBe(true)
  })

  it('names only variables the README documents, the backup and metrics ones among them', () => {
    const readme = read('README.md')
    const names = variables(example).map((variable) => variable.name)
    for (const name of ['BACKUP_DIR', 'BACKUP_KEEP', 'METRICS_TOKEN', 'TRUST_PROXY']) {
      expect(names).toContain(name)
    }
    for (const name of names) expect(readme, name).toContain(`\`${name}\``)
  })

  it('uses folders the systemd unit lets the service write', () => {
    const writable = [...unit.matchAll(/^ReadWritePaths=-?(\S+)$/gm)].map((match) => match[1])
    for (const { name, value } of variables(example)) {
      if (name === 'DATA_DIR' || name === 'BACKUP_DIR') expect(writable, name).toContain(value)
    }
    expect(unit).toMatch(/^UMask=0077$/m)
  })
})
