import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

// Issue 32 point 6: the README is an entry point an operator can trust. It stays short, every
// link in it leads somewhere, every command it shows is one that a test or CI runs, and the
// Node.js versions package.json accepts are ones every installed package accepts too.

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const readme = read('README.md')

/**
 * Where each command the README shows is run: a file and the text in it that runs it. A command
 * added to the README without a test that runs it fails here.
 */
const RUN_BY: Record<string, { file: string; runs: string }> = {
  'npm install': { file: '.ci/run', runs: 'npm install' },
  'npm test': { file: '.ci/run', runs: 'npm test' },
  'npm start': { file: 'tests/e2e/server-lifecycle.spec.ts', runs: "'npm', ['start']" },
  // scale-out.spec creates its admin with createAdmin, which runs the script.
  'npm run admin:create': {
    file: 'tests/support/browser/storage-query.ts',
    runs: 'scripts/admin-create.mjs',
  },
  'npm run sandbox': { file: 'tests/e2e/sandbox.spec.ts', runs: "'npm', ['run', 'sandbox']" },
  // The restore drill runs the scripts package.json's `backup` and `restore` name.
  'npm run backup': { file: 'tests/e2e/backup.spec.ts', runs: "'scripts/backup.mjs', '--to'" },
  'npm run restore': { file: 'tests/e2e/backup.spec.ts', runs: "'scripts/restore.mjs', '--from'" },
}

/** The commands of the README's shell blocks, each reduced to `npm x` or `npm run x`. */
function shownCommands(): string[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
  const commands = new Set<string>()
  for (const line of blocks.join('\n').split('\n')) {
    const command = line.replace(/#.*$/, '').trim()
    if (!command) continue
    const npm = /^(?:[A-Z_]+=\S+\s+)*(npm (?:run \S+|\S+))/.exec(command)
    commands.add(npm?.[1] ?? command)
  }
  return [...commands]
}

describe('the README', () => {
  it('is an entry point, not a journal: at most about 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(260)
    expect(readme).not.toMatch(/Measured (again )?on 20\d\d/)
  })

  it('links only to files and folders that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1])
    const local = links.filter((link): link is string => !!link && !/^[a-z]+:/.test(link))
    expect(local.length).toBeGreaterThan(5)
    for (const link of local) expect(existsSync(path.join(root, link)), link).toBe(true)
  })

  it('shows only commands that a test or CI runs', () => {
    const commands = shownCommands()
    expect(commands).toContain('npm start')
    for (const command of commands) {
      const runner = RUN_BY[command]
      expect(runner, `no test or CI step runs '${command}' (add it to RUN_BY)`).toBeDefined()
      if (runner)
        expect(read(runner.file), `${runner.file} runs '${command}'`).toContain(runner.runs)
    }
  })

  it('names every script it shows as one package.json has', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>
    for (const match of readme.matchAll(/npm run ([a-z0-9:-]+)/g)) {
      expect(scripts, match[0]).toHaveProperty(match[1] ?? '')
    }
  })
})

describe('engines', () => {
  const ours = JSON.parse(read('package.json')).engines.node as string
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>
  }

  it('says the README’s Node.js version', () => {
    const oldest = semver.minVersion(ours)?.version
    expect(oldest).toBe('20.19.0')
    expect(readme).toContain('Node.js 20.19 or newer in the 20 line, 22.13 or newer in the 22 line')
  })

  it('accepts only Node.js versions every installed package accepts', () => {
    // The first version of each major line we accept: where a package's floor would bite.
    const floors = ours.split('||').map((range) => semver.minVersion(range.trim())?.version)
    expect(floors.length).toBeGreaterThan(1)
    const refused: string[] = []
    for (const [name, entry] of Object.entries(lock.packages)) {
      // Optional platform builds (a WebAssembly fallback of a native package) are skipped by
      // npm where they do not fit.
      if (!name || entry.optional || Array.isArray(entry.engines)) continue
      const range = entry.engines?.node
      if (!range) continue
      for (const floor of floors) {
        if (floor && !semver.satisfies(floor, range)) refused.push(`${name} (${range}) on ${floor}`)
      }
    }
    expect(refused).toEqual([])
  })
})
