// The intake filing on the async store (src/engine/filingBatch.ts, src/mail/intakeWrites.ts), on
// both engines: a message of orders is decided from the fold and written in one batch (the game's
// event, its clock row, the acknowledgement, the mail record, mail_seen), never through the judge's
// synchronous append; the judge's fold afterwards is the one the batch left; the same message
// delivered twice at once is filed once; a refusal's notices and reply counts go in the batch, and
// so do the players' and the moderator's mail commands (test/mail/intake-batch-moderator.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { verifyStreamAsync } from '../../src/log/verify.ts'
import { handleInbound, type IntakeDeps, recordIntakeFailure } from '../../src/mail/intake.ts'
import { type AsyncBatchFiling, type Fetched, fileTogether } from '../../src/mail/imapBatch.ts'
import { fileGroup, type GroupMessage, readForGroup } from '../../src/mail/intakeGroup.ts'
import { openBatch } from '../../src/mail/intakeWrites.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { hiddenDeckFactory } from '../games/fixtures/hidden-deck.ts'
import {
  createFixtureDuel,
  outboxRowsAsync,
  readEvents,
  registerFixture,
  testApp,
  type TestApp,
} from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'
import { bothEngines } from '../pg/engines.ts'
import { synchronousCalls } from '../pg/syncCalls.ts'

let count = 0
function eml(from: string, body: string, id = `batch-${++count}`): Buffer {
  const head = [
    `From: ${from}`,
    'To: orders@judge.example.test',
    'Subject: orders',
    `Message-ID: <${id}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`)
}

/** A MailReceived record of a message that named no game. */
const received = (tag: string) => ({
  type: 'MailReceived',
  data: {
    rawHash: tag.repeat(64),
    messageId: `${tag}@example.test`,
    from: 'someone@example.test',
    subject: 'hello',
    size: 10,
    source: 'test',
    outcome: 'unidentified',
    game: null,
    role: null,
    receipt: null,
    detail: 'test',
  },
  audience: { kind: 'moderator' as const },
  causation: null,
})

