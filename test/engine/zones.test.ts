// Every place a zone is taken from a person refuses an unknown one by name, the same way, instead
// of printing "Invalid DateTime" or a message that does not say what to write.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatInstant, parseRule } from '../../src/engine/clock/calendar.ts'
import { normaliseRule } from '../../src/engine/clock/schedule.ts'
import { runModeratorCommand } from '../../src/mail/moderator.ts'
import { readEvents, type TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureGameAsync, readAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'
import { inbound, MOD } from '../schedule/helpers.ts'

const UNKNOWN = 'unknown time zone "Mars/Olympus" (use an IANA name such as America/New_York, Europe/Paris or UTC)'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  // The game made and the calls run as the commands and the intake run them, on the async handle.
  beforeEach(async () => {
    app = await testAppAsync('test', { database: engine.app() })
    await createFixtureGameAsync(app)
  })
  const eventsOf = async (type: string) => (await readEvents(app, 'game:fx1')).filter((e) => e.type === type)
  afterEach(() => app.cleanup())

  const moderatorMail = async (line: string) => {
    const key = await readAsync(app, ['fx1'], (j) => j.keyFor('fx1', 'moderator'))
    const body = ['GAME fx1 MODERATOR', `KEY ${key}`, line].join('\n')
    const r = await callsAsync(app, 'fx1', (j) =>
      runModeratorCommand({
        judge: j,
        db: j.o.db,
        outbox: j.o.outbox,
        clock: app.clock,
        mail: inbound(MOD, body),
        game: 'fx1',
        body,
        key: null,
      }),
    )
    return r.lines.join('\n')
  }

  describe('unknown zones', () => {
    it('in a rule, a schedule and a stored rule', async () => {
      expect(() => parseRule('Fri 18:00 Mars/Olympus')).toThrow(UNKNOWN)
      await expect(callsAsync(app, 'fx1', (j) => j.setSchedule('fx1', { zone: 'Mars/Olympus' }))).rejects.toThrow(
        UNKNOWN,
      )
      expect(() => normaliseRule({ hours: 72, zone: 'Mars/Olympus' })).toThrow(UNKNOWN)
      expect(await eventsOf('ScheduleSet')).toHaveLength(0)
    })

    it('when an instant is shown in it', () => {
      expect(() => formatInstant('2026-03-05T12:00:00.000Z', 'Mars/Olympus')).toThrow(UNKNOWN)
      expect(() => formatInstant('2026-03-05T12:00:00.000Z', 'UTC', 'Mars/Olympus')).toThrow(UNKNOWN)
      expect(formatInstant('2026-03-05T12:00:00.000Z', 'America/New_York')).toBe(
        '2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York)',
      )
    })

    it('by mail: the moderator SET ZONE and SCHEDULE, the player SET ZONE', async () => {
      expect(await moderatorMail('SET ZONE Mars/Olympus')).toContain(UNKNOWN)
      expect(await moderatorMail('SCHEDULE activity Fridays 18:00 Mars/Olympus')).toContain(UNKNOWN)
      expect(await callsAsync(app, 'fx1', (j) => j.setPlayerZone('fx1', 'solo', 'Mars/Olympus'))).toMatchObject({
        ok: false,
        error: expect.stringContaining('"Mars/Olympus" is not a time zone'),
      })
      expect(await eventsOf('ScheduleSet')).toHaveLength(0)
      expect(await eventsOf('PlayerZoneSet')).toHaveLength(0)
    })
  })
})
