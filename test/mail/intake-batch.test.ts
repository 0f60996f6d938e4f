// The intake filing on the async store (src/engine/filingBatch.ts, src/mail/intakeWrites.ts), on
// both engines: a message of orders is decided from the fold and written in one batch (the game's
// event, its clock row, the acknowledgement, the mail record, mail_seen), never through the judge's
// synchronous append; the judge's fold afterwards is the one the batch left; the same message
// delivered twice at once is filed once; a refusal's notices and reply counts go in the batch; a
// mail command is filed the synchronous way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { verifyStream } from '../../src/log/verify.ts'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { openBatch } from '../../src/mail/intakeWrites.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { bothEngines } from '../pg/engines.ts'

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
  const mailReceived = () => app.store.read('system:mail').filter((e) => e.type === 'MailReceived')

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
    expect(verifyStream(app.db, 'game:fd1').ok).toBe(true)
    expect(verifyStream(app.db, 'system:mail').ok).toBe(true)
    expect(outboxRows(app).filter((r) => r.kind === 'ack' && r.recipient === 'south@example.test')).toHaveLength(1)
    expect(mailReceived().at(-1)!.data).toMatchObject({ outcome: 'orders-accepted', receipt: 'fd1/1/south-1' })
    // A later filing reads the stored event's chain, so a wrong hash or position would fail it here.
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`))).toBe('orders-accepted')
    expect(app.judge.load('fd1', { check: true }).orders.get('south')?.receipt).toBe('fd1/1/south-2')
  })

  it('files the same message delivered twice at once only once', async () => {
    const raw = eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`, 'twice')
    const outcomes = await Promise.all([intake(raw), intake(Buffer.from(raw))])
    expect(outcomes.sort()).toEqual(['duplicate', 'orders-accepted'])
    expect(app.judge.load('fd1', { check: true }).receipts.size).toBe(1)
    expect(mailReceived()).toHaveLength(1)
  })

  it("files a refusal's notices and reply counts in the batch", async () => {
    expect(await intake(eml('spy@elsewhere.test', 'GAME fd1 SOUTH\nKEY 0000000000\nDRAW 1'))).toBe('refused')
    const to = outboxRows(app).map((r) => r.recipient)
    expect(to).toContain('spy@elsewhere.test')
    expect(to).toContain('south@example.test')
    const counted = app.db.prepare('SELECT address FROM intake_replies ORDER BY address').all()
    expect(counted).toEqual(
      expect.arrayContaining([{ address: 'spy@elsewhere.test' }, { address: 'south@example.test' }]),
    )
    expect(app.db.prepare('SELECT outcome FROM mail_seen').all()).toEqual([{ outcome: 'refused' }])
  })

  it('files a mail command the synchronous way, once', async () => {
    const append = vi.spyOn(app.judge.o.store, 'append')
    expect(await intake(eml('south@example.test', `GAME fd1 SOUTH\nKEY ${keys.south}\nSTATUS`))).toBe('command')
    expect(append).toHaveBeenCalled()
    expect(mailReceived()).toHaveLength(1)
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM mail_seen').get()).toEqual({ n: 1 })
  })

  it('writes nothing when the mail record moved on after its head was read', async () => {
    const batch = await openBatch(deps(), app.jobsDb)
    batch.recordMail([received('a')])
    app.judge.mail.transaction(() => app.judge.mail.record([received('b')]))
    expect(await batch.commit()).toBe(false)
    expect(mailReceived().map((e) => (e.data as { messageId: string }).messageId)).toEqual(['b@example.test'])
  })

  it('writes nothing when the game moved on after its fold was read, and files it again on top', async () => {
    const batch = await openBatch(deps(), app.jobsDb)
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
    expect(verifyStream(app.db, 'game:fd1').ok).toBe(true)
  })
})
