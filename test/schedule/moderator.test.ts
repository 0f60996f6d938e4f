// Moderator controls: the engine calls (pause, resume, extend, deadline, replace, eject, preview,
// force) and the same by mail through src/mail/moderator.ts with the moderator key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PointMovedError } from '../../src/engine/judge.ts'
import type { Judge } from '../../src/engine/judge.ts'
import { runModeratorCommand } from '../../src/mail/moderator.ts'
import { DUEL_NORTH, DUEL_SOUTH, type TestApp } from '../helpers/app.ts'
import {
  callsAsync,
  createFixtureDuelAsync,
  createWeakBeginningAsync,
  loadAsync,
  readAsync,
  testAppAsync,
} from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'
import {
  eventsOfAsync as eventsOf,
  HOUR,
  inbound,
  lastMailIdAsync as lastMailId,
  MOD,
  mailsSinceAsync as mailsSince,
  START,
  tickAtAsync as tickAt,
  typesAsync as types,
} from './helpers.ts'

// On the fixture duel: north and south each send orders every round.
const NORTH = DUEL_NORTH.address
const SOUTH = DUEL_SOUTH.address

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  let keys: Record<string, string>
  // The calls made as the moderator's commands make them, on a planning judge written in one
  // batch; the moderator's mails run as the intake runs them; reads on the async handle.
  beforeEach(async () => {
    app = await testAppAsync('test', { database: engine.app() })
    keys = (await createFixtureDuelAsync(app)).keys
  })
  afterEach(() => app.cleanup())
  const call = <T>(fn: (j: Judge) => T, game = 'fd1') => callsAsync(app, game, fn)
  const load = (game = 'fd1') => loadAsync(app, game)

  const quiet = { recordTick: false }

  describe('moderator controls (engine)', () => {
    it('extend and deadline apply only to the point the moderator means', async () => {
      expect((await call((j) => j.extend('fd1', 24, { point: 1 }))).deadline).toBe('2026-03-06T12:00:00.000Z')
      const before = await lastMailId(app)
      expect((await call((j) => j.setDeadline('fd1', new Date('2026-03-09T12:00:00Z'), { point: 1 }))).deadline).toBe(
        '2026-03-09T12:00:00.000Z',
      )
      expect((await mailsSince(app, before)).map((m) => m.recipient).sort()).toEqual([NORTH, SOUTH])
      await expect(call((j) => j.setDeadline('fd1', new Date(START - HOUR)))).rejects.toThrow(/must be in the future/)
      await call((j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await call((j) => j.submitOrders('fd1', 'south', 'DRAW 1'))
      await call((j) => j.adjudicate('fd1'))
      const version = (await load()).version
      await expect(call((j) => j.extend('fd1', 24, { point: 1 }))).rejects.toThrow(PointMovedError)
      expect((await load()).version).toBe(version)
    })

    it('pause stops the clock; resume moves the deadline by the time paused', async () => {
      await call((j) => j.pause('fd1', { reason: 'a player is in hospital' }))
      await expect(call((j) => j.pause('fd1'))).rejects.toThrow(/already paused/)
      expect(
        (await mailsSince(app, 0))
          .filter((m) => m.mail.subject.startsWith('[fd1] Game paused'))
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([MOD, NORTH, SOUTH])
      // Past the deadline while paused: nothing happens, orders are still accepted.
      await tickAt(app, START + 100 * HOUR, quiet)
      expect((await types(app, 'fd1')).at(-1)).toBe('GamePaused')
      expect((await call((j) => j.submitOrders('fd1', 'north', 'DRAW 1'))).accepted).toBe(true)
      const { deadline } = await call((j) => j.resume('fd1'))
      // 72h were left when it paused at START; it was paused for 100h.
      expect(deadline).toBe(new Date(START + 172 * HOUR).toISOString())
      expect((await eventsOf(app, 'GameResumed', 'fd1'))[0]!.data).toMatchObject({ point: 1, pausedHours: 100 })
      await expect(call((j) => j.resume('fd1'))).rejects.toThrow(/not paused/)
    })

    it('replace: a new address and key, the old key revoked, both players told', async () => {
      const before = await lastMailId(app)
      const { key } = await call((j) =>
        j.replacePlayer('fd1', 'north', 'welles@example.test', {
          name: 'Gideon Welles',
          reason: 'the first player left',
        }),
      )
      const fold = await load()
      expect(await readAsync(app, ['fd1'], (j) => j.checkKey(fold, 'north', key))).toBe(true)
      expect(await readAsync(app, ['fd1'], (j) => j.checkKey(fold, 'north', keys.north!))).toBe(false)
      expect((await eventsOf(app, 'PlayerReplaced', 'fd1'))[0]!.data).toMatchObject({
        role: 'north',
        address: 'welles@example.test',
        name: 'Gideon Welles',
        previousAddress: NORTH,
        keyGeneration: 2,
        reason: 'the first player left',
      })
      const mails = await mailsSince(app, before)
      expect(mails.find((m) => m.recipient === NORTH)!.mail.subject).toBe('[fd1] You no longer play north')
      const welcome = mails.find((m) => m.recipient === 'welles@example.test')!
      expect(welcome.mail.text).toContain(`Your key: ${key}.`)
      expect(welcome.mail.text).toContain('Awaiting: round 1 draws')
      expect(welcome.mail.text).not.toContain(keys.south!)
      // Reports now go to the new player.
      await call((j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await call((j) => j.submitOrders('fd1', 'south', 'DRAW 1'))
      await call((j) => j.adjudicate('fd1'))
      expect(
        (await mailsSince(app, before))
          .filter((m) => m.kind === 'report')
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([MOD, SOUTH, 'welles@example.test'])
    })

    it('eject: the key stops working, the game does not wait for the role, no late notice names it; a replacement fills it', async () => {
      await call((j) => j.eject('fd1', 'south', { reason: 'abusive press' }))
      const fold = await load()
      expect(await readAsync(app, ['fd1'], (j) => j.checkKey(fold, 'south', keys.south!))).toBe(false)
      expect((await call((j) => j.submitOrders('fd1', 'south', 'DRAW 1'))).accepted).toBe(false)
      expect((await mailsSince(app, 0, SOUTH)).at(-1)!.mail.subject).toBe('[fd1] You were removed from south')
      const before = await lastMailId(app)
      await call((j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await tickAt(app, START, quiet)
      expect(await eventsOf(app, 'TurnAdjudicated', 'fd1')).toHaveLength(1)
      expect(await eventsOf(app, 'LateNoticeSent', 'fd1')).toHaveLength(0)
      expect(
        (await mailsSince(app, before))
          .filter((m) => m.kind === 'report')
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([MOD, NORTH])
      await call((j) => j.replacePlayer('fd1', 'south', 'new-south@example.test'))
      expect((await load()).ejected.size).toBe(0)
    })

    it('preview mails the resolution to the moderator only and records nothing', async () => {
      await call((j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      await call((j) => j.submitOrders('fd1', 'south', 'DRAW 3'))
      const version = (await load()).version
      const before = await lastMailId(app)
      const p = await call((j) => j.preview('fd1'))
      expect((await load()).version).toBe(version)
      const mails = await mailsSince(app, before)
      expect(mails.map((m) => [m.recipient, m.kind])).toEqual([[MOD, 'preview']])
      expect(mails[0]!.mail.subject).toBe('[fd1] PREVIEW (nothing recorded): round 1')
      expect(p.text).toMatch(/^PREVIEW of resolution 1 .*NOTHING IS RECORDED/)
      // The real resolution then says the same.
      await call((j) => j.adjudicate('fd1'))
      const real = (await eventsOf(app, 'TurnAdjudicated', 'fd1'))[0]!.data
      for (const n of real.narrative) expect(p.text).toContain(n.text)
    })
  })

  describe('moderator commands by mail', () => {
    const run = (body: string, from = MOD, key: string | null = null, game = 'fd1') =>
      call(
        (j) =>
          runModeratorCommand({
            judge: j,
            db: j.o.db,
            outbox: j.o.outbox,
            clock: app.clock,
            mail: inbound(from, body),
            game,
            body,
            key,
          }),
        game,
      )

    it('refuses without the moderator key, and warns the moderator of record', async () => {
      const version = (await load()).version
      expect((await run('GAME fd1 MODERATOR\nPAUSE')).outcome).toBe('moderator-refused')
      expect((await run(`GAME fd1 MODERATOR\nKEY ${keys.north}\nPAUSE`, NORTH)).outcome).toBe('moderator-refused')
      expect((await load()).version).toBe(version)
      const mod = (await mailsSince(app, 0, MOD)).at(-1)!
      expect(mod.mail.subject).toBe('[fd1] Someone tried a moderator command')
      expect((await mailsSince(app, 0, NORTH)).at(-1)!.mail.text).toContain('need the moderator key')
    })

    it('carries out the commands with the key and reports each', async () => {
      const key = await readAsync(app, ['fd1'], (j) => j.keyFor('fd1', 'moderator'))
      expect(await readAsync(app, ['fd1'], (j) => j.checkModeratorKey('fd1', key))).toBe(true)
      const r = await run(
        [
          'GAME fd1 MODERATOR',
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
      expect(r.lines[1]).toMatch(/^STATUS: resolution 1; awaiting paused by the moderator; round 1 draws/)
      expect(r.lines[2]).toBe(
        'RESUME: the game runs again; deadline 2026-03-04 12:00 UTC (2026-03-04 07:00 EST America/New_York).',
      )
      expect(r.lines[3]).toBe('EXTEND: deadline now 2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York).')
      expect(r.lines[4]).toContain('one grace extension of 48h')
      expect(r.lines[5]).toBe('SCHEDULE: activity deadlines now follow "Fridays 18:00" from the next point on.')
      expect(r.lines[6]).toMatch(/not a moderator command/)
      expect(await readAsync(app, ['fd1'], (j) => j.schedule('fd1'))).toMatchObject({
        missed: 'grace',
        rules: { default: { hours: 72 }, activity: { at: '18:00', on: [5] } },
      })
      const reply = (await mailsSince(app, 0, MOD)).at(-1)!
      expect(reply.kind).toBe('moderator')
      expect(reply.mail.subject).toBe('[fd1] Moderator: PAUSE, STATUS, RESUME, EXTEND, SET, SCHEDULE, FROBNICATE')
      // The reply address carries the key, so the moderator can simply reply.
      expect((reply.mail as { replyTo?: string }).replyTo).toBe(`orders+fd1.moderator.${key}@judge.example.test`)
    })

    it('PROCESS resolves now, REPLACE hands a role over, a stale POINT is refused', async () => {
      const key = await readAsync(app, ['fd1'], (j) => j.keyFor('fd1', 'moderator'))
      await call((j) => j.submitOrders('fd1', 'north', 'DRAW 1'))
      const r = await run(
        [
          'GAME fd1 MODERATOR',
          `KEY ${key}`,
          'PREVIEW',
          'PROCESS POINT 1',
          'EXTEND 24H POINT 1',
          'REPLACE south davis@example.test Jefferson Davis',
        ].join('\n'),
        'mod-home@example.test',
      )
      expect(r.lines[0]).toMatch(/^PREVIEW: the preview of round 1 is in a separate mail/)
      expect(r.lines[1]).toBe('PROCESS: round 1 resolved; the reports are on their way.')
      expect(r.lines[2]).toBe(
        'EXTEND: NOT DONE: resolution 1 is no longer open (the game is at resolution 2); nothing was changed',
      )
      expect(r.lines[3]).toMatch(/^REPLACE: south is now played by davis@example.test/)
      expect(
        (await types(app, 'fd1')).filter(
          (t) => t === 'TurnAdjudicated' || t === 'AdjudicationForced' || t === 'PlayerReplaced',
        ),
      ).toEqual(['AdjudicationForced', 'TurnAdjudicated', 'PlayerReplaced'])
      // The preview went to the moderator who asked (authenticated by the key), the copy to the moderator of record.
      expect((await mailsSince(app, 0, 'mod-home@example.test')).map((m) => m.kind).sort()).toEqual([
        'moderator',
        'preview',
      ])
      expect((await mailsSince(app, 0, MOD)).at(-1)!.mail.subject).toBe('[fd1] Moderator commands from another address')
    })

    it('REPLACE <role> house:<level> says the house took the seat, not that a key went to it', async () => {
      await createWeakBeginningAsync(app)
      const key = await readAsync(app, ['wb1'], (j) => j.keyFor('wb1', 'moderator'))
      const r = await run('REPLACE confederate house:cautious\nREPLACE federal grant@example.test', MOD, key, 'wb1')
      expect(r.lines[0]).toBe(
        'REPLACE: the house (cautious) took the confederate seat and writes its orders from now on; the old key no longer works.',
      )
      expect(r.lines[0]).not.toMatch(/key went/)
      expect(r.lines[1]).toBe(
        'REPLACE: federal is now played by grant@example.test; the new key went to that address and the old key no longer works.',
      )
      expect((await load('wb1')).players.get('confederate')!.address).toBe('house:cautious')
    })
  })
})
