// The standby house from the command line: `pbem game create --standby house:<level>` and
// `pbem game standby <id> house:<level>|off`; `game status` says whether a game has one.
import { describe, expect, it } from 'vitest'
import { cliSandbox } from '../helpers/cli.ts'

const { pbem } = cliSandbox('pbem-standby-')

describe('the standby house by the command line', () => {
  it('is set at creation, shown by status, changed and cleared, and a level the judge lacks is refused', () => {
    const made = pbem(
      'game',
      'create',
      'sb',
      '--ruleset',
      'sea-devils',
      '--scenario',
      'weak-beginning',
      '--player',
      'federal=fed@example.org',
      '--player',
      'confederate=reb@example.org',
      '--standby',
      'house:cautious',
    )
    expect(made.status, made.stderr).toBe(0)
    expect(pbem('game', 'status', 'sb').stdout).toMatch(/Standby: the house \(cautious\)/)
    const bad = pbem('game', 'standby', 'sb', 'house:reckless')
    expect(bad.status).not.toBe(0)
    expect(bad.stderr).toMatch(/house:cautious or house:standard/)
    const standard = pbem('game', 'standby', 'sb', 'house:standard')
    expect(standard.status, standard.stderr).toBe(0)
    expect(pbem('game', 'status', 'sb').stdout).toMatch(/Standby: the house \(standard\)/)
    const off = pbem('game', 'standby', 'sb', 'off')
    expect(off.status, off.stderr).toBe(0)
    expect(off.stdout).toMatch(/Game sb: no standby/)
    expect(pbem('game', 'status', 'sb').stdout).not.toMatch(/Standby:/)
  })
})
