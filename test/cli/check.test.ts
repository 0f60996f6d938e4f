// `pbem check` reads an order file as mail intake reads a body ("Replies that never
// mislead"): greetings, closings and a bare signature name are left out by both alike.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pbem-check-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const pbem = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/pbem.js', '--data', dir, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PBEM_DATA_DIR: dir, PBEM_CONFIG: '' },
  })

beforeAll(() => {
  const r = pbem(
    'game',
    'create',
    'g1',
    '--ruleset',
    'sea-devils',
    '--scenario',
    'weak-beginning',
    '--player',
    'federal=fed@example.test:Fed',
    '--player',
    'confederate=reb@example.test:Reb',
  )
  expect(r.status, r.stdout + r.stderr).toBe(0)
})

function check(name: string, text: string) {
  const file = join(dir, name)
  writeFileSync(file, text)
  return pbem('game', 'check', 'g1', 'confederate', file)
}

describe('pbem check reads the file as the mail intake does', () => {
  it('a greeting, a closing word and a bare signature name are left out, and it says so', () => {
    const r = check('polite.txt', 'Hi,\n\nSUM: STAY\n\nBob\n')
    expect(r.status, r.stdout + r.stderr).toBe(0)
    expect(r.stdout).toContain('these orders would be accepted')
    expect(r.stdout).toContain('read    reading stopped at the signature "Bob" (line 5)')
    const regards = check('regards.txt', 'SUM: STAY\n\nRegards,\nBob\n')
    expect(regards.status, regards.stdout).toBe(0)
    expect(regards.stdout).toMatch(/read {4}reading stopped at the closing "Regards,"/)
  })

  it('quoted text under the orders is not checked', () => {
    const r = check('reply.txt', 'SUM: STAY\n\nOn Mon, 2 Mar 2026, judge wrote:\n> SUM: FLY AWAY\n')
    expect(r.status, r.stdout).toBe(0)
    expect(r.stdout).not.toContain('FLY')
  })

  it('a real error is still an error', () => {
    const r = check('bad.txt', 'SUM: SWIM\n')
    expect(r.status).toBe(1)
    expect(r.stdout).toContain('would be rejected')
  })
})
