// Moderator controls: the engine calls (pause, resume, extend, deadline, replace, eject, preview,
// force) and the same by mail through src/mail/moderator.ts with the moderator key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PointMovedError } from '../../src/engine/judge.ts'
import { runModeratorCommand } from '../../src/mail/moderator.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createWeakBeginning, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'
import { eventsOf, FED, HOUR, inbound, lastMailId, mailsSince, MOD, REB, START, tickAt, types } from './helpers.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  let keys: Record<string, string>
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
    keys = createWeakBeginning(app).keys
  })
  afterEach(() => app.cleanup())

  const quiet = { recordTick: false }

  describe('moderator controls (engine)', () => {
    it('extend and deadline apply only to the point the moderator means', () => {
      expect(app.judge.extend('wb1', 24, { point: 1 }).deadline).toBe('2026-03-06T12:00:00.000Z')
      const before = lastMailId(app)
      expect(app.judge.setDeadline('wb1', new Date('2026-03-09T12:00:00Z'), { point: 1 }).deadline).toBe(
        '2026-03-09T12:00:00.000Z',
      )
      expect(
        mailsSince(app, before)
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([FED, REB])
      expect(() => app.judge.setDeadline('wb1', new Date(START - HOUR))).toThrow(/must be in the future/)
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      app.judge.adjudicate('wb1')
      const version = app.judge.load('wb1').version
      expect(() => app.judge.extend('wb1', 24, { point: 1 })).toThrow(PointMovedError)
      expect(app.judge.load('wb1').version).toBe(version)
    })

    it('pause stops the clock; resume moves the deadline by the time paused', () => {
      app.judge.pause('wb1', { reason: 'a player is in hospital' })
      expect(() => app.judge.pause('wb1')).toThrow(/already paused/)
      expect(
        mailsSince(app, 0)
          .filter((m) => m.mail.subject.startsWith('[wb1] Game paused'))
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([FED, MOD, REB])
      // Past the deadline while paused: nothing happens, orders are still accepted.
      tickAt(app, START + 100 * HOUR, quiet)
      expect(types(app).at(-1)).toBe('GamePaused')
      expect(app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13').accepted).toBe(true)
      const { deadline } = app.judge.resume('wb1')
      // 72h were left when it paused at START; it was paused for 100h.
      expect(deadline).toBe(new Date(START + 172 * HOUR).toISOString())
      expect(eventsOf(app, 'GameResumed')[0]!.data).toMatchObject({ point: 1, pausedHours: 100 })
      expect(() => app.judge.resume('wb1')).toThrow(/not paused/)
    })

    it('replace: a new address and key, the old key revoked, both players told', () => {
      const before = lastMailId(app)
      const { key } = app.judge.replacePlayer('wb1', 'federal', 'welles@example.test', {
        name: 'Gideon Welles',
        reason: 'the first player left',
      })
      const fold = app.judge.load('wb1')
      expect(app.judge.checkKey(fold, 'federal', key)).toBe(true)
      expect(app.judge.checkKey(fold, 'federal', keys.federal!)).toBe(false)
      expect(eventsOf(app, 'PlayerReplaced')[0]!.data).toMatchObject({
        role: 'federal',
        address: 'welles@example.test',
        name: 'Gideon Welles',
        previousAddress: FED,
        keyGeneration: 2,
        reason: 'the first player left',
      })
      const mails = mailsSince(app, before)
      expect(mails.find((m) => m.recipient === FED)!.mail.subject).toBe('[wb1] You no longer play federal')
      const welcome = mails.find((m) => m.recipient === 'welles@example.test')!
      expect(welcome.mail.text).toContain(`Your key: ${key}.`)
      expect(welcome.mail.text).toContain('Awaiting: GT1 Federal movement; GT1 Confederate activity record')
      expect(welcome.mail.text).not.toContain(keys.confederate!)
      // Reports now go to the new player.
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      app.judge.adjudicate('wb1')
      expect(
        mailsSince(app, before)
          .filter((m) => m.kind === 'report')
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([MOD, REB, 'welles@example.test'])
    })

    it('eject: the key stops working, the game does not wait for the role, no late notice names it; a replacement fills it', () => {
      app.judge.eject('wb1', 'confederate', { reason: 'abusive press' })
      const fold = app.judge.load('wb1')
      expect(app.judge.checkKey(fold, 'confederate', keys.confederate!)).toBe(false)
      expect(app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY').accepted).toBe(false)
      expect(mailsSince(app, 0, REB).at(-1)!.mail.subject).toBe('[wb1] You were removed from confederate')
      const before = lastMailId(app)
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      tickAt(app, START, quiet)
      expect(eventsOf(app, 'TurnAdjudicated')).toHaveLength(1)
      expect(eventsOf(app, 'LateNoticeSent')).toHaveLength(0)
      expect(
        mailsSince(app, before)
          .filter((m) => m.kind === 'report')
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([FED, MOD])
      app.judge.replacePlayer('wb1', 'confederate', 'new-reb@example.test')
      expect(app.judge.load('wb1').ejected.size).toBe(0)
    })

    it('preview mails the resolution to the moderator only and records nothing', () => {
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID')
      const version = app.judge.load('wb1').version
      const before = lastMailId(app)
      const p = app.judge.preview('wb1')
      expect(app.judge.load('wb1').version).toBe(version)
      const mails = mailsSince(app, before)
      expect(mails.map((m) => [m.recipient, m.kind])).toEqual([[MOD, 'preview']])
      expect(mails[0]!.mail.subject).toBe(
        '[wb1] PREVIEW (nothing recorded): GT1 Federal movement and Confederate activity',
      )
      expect(p.text).toMatch(/^PREVIEW of resolution 1 .*NOTHING IS RECORDED/)
      // The real resolution then says the same.
      app.judge.adjudicate('wb1')
      const real = eventsOf(app, 'TurnAdjudicated')[0]!.data
      for (const n of real.narrative) expect(p.text).toContain(n.text)
    })
  })

  describe('moderator commands by mail', () => {
    const run = (body: string, from = MOD, key: string | null = null) =>
      runModeratorCommand({
        judge: app.judge,
        db: app.db,
        outbox: sqliteOutbox(app.db, app.clock),
        clock: app.clock,
        mail: inbound(from, body),
        game: 'wb1',
        body,
        key,
      })

    it('refuses without the moderator key, and warns the moderator of record', () => {
      const version = app.judge.load('wb1').version
      expect(run('GAME wb1 MODERATOR\nPAUSE').outcome).toBe('moderator-refused')
      expect(run(`GAME wb1 MODERATOR\nKEY ${keys.federal}\nPAUSE`, FED).outcome).toBe('moderator-refused')
      expect(app.judge.load('wb1').version).toBe(version)
      const mod = mailsSince(app, 0, MOD).at(-1)!
      expect(mod.mail.subject).toBe('[wb1] Someone tried a moderator command')
      expect(mailsSince(app, 0, FED).at(-1)!.mail.text).toContain('need the moderator key')
    })

    it('carries out the commands with the key and reports each', () => {
      const key = app.judge.keyFor('wb1', 'moderator')
      expect(app.judge.checkModeratorKey('wb1', key)).toBe(true)
      const r = run(
        [
          'GAME wb1 MODERATOR',
          `KEY ${key}`,
          'PAUSE gone to Gettysburg',
          'STATUS',
          'RESUME 48H',
          'EXTEND 1D POINT 1',
          'SET MISSED grace',
          'SCHEDULE activity Fridays 18:00',
          'FROBNICATE',
        ].join('\n'),
      )
      expect(r.outcome).toBe('moderator-command')
      expect(r.lines[0]).toBe('PAUSE: the game is paused.')
      expect(r.lines[1]).toMatch(/^STATUS: resolution 1; awaiting paused by the moderator; GT1 Federal movement/)
      expect(r.lines[2]).toBe(
        'RESUME: the game runs again; deadline 2026-03-04 12:00 UTC (2026-03-04 07:00 EST America/New_York).',
      )
      expect(r.lines[3]).toBe('EXTEND: deadline now 2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York).')
      expect(r.lines[4]).toContain('one grace extension of 48h')
      expect(r.lines[5]).toBe('SCHEDULE: activity deadlines now follow "Fridays 18:00" from the next point on.')
      expect(r.lines[6]).toMatch(/not a moderator command/)
      expect(app.judge.schedule('wb1')).toMatchObject({
        missed: 'grace',
        rules: { default: { hours: 72 }, activity: { at: '18:00', on: [5] } },
      })
      const reply = mailsSince(app, 0, MOD).at(-1)!
      expect(reply.kind).toBe('moderator')
      expect(reply.mail.subject).toBe('[wb1] Moderator: PAUSE, STATUS, RESUME, EXTEND, SET, SCHEDULE, FROBNICATE')
      // The reply address carries the key, so the moderator can simply reply.
      expect((reply.mail as { replyTo?: string }).replyTo).toBe(`orders+wb1.moderator.${key}@judge.example.test`)
    })

    it('PROCESS resolves now, REPLACE hands a role over, a stale POINT is refused', () => {
      const key = app.judge.keyFor('wb1', 'moderator')
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      const r = run(
        [
          'GAME wb1 MODERATOR',
          `KEY ${key}`,
          'PREVIEW',
          'PROCESS POINT 1',
          'EXTEND 24H POINT 1',
          'REPLACE confederate davis@example.test Jefferson Davis',
        ].join('\n'),
        'mod-home@example.test',
      )
      expect(r.lines[0]).toMatch(
        /^PREVIEW: the preview of GT1 Federal movement and Confederate activity is in a separate mail/,
      )
      expect(r.lines[1]).toBe(
        'PROCESS: GT1 Federal movement and Confederate activity resolved; the reports are on their way.',
      )
      expect(r.lines[2]).toBe(
        'EXTEND: NOT DONE: resolution 1 is no longer open (the game is at resolution 2); nothing was changed',
      )
      expect(r.lines[3]).toMatch(/^REPLACE: confederate is now played by davis@example.test/)
      expect(
        types(app).filter((t) => t === 'TurnAdjudicated' || t === 'AdjudicationForced' || t === 'PlayerReplaced'),
      ).toEqual(['AdjudicationForced', 'TurnAdjudicated', 'PlayerReplaced'])
      // The preview went to the moderator who asked (authenticated by the key), the copy to the moderator of record.
      expect(
        mailsSince(app, 0, 'mod-home@example.test')
          .map((m) => m.kind)
          .sort(),
      ).toEqual(['moderator', 'preview'])
      expect(mailsSince(app, 0, MOD).at(-1)!.mail.subject).toBe('[wb1] Moderator commands from another address')
    })
  })
})
