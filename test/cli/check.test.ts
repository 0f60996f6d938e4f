// `pbem check` reads an order file as mail intake reads a body ("Replies that never
// mislead"): greetings, closings and a bare signature name are left out by both alike.
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
