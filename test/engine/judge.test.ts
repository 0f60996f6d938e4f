import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { ConcurrencyError } from '../../src/log/store.ts'
import { createWeakBeginning, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'

// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
  })
  afterEach(() => app.cleanup())

  describe('the judge', () => {
    it('creates a game with hashed keys, a dice commitment, a deadline and an opening report for every reader', () => {
      const { keys } = createWeakBeginning(app)
      const events = app.store.read('game:wb1')
      expect(events.map((e) => e.type)).toEqual([
        'GameCreated',
        'PlayerJoined',
        'PlayerJoined',
        'HiddenDrawCommitted',
        'DiceCommitted',
        'DeadlineSet',
      ])
      const joined = events.filter((e) => e.type === 'PlayerJoined')
      for (const j of joined) expect(JSON.stringify(j.data)).not.toContain(keys[j.data.role])
      expect(events.find((e) => e.type === 'DeadlineSet')!.data.deadline).toBe('2026-03-05T12:00:00.000Z')
      const reports = outboxRows(app).filter((r) => r.kind === 'report')
      expect(reports.map((r) => r.recipient).sort()).toEqual([
        'fed@example.test',
        'mod@example.test',
        'reb@example.test',
      ])
      const fed = reports.find((r) => r.recipient === 'fed@example.test')!
      expect(fed.mail.text).toContain(`KEY ${keys.federal}`)
      expect(fed.mail.text).toContain('2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York)')
      expect(fed.mail.text).not.toContain(keys.confederate)
    })

    it('refuses a duplicate game id and an unknown scenario', () => {
      createWeakBeginning(app)
      expect(() => createWeakBeginning(app)).toThrow(/already exists/)
      expect(() => app.judge.createGame({ game: 'x1', ruleset: 'sea-devils', scenario: 'nope', players: [] })).toThrow(
        /unknown scenario "nope"/,
      )
    })

    it('a later submission replaces the earlier one; each gets its own receipt', () => {
      createWeakBeginning(app)
      const a = app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11')
      const b = app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      expect(a).toMatchObject({ accepted: true, receipt: 'wb1/1/confederate-1' })
      expect(b).toMatchObject({ accepted: true, receipt: 'wb1/1/confederate-2' })
      const fold = app.judge.load('wb1')
      expect(fold.orders.get('confederate')).toMatchObject({
        receipt: 'wb1/1/confederate-2',
        replaces: 'wb1/1/confederate-1',
        normalised: ['SUM: STAY'],
      })
      const ack = outboxRows(app)
        .filter((r) => r.kind === 'ack')
        .at(-1)!
      expect(ack.recipient).toBe('reb@example.test')
      expect(ack.mail.text).toContain('These replace your earlier orders (receipt wb1/1/confederate-1)')
      expect(ack.mail.text).toContain('Receipt: wb1/1/confederate-2')
    })

    it("numbers a player's receipts among his own mails only: they never count the other side's", () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'federal', 'PASS')
      app.judge.submitOrders('wb1', 'federal', 'PASS')
      app.judge.submitOrders('wb1', 'spy', 'PASS')
      const mine = app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      expect(mine.receipt).toBe('wb1/1/confederate-1')
      expect(app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY').receipt).toBe('wb1/1/confederate-2')
    })

    it('rejects orders with every error by line and a suggestion, and files nothing of them', () => {
      createWeakBeginning(app)
      const r = app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUMTER: MOVE C81\nSUMM: MOVE C11')
      expect(r.accepted).toBe(false)
      expect(r.errors.map((e) => e.line)).toEqual([2, 3])
      expect(r.errors[0]!.message).toMatch(/unknown area C81/)
      expect(r.errors[0]!.suggestion).toMatch(/C80|C82|C86/)
      expect(r.errors[1]!.suggestion).toMatch(/SUM/)
      expect(app.judge.load('wb1').orders.size).toBe(0)
      const ack = outboxRows(app)
        .filter((r) => r.kind === 'ack')
        .at(-1)!
      expect(ack.mail.subject).toContain('NOT accepted')
      expect(ack.mail.text).toContain('line 2: "SUMTER: MOVE C81": unknown area C81')
    })

    it('adjudicates a point exactly once: a second judge on the same database loses on the expected version', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT')
      const stale = app.judge.load('wb1')
      app.judge.adjudicate('wb1')
      // A racing second adjudication that read the stream before the first one appended:
      expect(() =>
        app.store.append('game:wb1', stale.version, [
          {
            type: 'DiceCommitted',
            data: { point: 9, commitment: '0'.repeat(64), algorithm: 'x' },
            audience: { kind: 'public' },
          },
        ]),
      ).toThrow(ConcurrencyError)
      expect(app.judge.load('wb1').adjudications).toHaveLength(1)
      expect(app.judge.load('wb1').point).toBe(2)
    })

    it('verify passes on an honest log and names the position of an edited or deleted row', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID')
      app.judge.adjudicate('wb1')
      expect(verifyGame(app.db, app.judge, 'wb1')).toMatchObject({ ok: true })
      const target = app.db
        .prepare(`SELECT position FROM events WHERE stream = 'game:wb1' AND type = 'TurnAdjudicated'`)
        .get() as { position: number }
      app.db
        .prepare(`UPDATE events SET data = replace(data, '"finished":false', '"finished":true') WHERE position = ?`)
        .run(target.position)
      const edited = verifyGame(app.db, app.judge, 'wb1')
      expect(edited.ok).toBe(false)
      expect(edited.problems[0]).toContain(`position ${target.position}`)
    })

    it('verify detects a deleted row', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT')
      app.judge.adjudicate('wb1')
      app.db.prepare(`DELETE FROM events WHERE stream = 'game:wb1' AND version = 3`).run()
      const v = verifyGame(app.db, app.judge, 'wb1')
      expect(v.ok).toBe(false)
      expect(v.problems[0]).toMatch(/version 3/)
    })

    it('verify catches rules code or data that would rewrite a recorded result', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID')
      app.judge.adjudicate('wb1')
      // Forge the recorded state hash but keep the chain valid by re-hashing: the re-fold must notice.
      const row = app.db.prepare(`SELECT position, data FROM events WHERE type = 'TurnAdjudicated'`).get() as {
        position: number
        data: string
      }
      const data = JSON.parse(row.data)
      data.narrative[0].text = 'history rewritten'
      const events = app.store.read('game:wb1')
      // Rebuild the stream in a second database with the altered result, appended honestly.
      const other = testApp('test', { database: engine.app() })
      try {
        for (const e of events)
          other.store.append('game:wb1', e.version - 1, [
            {
              type: e.type,
              schemaVersion: e.schemaVersion,
              data: e.type === 'TurnAdjudicated' ? data : e.data,
              audience: e.audience,
              causation: e.causation,
            },
          ])
        other.db.prepare('INSERT INTO secrets SELECT * FROM secrets WHERE 1 = 0').run()
        for (const s of app.db.prepare('SELECT * FROM secrets').all() as {
          game: string
          purpose: string
          point: number
          secret: string
        }[])
          other.db.prepare('INSERT INTO secrets VALUES (?, ?, ?, ?)').run(s.game, s.purpose, s.point, s.secret)
        for (const p of app.db.prepare('SELECT hash, ruleset, pack_id, content FROM packs').all() as object[])
          other.db.prepare('INSERT INTO packs VALUES (?, ?, ?, ?)').run(...Object.values(p))
        const v = verifyGame(other.db, other.judge, 'wb1')
        expect(v.ok).toBe(false)
        expect(v.problems.join('\n')).toMatch(/narrative differs/)
      } finally {
        other.cleanup()
      }
    })

    it('dice verify reproduces every roll and reports a tampered roll', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID\nSUM: MOVE C21 +RAID')
      app.judge.adjudicate('wb1')
      const ok = verifyDice(app.judge, 'wb1')
      expect(ok.ok).toBe(true)
      expect(ok.checked).toBeGreaterThan(0)
      // The raids' rolls are the Confederate's alone: hidden draws, sealed until the game ends.
      expect(ok.lines.join('\n')).toMatch(/hidden draws: \d+ sealed until the game ends/)
      expect(verifyDice(app.judge, 'wb1', 2).checked).toBe(0)
    })

    it('an ASK policy asks the player by mail and records no result until the answer or the decision deadline', () => {
      // Seed "ask-6" makes the Keystone State's search in C11 spot the Sumter, so the decision arises.
      const own = testApp('ask-6', { database: engine.app() })
      try {
        createWeakBeginning(own)
        own.judge.submitOrders('wb1', 'federal', 'MOVE K-STAT C14 C11')
        own.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11\nPOLICY SUM ON SPOTTED: ASK; ESCAPE')
        const r = own.judge.adjudicate('wb1')
        expect(r).toMatchObject({
          committed: false,
          waiting: { decisionId: 'GT1-D1', role: 'confederate', deadline: '2026-03-03T12:00:00.000Z' },
        })
        let events = own.store.read('game:wb1')
        const req = events.find((e) => e.type === 'DecisionRequested')!
        expect(req.schemaVersion).toBe(2)
        expect(req.data).toMatchObject({
          role: 'confederate',
          defaultOption: 'ESCAPE',
          decisionId: 'GT1-D1',
          deadline: '2026-03-03T12:00:00.000Z',
        })
        expect(req.data.options.map((o: { id: string }) => o.id)).toEqual(['FIGHT', 'ESCAPE', 'PORT'])
        expect(req.audience).toEqual({ kind: 'roles', roles: ['confederate'] })
        expect(events.some((e) => e.type === 'DecisionDefaulted' || e.type === 'TurnAdjudicated')).toBe(false)
        // The question goes to the Confederate only; asking again changes nothing.
        const asked = outboxRows(own).filter((m) => m.kind === 'decision')
        expect(asked.map((m) => m.recipient)).toEqual(['reb@example.test'])
        expect(asked[0]!.mail.text).toContain('DECIDE GT1-D1 <option>')
        expect(asked[0]!.mail.text).toContain('Default, applied if no answer arrives in time: ESCAPE')
        expect(own.judge.adjudicate('wb1')).toMatchObject({ committed: false, requested: [] })
        expect(own.store.read('game:wb1')).toHaveLength(events.length)
        expect(own.judge.awaitingText(own.judge.load('wb1'))).toBe('resolution in progress')
        // Orders are closed while the resolution waits.
        expect(own.judge.submitOrders('wb1', 'federal', 'MOVE K-STAT C14').errors[0]!.message).toMatch(/in progress/)
        // At the decision's deadline the default applies and the result is recorded with it.
        own.now.t += 25 * 3600_000
        expect(own.judge.adjudicate('wb1')).toMatchObject({ committed: true, defaulted: ['GT1-D1'] })
        events = own.store.read('game:wb1')
        expect(events.find((e) => e.type === 'DecisionDefaulted')!.data).toMatchObject({
          decisionId: 'GT1-D1',
          applied: 'ESCAPE',
        })
        expect(events.find((e) => e.type === 'TurnAdjudicated')!.data.decisionAnswers).toEqual({ 'GT1-D1': 'ESCAPE' })
        expect(verifyGame(own.db, own.judge, 'wb1')).toMatchObject({ ok: true })
      } finally {
        own.cleanup()
      }
    })

    it('takes no orders from a role the rules are not waiting for', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      app.judge.adjudicate('wb1')
      const r = app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      expect(r.accepted).toBe(false)
      expect(r.errors[0]!.message).toMatch(/no orders are awaited from confederate now/)
    })

    it('refuses orders that arrive after the deadline and keeps the earlier set on file', () => {
      createWeakBeginning(app)
      app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      app.now.t += 73 * 3600_000
      const late = app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT')
      expect(late.accepted).toBe(false)
      expect(late.errors[0]!.message).toMatch(
        /^late: the deadline for GT1 Confederate activity record passed at 2026-03-05 12:00 UTC/,
      )
      expect(app.judge.load('wb1').orders.get('confederate')!.normalised).toEqual(['SUM: STAY'])
    })

    it('finds due games: early when every order is in, otherwise at the deadline', () => {
      createWeakBeginning(app)
      expect(app.judge.dueGames(new Date(app.now.t))).toEqual([])
      app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
      expect(app.judge.dueGames(new Date(app.now.t))).toEqual([])
      expect(app.judge.dueGames(new Date(app.now.t + 73 * 3600_000))).toEqual(['wb1'])
      app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY')
      expect(app.judge.dueGames(new Date(app.now.t))).toEqual(['wb1'])
    })
  })
})
