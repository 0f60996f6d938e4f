// The command line refuses values that would feed the clock or the schedule nonsense: each refusal
// names the value and exits 1, and nothing is recorded.
import { describe, expect, it } from 'vitest'
import { cliSandbox } from '../helpers/cli.ts'

const { pbem } = cliSandbox('pbem-validation-')

const create = (...extra: string[]) =>
  pbem(
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
    ...extra,
  )

function refused(r: ReturnType<typeof pbem>, message: string | RegExp) {
  expect(r.status, r.stdout + r.stderr).toBe(1)
  if (typeof message === 'string') expect(r.stderr).toContain(message)
  else expect(r.stderr).toMatch(message)
}

describe('pbem command-line input', () => {
  it('game create: bad deadline hours, roles, addresses and zones are refused with their reason', () => {
    refused(create('--deadline-hours', 'abc'), 'deadline hours must be a number from 1 to 2160 (90 days), not "abc"')
    refused(create('--deadline-hours', '0'), 'not "0"')
    refused(create('--deadline-hours=-1'), 'not "-1"')
    refused(
      create('--player', 'union=u@example.test'),
      'unknown role "union": Sea Devils has the roles federal, confederate',
    )
    refused(create('--player', 'federal=other@example.test'), 'role federal is given twice')
    refused(
      pbem(
        'game',
        'create',
        'g1',
        '--ruleset',
        'sea-devils',
        '--scenario',
        'weak-beginning',
        '--player',
        'federal=fed@example.test\nBcc:x@example.test',
        '--player',
        'confederate=reb@example.test',
      ),
      'is not a mail address: it holds a line break or control character',
    )
    refused(
      create('--zone', 'Mars/Olympus'),
      'unknown time zone "Mars/Olympus" (use an IANA name such as America/New_York',
    )
    expect(pbem('game', 'list').stdout).toBe('')
  })

  it('schedule try names an unknown zone instead of printing "Invalid DateTime"', () => {
    const r = pbem('schedule', 'try', '72h', '--zone', 'Mars/Olympus')
    refused(r, 'unknown time zone "Mars/Olympus" (use an IANA name such as America/New_York')
    expect(r.stdout).not.toContain('Invalid DateTime')
    refused(pbem('schedule', 'try', 'Fri 18:00 Mars/Olympus'), 'unknown time zone "Mars/Olympus"')
    refused(pbem('schedule', 'try', '72h', '--count', 'many'), '--count takes a whole number')
  })

  it('tick refuses a --now earlier than the last recorded tick, and one it cannot read', () => {
    expect(create().status).toBe(0)
    const first = pbem('tick', '--now', '2026-03-06T18:00Z')
    expect(first.status, first.stderr).toBe(0)
    refused(
      pbem('tick', '--now', '1899-01-01T00:00Z'),
      '--now 1899-01-01T00:00:00.000Z is earlier than the last recorded tick 2026-03-06T18:00:00.000Z',
    )
    refused(pbem('tick', '--now', 'yesterday'), '--now takes an instant such as 2026-03-06T18:00Z')
    const later = pbem('tick', '--now', '2026-03-06T18:05Z')
    expect(later.status, later.stderr).toBe(0)
    expect(later.stdout).not.toMatch(/outage/)
  })

  it('resume and extend take a positive number of hours', () => {
    expect(pbem('game', 'pause', 'g1', '--reason', 'test').status).toBe(0)
    refused(
      pbem('resume', 'g1', '--hours', 'abc'),
      '--hours takes a number of hours above 0 and at most 2160, not "abc"',
    )
    refused(pbem('resume', 'g1', '--hours', '0'), 'not "0"')
    refused(pbem('extend', 'g1', 'NaN'), 'extend <hours> takes a number of hours above 0 and at most 1440, not "NaN"')
  })
})
