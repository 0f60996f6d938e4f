// `pbem check` answers what the acknowledgement answers: DECIDE lines are read as answers (refused
// here, as the intake refuses them, when no such question waits), a refused set echoes nothing as
// "ok", and a long line is counted in characters as a person counts them.
import { beforeAll, describe, expect, it } from 'vitest'
import { cliSandbox } from '../helpers/cli.ts'

const { pbem, check: checkIn } = cliSandbox('pbem-check-')

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

const check = (name: string, text: string) => checkIn('g1', 'confederate', name, text)

describe('pbem check gives the acknowledgement verdicts', () => {
  it('a DECIDE line is an answer, judged as the intake judges it, and the orders beside it are checked apart', () => {
    const r = check('decide.txt', 'SUM: STAY\nDECIDE Q-9 YES\n')
    expect(r.stdout).toContain('ERROR   DECIDE: no decision Q-9 is waiting for your answer')
    expect(r.stdout).toContain('ok      SUM: STAY')
    expect(r.stdout).toContain('these orders would be accepted')
    expect(r.status).toBe(1)
  })

  it('a refused set shows no line as "ok": nothing of it would be filed', () => {
    const r = check('mixed.txt', 'SUM: STAY\nSUM: SWIM\n')
    expect(r.stdout).toContain('would be rejected')
    expect(r.stdout).not.toMatch(/^ok /m)
    expect(r.status).toBe(1)
  })

  it('a line of 999 four-byte characters is within the limit; 1,001 are over it, and so counted', () => {
    const fine = check('wide.txt', `SUM: STAY\n# ${'𝔸'.repeat(997)}\n`)
    expect(fine.stdout, fine.stdout).toContain('these orders would be accepted')
    const over = check('wider.txt', `SUM: STAY\n# ${'𝔸'.repeat(999)}\n`)
    expect(over.stdout).toContain('this line is 1,001 characters long')
  })
})
