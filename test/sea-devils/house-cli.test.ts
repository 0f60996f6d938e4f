// House seats from the command line: `pbem game create --player <role>=house:<level>` seats the
// judge, which files that side's orders at once; `pbem player replace` hands a seat to the house and
// back to a person, who gets a new key.
import { describe, expect, it } from 'vitest'
import { cliSandbox } from '../helpers/cli.ts'

const { pbem } = cliSandbox('pbem-house-')

describe('house seats by the command line', () => {
  it('creates a game with a house Confederate, replaces the Federal by the house and back', () => {
    const made = pbem(
      'game',
      'create',
      'solo',
      '--ruleset',
      'sea-devils',
      '--scenario',
      'weak-beginning',
      '--player',
      'federal=me@example.org',
      '--player',
      'confederate=house:standard',
    )
    expect(made.status, made.stderr).toBe(0)
    expect(made.stdout).toMatch(/confederate: played by the house \(standard\)/)
    expect(made.stdout).toMatch(/federal: key \S+, reply address orders\+solo\.federal\./)
    const status = pbem('game', 'status', 'solo')
    expect(status.status, status.stderr).toBe(0)
    expect(status.stdout).toMatch(/Orders on file: confederate \(solo\/1\/confederate-1\)/)
    const bad = pbem('player', 'replace', 'solo', 'federal', 'house:reckless')
    expect(bad.status).not.toBe(0)
    expect(bad.stderr).toMatch(/house:cautious or house:standard/)
    const toHouse = pbem('player', 'replace', 'solo', 'federal', 'house:cautious')
    expect(toHouse.status, toHouse.stderr).toBe(0)
    expect(toHouse.stdout).toMatch(/solo federal: now played by the house \(cautious\)/)
    expect(pbem('game', 'status', 'solo').stdout).toMatch(/Orders on file: .*federal \(solo\/1\/federal-1\)/)
    const back = pbem('player', 'replace', 'solo', 'federal', 'back@example.org')
    expect(back.status, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/solo federal: now back@example.org, key \S+ \(mailed\)/)
  })
})
