// The compiled CLI (a fast CLI): `npm ci` builds dist/ through `prepare`, and bin/pbem.js
// runs it without a TypeScript compiler. This builds dist/ from the sources as they are and runs
// real commands through it: help, the data packs, a game created and read back.
import { execFileSync } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import { cliSandbox, ROOT } from '../helpers/cli.ts'

// Without PBEM_FROM_SOURCE=1 bin/pbem.js runs the build; PBEM_DATA_DIR alone says where the data is.
const { run } = cliSandbox('pbem-compiled-')
const pbem = (...args: string[]) => {
  const r = run({ data: null, env: { PBEM_FROM_SOURCE: '' } }, ...args)
  expect(r.status, r.stderr).toBe(0)
  return r.stdout
}

beforeAll(() => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'pipe' })
})

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
