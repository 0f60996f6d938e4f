// Every place a zone is taken from a person refuses an unknown one by name, the same way, instead
// of printing "Invalid DateTime" or a message that does not say what to write.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatInstant, parseRule } from '../../src/engine/clock/calendar.ts'
import { normaliseRule } from '../../src/engine/clock/schedule.ts'
import { runModeratorCommand } from '../../src/mail/moderator.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureGame, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { eventsOf, inbound, MOD } from '../schedule/helpers.ts'

const UNKNOWN = 'unknown time zone "Mars/Olympus" (use an IANA name such as America/New_York, Europe/Paris or UTC)'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
    createFixtureGame(app)
  })
  afterEach(() => app.cleanup())

  const moderatorMail = (line: string) => {
    const body = ['GAME fx1 MODERATOR', `KEY ${app.judge.keyFor('fx1', 'moderator')}`, line].join('\n')
    return runModeratorCommand({
      judge: app.judge,
      db: app.db,
      outbox: sqliteOutbox(app.db, app.clock),
      clock: app.clock,
      mail: inbound(MOD, body),
      game: 'fx1',
      body,
      key: null,
    }).lines.join('\n')
  }

  describe('unknown zones', () => {
    it('in a rule, a schedule and a stored rule', () => {
      expect(() => parseRule('Fri 18:00 Mars/Olympus')).toThrow(UNKNOWN)
      expect(() => app.judge.setSchedule('fx1', { zone: 'Mars/Olympus' })).toThrow(UNKNOWN)
      expect(() => normaliseRule({ hours: 72, zone: 'Mars/Olympus' })).toThrow(UNKNOWN)
      expect(eventsOf(app, 'ScheduleSet', 'fx1')).toHaveLength(0)
    })

    it('when an instant is shown in it', () => {
      expect(() => formatInstant('2026-03-05T12:00:00.000Z', 'Mars/Olympus')).toThrow(UNKNOWN)
      expect(() => formatInstant('2026-03-05T12:00:00.000Z', 'UTC', 'Mars/Olympus')).toThrow(UNKNOWN)
      expect(formatInstant('2026-03-05T12:00:00.000Z', 'America/New_York')).toBe(
        '2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York)',
      )
    })

    it('by mail: the moderator SET ZONE and SCHEDULE, the player SET ZONE', () => {
      expect(moderatorMail('SET ZONE Mars/Olympus')).toContain(UNKNOWN)
      expect(moderatorMail('SCHEDULE activity Fridays 18:00 Mars/Olympus')).toContain(UNKNOWN)
      expect(app.judge.setPlayerZone('fx1', 'solo', 'Mars/Olympus')).toMatchObject({
        ok: false,
        error: expect.stringContaining('"Mars/Olympus" is not a time zone'),
      })
      expect(eventsOf(app, 'ScheduleSet', 'fx1')).toHaveLength(0)
      expect(eventsOf(app, 'PlayerZoneSet', 'fx1')).toHaveLength(0)
    })
  })
})
