// The compiled CLI (a fast CLI): `npm ci` builds dist/ through `prepare`, and bin/pbem.js
// runs it without a TypeScript compiler. This builds dist/ from the sources as they are and runs
// real commands through it: help, the data packs, a game created and read back.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPath } from '../../src/util/resources.ts'

let dir: string
const env = () => {
  const e: NodeJS.ProcessEnv = { ...process.env, PBEM_DATA_DIR: dir }
  delete e.PBEM_FROM_SOURCE
  return e
}
const pbem = (...args: string[]) =>
  execFileSync(process.execPath, [projectPath('bin', 'pbem.js'), ...args], { env: env(), encoding: 'utf8' })

beforeAll(() => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: projectPath(), stdio: 'pipe' })
  dir = mkdtempSync(join(tmpdir(), 'pbem-compiled-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the compiled pbem', () => {
  it('runs from dist/ and prints its help', () => {
    expect(pbem('--help')).toMatch(/Usage: pbem \[options\] \[command\]/)
  })

  it('reads its data packs, templates and migrations from the project, creates a game and shows it', () => {
    expect(pbem('data', 'check')).toMatch(/sea-devils/)
    const created = pbem(
      'game',
      'create',
      'cmp1',
      '--ruleset',
      'sea-devils',
      '--scenario',
      'weak-beginning',
      '--player',
      'federal=fed@example.test',
      '--player',
      'confederate=reb@example.test',
    )
    expect(created).toMatch(/cmp1/)
    expect(pbem('game', 'status', 'cmp1')).toMatch(/Awaiting: /)
  })
})