describe.each(bothEngines())('intake in one batch on $name', (engine) => {
  let app: TestApp
  let keys: Record<string, string>
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
    keys = createFixtureDuel(app).keys
  })
  afterEach(() => app.cleanup())

  const deps = (): IntakeDeps => ({
    judge: app.judge,
    db: app.db,
    jobsDb: app.jobsDb,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
  const intake = (raw: Buffer) => handleInbound(raw, 'test', deps())
  const mailReceived = async () => (await readEvents(app, 'system:mail')).filter((e) => e.type === 'MailReceived')

  it('files orders in one batch: event, clock row, acknowledgement and record, the fold kept', async () => {
    const before = app.judge.load('fd1').version
    const append = vi.spyOn(app.judge.o.store, 'append')
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 2`))).toBe('orders-accepted')
    expect(append).not.toHaveBeenCalled()
    const kept = app.judge.folds.upTo('fd1', before + 1)
    expect(kept?.version).toBe(before + 1)
    expect(app.judge.load('fd1')).toBe(kept)
    expect(kept!.orders.get('south')?.receipt).toBe('fd1/1/south-1')
    expect(app.judge.clock.read('fd1')?.version).toBe(before + 1)
    expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
    expect((await verifyStreamAsync(app.jobsDb, 'system:mail')).ok).toBe(true)
    expect(
      (await outboxRowsAsync(app)).filter((r) => r.kind === 'ack' && r.recipient === 'south@example.test'),
    ).toHaveLength(1)
    expect((await mailReceived()).at(-1)!.data).toMatchObject({ outcome: 'orders-accepted', receipt: 'fd1/1/south-1' })
    // A later filing reads the stored event's chain, so a wrong hash or position would fail it here.
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`))).toBe('orders-accepted')
    expect(app.judge.load('fd1', { check: true }).orders.get('south')?.receipt).toBe('fd1/1/south-2')
  })

  it('files the same message delivered twice at once only once', async () => {
    const raw = eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`, 'twice')
    const outcomes = await Promise.all([intake(raw), intake(Buffer.from(raw))])
    expect(outcomes.sort()).toEqual(['duplicate', 'orders-accepted'])
    expect(app.judge.load('fd1', { check: true }).receipts.size).toBe(1)
    expect(await mailReceived()).toHaveLength(1)
  })

  it("files a refusal's notices and reply counts in the batch", async () => {
    expect(await intake(eml('spy@elsewhere.test', 'GAME fd1 SOUTH\nKEY 0000000000\nDRAW 1'))).toBe('refused')
    const to = (await outboxRowsAsync(app)).map((r) => r.recipient)
    expect(to).toContain('spy@elsewhere.test')
    expect(to).toContain('south@example.test')
    const counted = await app.jobsDb.all('SELECT address FROM intake_replies ORDER BY address')
    expect(counted).toEqual(
      expect.arrayContaining([{ address: 'spy@elsewhere.test' }, { address: 'south@example.test' }]),
    )
    expect(await app.jobsDb.all('SELECT outcome FROM mail_seen')).toEqual([{ outcome: 'refused' }])
  })

  it('files a mail command in the batch, once, its answer queued with it', async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nSTATUS`))).toBe('command')
    expect(append).not.toHaveBeenCalled()
    expect(await mailReceived()).toHaveLength(1)
    expect(await app.jobsDb.get('SELECT COUNT(*) AS n FROM mail_seen')).toEqual({ n: 1 })
    expect((await outboxRowsAsync(app)).filter((r) => r.kind === 'command').map((r) => r.recipient)).toEqual([
      'south@example.test',
    ])
  })

  it("files a player's PRESS and SET ZONE in the batch: the game's events, their letters, the clock row", async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const before = app.judge.load('fd1').version
    const press = `GAME fd1 SOUTH\nKEY ${keys.south}\nPRESS NORTH\nWe sail at dawn.`
    expect(await intake(eml('south@example.test', press))).toBe('command')
    const zone = `GAME fd1 SOUTH\nKEY ${keys.south}\nSET ZONE Europe/Paris`
    expect(await intake(eml('south@example.test', zone))).toBe('command')
    expect(append).not.toHaveBeenCalled()
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.events.slice(before).map((e) => e.type)).toEqual(['PressSent', 'PlayerZoneSet'])
    expect(fold.zones.get('south')).toBe('Europe/Paris')
    expect(app.judge.load('fd1').version).toBe(before + 2)
    expect(app.judge.clock.read('fd1')?.version).toBe(before + 2)
    expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
    const rows = await outboxRowsAsync(app)
    expect(rows.filter((r) => r.kind === 'press').map((r) => r.recipient)).toEqual(['north@example.test'])
    expect(rows.filter((r) => r.kind === 'ack').map((r) => r.mail.subject)).toContain('[fd1] Time zone Europe/Paris')
  })

  it("files a moderator's PAUSE, RESUME, EXTEND and SET in the batch: the game's events, letters, clock row", async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const read = vi.spyOn(app.judge.o.store, 'read')
    const key = app.judge.moderatorKey('fd1')
    const before = app.judge.load('fd1')
    const mod = (body: string, n: number) =>
      intake(eml('mod@example.test', `GAME fd1 MODERATOR\nKEY ${key}\n${body}`, `mod-${n}`))
    await mod('STATUS', 0) // the intake's modules and templates loaded before counting
    const sync = synchronousCalls(engine.name)
    expect(await mod('PAUSE the rules are checked\nSTATUS', 1)).toBe('command')
    expect(await mod('RESUME 48H', 2)).toBe('command')
    expect(await mod('EXTEND 24H\nSET GRACE 2H', 3)).toBe('command')
    expect(sync.stop()).toEqual([])
    expect(append).not.toHaveBeenCalled()
    expect(read).not.toHaveBeenCalled()
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.events.slice(before.version).map((e) => e.type)).toEqual([
      'GamePaused',
      'GameResumed',
      'DeadlineSet',
      'DeadlineSet',
      'ScheduleSet',
    ])
    expect(fold.paused).toBeNull()
    expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
    expect(clockProblems(app.judge)).toEqual([])
    expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
    expect(await mailReceived()).toHaveLength(4)
    const replies = (await outboxRowsAsync(app)).filter((r) => r.kind === 'moderator').slice(1)
    expect(replies.map((r) => r.mail.subject)).toEqual([
      '[fd1] Moderator: PAUSE, STATUS',
      '[fd1] Moderator: RESUME',
      '[fd1] Moderator: EXTEND, SET',
    ])
    expect((await outboxRowsAsync(app)).some((r) => r.mail.subject.includes('Game paused'))).toBe(true)
  })

  it("a moderator's command refused half way leaves nothing of it; the mail is filed once", async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const key = app.judge.moderatorKey('fd1')
    const before = app.judge.load('fd1').version
    const body = `GAME fd1 MODERATOR\nKEY ${key}\nRESUME\nEXTEND 24H POINT 7`
    expect(await intake(eml('mod@example.test', body))).toBe('command')
    expect(append).not.toHaveBeenCalled()
    expect(app.judge.load('fd1', { check: true }).version).toBe(before)
    const reply = (await outboxRowsAsync(app)).find((r) => r.kind === 'moderator')!
    expect(reply.mail.text).toContain('RESUME: NOT DONE')
    expect(reply.mail.text).toContain('EXTEND: NOT DONE')
    expect(await mailReceived()).toHaveLength(1)
  })

  it("files a moderator's PROCESS in the batch (it resolves), once", async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const key = app.judge.moderatorKey('fd1')
    const body = `GAME fd1 MODERATOR\nKEY ${key}\nPROCESS`
    expect(await intake(eml('mod@example.test', body))).toBe('command')
    expect(append).not.toHaveBeenCalled()
    expect((await readEvents(app, 'game:fd1')).filter((e) => e.type === 'TurnAdjudicated')).toHaveLength(1)
    expect(await mailReceived()).toHaveLength(1)
  })

  it('records a mail the intake failed on in the batch, its sender and the moderator told and counted', async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const raw = eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`, 'failed-1')
    await recordIntakeFailure(raw, 'test', deps(), new Error('the judge tripped'))
    expect(append).not.toHaveBeenCalled()
    expect((await mailReceived()).map((e) => e.data)).toEqual([
      expect.objectContaining({ outcome: 'failed', detail: 'intake failed: the judge tripped' }),
    ])
    const told = (await outboxRowsAsync(app)).filter((r) =>
      /could not be processed|intake failed/i.test(r.mail.subject),
    )
    expect(told.map((r) => r.recipient).sort()).toEqual(['mod@example.test', 'south@example.test'])
    const counted = await app.jobsDb.all('SELECT address FROM intake_replies ORDER BY address')
    expect(counted).toEqual([{ address: 'mod@example.test' }, { address: 'south@example.test' }])
    expect((await verifyStreamAsync(app.jobsDb, 'system:mail')).ok).toBe(true)
  })

  it("reads the game on the async handle before deciding: no synchronous read of the judge's store", async () => {
    app.judge.folds.clear()
    const version = vi.spyOn(app.judge.o.store, 'version')
    const read = vi.spyOn(app.judge.o.store, 'read')
    const orders = `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 2`
    expect(await intake(eml('south@example.test', orders))).toBe('orders-accepted')
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nSTATUS`))).toBe('command')
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nREPORT 0`))).toBe('command')
    expect((await outboxRowsAsync(app)).filter((r) => r.mail.subject.endsWith('(sent again)'))).toHaveLength(1)
    expect(await intake(eml('spy@elsewhere.test', 'GAME fd1 SOUTH\nKEY 0000000000\nDRAW 1'))).toBe('refused')
    expect(await intake(eml('south@example.test', 'GAME nosuch SOUTH\nKEY 0000000000\nDRAW 1'))).toBe('unidentified')
    expect(version).not.toHaveBeenCalled()
    expect(read).not.toHaveBeenCalled()
    expect(app.judge.load('fd1', { check: true }).orders.get('south')?.receipt).toBe('fd1/1/south-1')
  })

  it('records a bounce in the batch, linked to our outbox row (read ahead on the async handle)', async () => {
    const bounce = Buffer.from(
      [
        'Return-path: <>',
        'From: Mail Delivery System <Mailer-Daemon@mx.example.org>',
        'To: orders@judge.example.test',
        'Subject: Mail delivery failed: returning message to sender',
        'Message-Id: <bounce-1@mx.example.org>',
        'Auto-Submitted: auto-replied',
        '',
        'A message that you sent could not be delivered to one or more of its',
        'recipients. This is a permanent error. The following address(es) failed:',
        '',
        '  north@example.test',
        '    550 5.2.2 Mailbox full',
        '',
        '------ This is a copy of the message, including all the headers. ------',
        '',
        'Message-ID: <report.fd1.r0.north@judge.example.test>',
        'Subject: [fd1] Game opens (north)',
        '',
      ].join('\r\n'),
    )
    const append = vi.spyOn(app.judge.o.store, 'append')
    expect(await intake(bounce)).toBe('ignored-automated')
    expect(append).not.toHaveBeenCalled()
    const report = (await outboxRowsAsync(app)).find(
      (r) => r.mail.messageId === 'report.fd1.r0.north@judge.example.test',
    )!
    const failed = (await readEvents(app, 'system:mail')).filter((e) => e.type === 'DeliveryFailed')
    expect(failed.map((e) => e.data)).toEqual([
      expect.objectContaining({ recipient: 'north@example.test', outboxId: report.id, game: 'fd1', kind: 'report' }),
    ])
  })

  describe('a group of IMAP messages', () => {
    const orders = (n: number, id = `group-${n}`) =>
      eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW ${1 + (n % 3)}`, id)
    const asyncFiling = (): AsyncBatchFiling<GroupMessage> => ({
      readAhead: (raw, source) => readForGroup(raw, source, deps()),
      fileAll: (read) => fileGroup(read, deps()),
    })
    const fetched = (raws: Buffer[]): Fetched[] =>
      raws.map((raw, i) => ({ uid: i + 1, source: `imap:INBOX:1:${i + 1}`, raw }))

    it('is filed in one batch, one durable commit, each message after the ones before it', async () => {
      const append = vi.spyOn(app.judge.o.store, 'append')
      const batch = vi.spyOn(app.jobsDb, 'batch')
      const filed = await fileTogether(asyncFiling(), fetched([orders(1), orders(2), orders(3)]), () => false)
      expect(filed.map((h) => [h.uid, h.result])).toEqual([
        [1, 'orders-accepted'],
        [2, 'orders-accepted'],
        [3, 'orders-accepted'],
      ])
      expect(batch).toHaveBeenCalledTimes(1)
      expect(append).not.toHaveBeenCalled()
      const fold = app.judge.load('fd1', { check: true })
      expect([...fold.receipts.keys()]).toEqual(['fd1/1/south-1', 'fd1/1/south-2', 'fd1/1/south-3'])
      expect(app.judge.load('fd1').version).toBe(fold.version)
      expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
      expect((await mailReceived()).map((e) => (e.data as { receipt: string }).receipt)).toEqual([
        'fd1/1/south-1',
        'fd1/1/south-2',
        'fd1/1/south-3',
      ])
      expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
      expect((await verifyStreamAsync(app.jobsDb, 'system:mail')).ok).toBe(true)
      expect((await outboxRowsAsync(app)).filter((r) => r.kind === 'ack')).toHaveLength(3)
    })

    it('files a message twice in one group once, and a group filed again as duplicates', async () => {
      const raw = orders(1, 'group-twice')
      const twice = fetched([raw, orders(2), Buffer.from(raw)])
      expect((await fileTogether(asyncFiling(), twice, () => false)).map((h) => h.result)).toEqual([
        'orders-accepted',
        'orders-accepted',
        'duplicate',
      ])
      expect((await fileTogether(asyncFiling(), twice, () => false)).map((h) => h.result)).toEqual([
        'duplicate',
        'duplicate',
        'duplicate',
      ])
      expect(await mailReceived()).toHaveLength(2)
    })

    it("files a moderator's EXTEND in the group's one batch, the orders after it on the game it leaves", async () => {
      const append = vi.spyOn(app.judge.o.store, 'append')
      const batch = vi.spyOn(app.jobsDb, 'batch')
      const before = app.judge.load('fd1').deadline!.deadline
      const mod = eml('mod@example.test', `GAME fd1 MODERATOR\nKEY ${app.judge.moderatorKey('fd1')}\nEXTEND 24H`)
      const filed = await fileTogether(asyncFiling(), fetched([orders(1), mod, orders(3)]), () => false)
      expect(filed.map((h) => h.result)).toEqual(['orders-accepted', 'command', 'orders-accepted'])
      expect(batch).toHaveBeenCalledTimes(1)
      expect(append).not.toHaveBeenCalled()
      const fold = app.judge.load('fd1', { check: true })
      expect(Date.parse(fold.deadline!.deadline) - Date.parse(before)).toBe(24 * 3600_000)
      expect(fold.events.slice(-3).map((e) => e.type)).toEqual(['OrdersAccepted', 'DeadlineSet', 'OrdersAccepted'])
      expect(app.judge.clock.read('fd1')?.version).toBe(fold.version)
      expect(clockProblems(app.judge)).toEqual([])
      expect(await mailReceived()).toHaveLength(3)
    })

    it('is decided again, whole, when another writer got to the game between its reads and its batch', async () => {
      const read = [await readForGroup(orders(1), 's1', deps()), await readForGroup(orders(2), 's2', deps())]
      const batch = app.jobsDb.batch.bind(app.jobsDb)
      let raced = false
      vi.spyOn(app.jobsDb, 'batch').mockImplementation(async (steps) => {
        if (!raced) {
          raced = true
          app.judge.submitOrders('fd1', 'north', 'DRAW 1', { messageId: 'other@x', from: 'north@example.test' })
        }
        return batch(steps)
      })
      expect(await fileGroup(read, deps())).toEqual(['orders-accepted', 'orders-accepted'])
      const fold = app.judge.load('fd1', { check: true })
      expect(fold.events.slice(-3).map((e) => (e.data as { role: string }).role)).toEqual(['north', 'south', 'south'])
      expect(await mailReceived()).toHaveLength(2)
      expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
    })
  })

  it('writes nothing when the mail record moved on after its head was read', async () => {
    const batch = await openBatch(deps(), app.jobsDb)
    batch.recordMail([received('a')])
    app.judge.mail.transaction(() => app.judge.mail.record([received('b')]))
    expect(await batch.commit()).toBe(false)
    expect((await mailReceived()).map((e) => (e.data as { messageId: string }).messageId)).toEqual(['b@example.test'])
  })

  it('writes nothing when the game moved on after its fold was read, and files it again on top', async () => {
    const batch = await openBatch(deps(), app.jobsDb)
    await batch.readGame('fd1')
    const version = app.judge.load('fd1').version
    expect(batch.fileOrders('fd1', 'south', 'DRAW 1', { messageId: 'a@x', from: 'south@example.test' })).toMatchObject({
      accepted: true,
    })
    app.judge.submitOrders('fd1', 'north', 'DRAW 1', { messageId: 'b@x', from: 'north@example.test' })
    expect(await batch.commit()).toBe(false)
    const fold = app.judge.load('fd1', { check: true })
    expect(fold.version).toBe(version + 1)
    expect([...fold.orders.keys()]).toEqual(['north'])
    expect(app.judge.clock.read('fd1')?.version).toBe(version + 1)
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`))).toBe('orders-accepted')
    expect(app.judge.load('fd1').version).toBe(version + 2)
    expect((await verifyStreamAsync(app.jobsDb, 'game:fd1')).ok).toBe(true)
  })
})

describe.each(bothEngines())('answers to questions in one batch on $name', (engine) => {
  const SOLO = 'solo@example.test'
  let app: TestApp
  let key: string
  beforeEach(() => {
    app = testApp('questions-1', { database: engine.app() })
    registerFixture()
    app.judge.createGame({
      game: 'q1',
      ruleset: hiddenDeckFactory.id,
      scenario: 'standard',
      players: [{ role: 'solo', address: SOLO, name: 'Solo' }],
      zone: 'UTC',
    })
    key = app.judge.keyFor('q1', 'solo')
  })
  afterEach(() => app.cleanup())

  const deps = (): IntakeDeps => ({
    judge: app.judge,
    db: app.db,
    jobsDb: app.jobsDb,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
  const deliver = (body: string) => handleInbound(eml(SOLO, `GAME q1 SOLO\nKEY ${key}\n${body}`), 'test', deps())
  const made = async () => (await readEvents(app, 'game:q1')).filter((e) => e.type === 'DecisionMade')
  const toSolo = async () => (await outboxRowsAsync(app)).filter((r) => r.recipient === SOLO)

  it('files an answer in the batch: the event, the notice, the clock row, the fold kept', async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const before = app.judge.load('q1').version
    expect(await deliver('DECIDE R1-STAKE STAKE 3')).toBe('command')
    expect(append).not.toHaveBeenCalled()
    expect((await made()).map((e) => e.data)).toEqual([{ point: 1, decisionId: 'R1-STAKE', applied: 'STAKE 3' }])
    expect((await toSolo()).at(-1)!.mail.subject).toBe('[q1] Decision recorded: R1-STAKE STAKE 3')
    expect(app.judge.load('q1').version).toBe(before + 1)
    expect(app.judge.load('q1').answers.get('R1-STAKE')?.applied).toBe('STAKE 3')
    expect(app.judge.clock.read('q1')?.version).toBe(before + 1)
    expect((await verifyStreamAsync(app.jobsDb, 'game:q1')).ok).toBe(true)
  })

  it('files answers and orders of one mail in one batch, acknowledged once', async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    const before = (await toSolo()).length
    expect(await deliver('DECIDE R1-STAKE STAKE 4\nDRAW 3')).toBe('orders-accepted')
    expect(append).not.toHaveBeenCalled()
    const fold = app.judge.load('q1', { check: true })
    expect(fold.events.slice(-2).map((e) => e.type)).toEqual(['DecisionMade', 'OrdersAccepted'])
    expect(fold.orders.get('solo')?.normalised).toEqual(['DRAW 3'])
    const replies = (await toSolo()).slice(before)
    expect(replies).toHaveLength(1)
    expect(replies[0]!.mail.text).toContain('R1-STAKE: STAKE 4')
    const kept = app.judge.load('q1')
    expect(kept.version).toBe(fold.version)
    expect(kept.events.map((e) => [e.position, e.hash])).toEqual(fold.events.map((e) => [e.position, e.hash]))
    expect(kept.answers.get('R1-STAKE')?.applied).toBe('STAKE 4')
  })

  it('decides an answer again when another writer appended to the game first (rule: an answer is final)', async () => {
    const batch = await openBatch(deps(), app.jobsDb)
    await batch.readGame('q1')
    expect(batch.judge.answer('q1', 'solo', [{ decisionId: 'R1-STAKE', answer: 'STAKE 2' }]).ok).toBe(true)
    app.judge.answer('q1', 'solo', [{ decisionId: 'R1-STAKE', answer: 'STAKE 5' }])
    expect(await batch.commit()).toBe(false)
    expect((await made()).map((e) => (e.data as { applied: string }).applied)).toEqual(['STAKE 5'])
    expect(await deliver('DECIDE R1-STAKE STAKE 1')).toBe('command')
    expect(await made()).toHaveLength(1)
    expect((await toSolo()).at(-1)!.mail.text).toContain('already settled: STAKE 5')
    expect((await verifyStreamAsync(app.jobsDb, 'game:q1')).ok).toBe(true)
  })

  it('files two answers to one question delivered at once: one recorded, the other refused as settled', async () => {
    const outcomes = await Promise.all([deliver('DECIDE R1-STAKE STAKE 2'), deliver('DECIDE R1-STAKE STAKE 3')])
    expect(outcomes).toEqual(['command', 'command'])
    expect(await made()).toHaveLength(1)
    const applied = ((await made())[0]!.data as { applied: string }).applied
    const notices = (await toSolo()).filter((r) => /Decision/.test(r.mail.subject))
    expect(notices.map((r) => r.mail.subject).sort()).toEqual(
      [`[q1] Decision recorded: R1-STAKE ${applied}`, '[q1] Decision not recorded: R1-STAKE'].sort(),
    )
    expect((await readEvents(app, 'system:mail')).filter((e) => e.type === 'MailReceived')).toHaveLength(2)
    expect((await verifyStreamAsync(app.jobsDb, 'game:q1')).ok).toBe(true)
  })

  it('files the same answer delivered twice at once only once', async () => {
    const raw = eml(SOLO, `GAME q1 SOLO\nKEY ${key}\nDECIDE R1-STAKE STAKE 2`, 'answer-twice')
    const outcomes = await Promise.all([
      handleInbound(raw, 'test', deps()),
      handleInbound(Buffer.from(raw), 'test', deps()),
    ])
    expect(outcomes.sort()).toEqual(['command', 'duplicate'])
    expect(await made()).toHaveLength(1)
    expect((await readEvents(app, 'system:mail')).filter((e) => e.type === 'MailReceived')).toHaveLength(1)
  })
})
