// `pbem tick` is one pass that does what is due: orders read from the inbox in that pass make an
// early-processing game due at once, and it is resolved in the same pass, not at a second one.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultDemo } from '../../src/games/index.ts'
import { cliSandbox } from '../helpers/cli.ts'

const { dir, pbem } = cliSandbox('pbem-tick-')

describe('pbem tick', () => {
  it('resolves in the same pass a game whose last orders that pass read from the inbox', () => {
    const demo = defaultDemo()
    const created = pbem(
      'game',
      'create',
      'g1',
      '--ruleset',
      'sea-devils',
      '--scenario',
      demo.scenario,
      ...demo.players.flatMap((p) => ['--player', `${p.role}=${p.address}`]),
    )
    expect(created.status, created.stderr).toBe(0)
    // The demo's first order mails, addressed to this game with its keys.
    const written = new Date(Date.now() - 120_000)
    for (const p of demo.players) {
      const key = pbem('player', 'key', 'g1', p.role).stdout.split(/\s+/)[0]!
      const mail = readFileSync(join(demo.mails, `p1-${p.role}.eml`), 'utf8')
        .replaceAll(demo.gameId, 'g1')
        .replace(/KEY [0-9a-f]+/, `KEY ${key}`)
        .replace(/^To: .*$/m, `To: orders+g1.${p.role}.${key}@judge.localhost`)
      const file = join(dir, 'inbox', `p1-${p.role}.eml`)
      writeFileSync(file, mail)
      utimesSync(file, written, written)
    }
    const pass = pbem('tick')
    expect(pass.status, pass.stderr).toBe(0)
    expect(pass.stdout).toContain('g1: resolution (early)')
    expect(pass.stdout).toMatch(/2 mail\(s\) read, 1 game\(s\) adjudicated/)
    expect(pbem('game', 'status', 'g1').stdout).toContain('GT2')
  })
})
