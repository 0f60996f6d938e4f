// `pbem check` reads an Infernal Machine order file as intake reads a mail: DECIDE lines are
// answers, checked against the questions waiting; the rest is the orders, checked on receipt.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pbem-im-check-'))
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
    'im1',
    '--ruleset',
    'infernal-machine',
    '--scenario',
    'campaign-csa',
    '--player',
    'captain=cap@example.test:Cap',
  )
  expect(r.status, r.stdout + r.stderr).toBe(0)
})

function check(name: string, text: string) {
  const file = join(dir, name)
  writeFileSync(file, text)
  return pbem('check', 'im1', 'captain', file)
}

describe('pbem check on an Infernal Machine game', () => {
  it('a DECIDE line is read as an answer, not as an order; the orders beside it are checked', () => {
    const r = check('decide.txt', 'DECIDE SPRING-1861-SHIFT keep\nINVESTOR DOE\n')
    expect(r.stdout).toContain('ERROR   DECIDE: no decision SPRING-1861-SHIFT is waiting')
    expect(r.stdout).toContain('ok      INVESTOR doe')
    expect(r.stdout).not.toContain('unknown order DECIDE')
    expect(r.status).toBe(1)
  })

  it('a mail opening with a mail command files no orders, and check says so', () => {
    const r = check('status.txt', 'STATUS\nBUILD nonsense\n')
    expect(r.stdout).toContain('command STATUS: no orders in it')
    expect(r.status).toBe(0)
  })

  it('a Build with a tile the boat will not have is refused as intake refuses it', () => {
    const r = check('build.txt', 'BUILD needle-prow hatch@3\n')
    expect(r.stdout).toContain("there is no tile 3; after this Build the boat's tiles are 0 needle-prow")
    expect(r.status).toBe(1)
  })
})
