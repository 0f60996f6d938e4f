import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { jobsOf } from '../helpers/jobsDb.ts'

let app: TestApp
let keys: Record<string, string>
beforeEach(() => {
  app = testApp()
  keys = createFixtureDuel(app).keys
})
afterEach(() => app.cleanup())

/** Each mail's own Message-ID, unless the test names one (the intake refuses a second mail with the same). */
let mailCount = 0
function eml(opts: {
  from: string
  to?: string
  subject?: string
  body: string
  id?: string
  headers?: string
  html?: boolean
}): Buffer {
  const head = [
    `From: ${opts.from}`,
    `To: ${opts.to ?? 'orders@judge.example.test'}`,
    `Subject: ${opts.subject ?? 'orders'}`,
    `Message-ID: <${opts.id ?? `mail-${++mailCount}`}@example.test>`,
    'MIME-Version: 1.0',
    `Content-Type: ${opts.html ? 'text/html' : 'text/plain'}; charset=utf-8`,
    ...(opts.headers ? [opts.headers] : []),
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${opts.body.replace(/\n/g, '\r\n')}\r\n`)
}

const intake = (raw: Buffer) =>
  handleInbound(raw, 'test', {
    judge: app.judge,
    db: app.db,
    jobsDb: jobsOf(app.db),
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
const lastTo = (address: string) =>
  outboxRows(app)
    .filter((r) => r.recipient === address)
    .at(-1)!

describe('mail intake', () => {
  it('files orders with a KEY line and acknowledges them to the player, threaded to the message', async () => {
    const out = await intake(
      eml({
        from: 'South <south@example.test>',
        id: 'm1',
        body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 2\nHIGH ASK`,
      }),
    )
    expect(out).toBe('orders-accepted')
    const ack = lastTo('south@example.test')
    expect(ack.kind).toBe('ack')
    expect(ack.mail.subject).toMatch(/Orders accepted/)
    expect(ack.mail.text).toContain('HIGH ASK (you are asked about each card over 8 you draw)')
    expect((ack.mail as unknown as { inReplyTo: string }).inReplyTo).toBe('m1@example.test')
    expect(app.store.read('system:mail').at(-1)!.data).toMatchObject({
      outcome: 'orders-accepted',
      game: 'fd1',
      role: 'south',
      receipt: 'fd1/1/south-1',
    })
  })

  it('takes game, role and key from the reply address of a report', async () => {
    const out = await intake(
      eml({
        from: 'south@example.test',
        to: `orders+fd1.south.${keys.south}@judge.example.test`,
        body: 'DRAW 1',
      }),
    )
    expect(out).toBe('orders-accepted')
    expect(app.judge.load('fd1').orders.get('south')!.authenticatedBy).toBe('address-key')
  })

  it('refuses a wrong key, files nothing, and tells the player of record when someone else tried', async () => {
    const out = await intake(eml({ from: 'spy@elsewhere.test', body: 'GAME fd1 SOUTH\nKEY 0000000000\nDRAW 1' }))
    expect(out).toBe('refused')
    expect(app.judge.load('fd1').orders.size).toBe(0)
    expect(lastTo('spy@elsewhere.test').mail.text).toMatch(/The key given does not match/)
    expect(lastTo('south@example.test').mail.subject).toMatch(/without your key/)
  })

  it('accepts orders from a second address only with the key, and tells the player of record', async () => {
    const out = await intake(eml({ from: 'reb.phone@mobile.test', body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1` }))
    expect(out).toBe('orders-accepted')
    expect(lastTo('reb.phone@mobile.test').mail.subject).toMatch(/second address/)
    const notices = outboxRows(app)
      .filter((r) => r.recipient === 'south@example.test')
      .map((r) => r.mail.subject)
    expect(notices.some((s) => /came from reb.phone@mobile.test/.test(s))).toBe(true)
  })

  it('absorbs a duplicate delivery (same Message-ID) without a second receipt', async () => {
    const body = `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`
    expect(await intake(eml({ from: 'south@example.test', id: 'dup', body }))).toBe('orders-accepted')
    expect(await intake(eml({ from: 'south@example.test', id: 'dup', body: `${body}\n` }))).toBe('duplicate')
    expect(app.judge.load('fd1').receipts.size).toBe(1)
  })

  it('never answers a robot', async () => {
    const before = outboxRows(app).length
    const out = await intake(
      eml({ from: 'south@example.test', headers: 'Auto-Submitted: auto-replied', body: 'I am away until Monday.' }),
    )
    expect(out).toBe('ignored-automated')
    expect(outboxRows(app).length).toBe(before)
  })

  it('reads HTML-only mail and ignores quoted lines and the signature', async () => {
    const html = `<div>GAME fd1 SOUTH</div><div>KEY ${keys.south}</div><div>DRAW 2</div><div>-- </div><div>HIGH ASK</div>`
    expect(await intake(eml({ from: 'south@example.test', html: true, body: html }))).toBe('orders-accepted')
    expect(app.judge.load('fd1').orders.get('south')!.normalised).toEqual(['DRAW 2'])
    const quoted = `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1\n\nOn Mon, 2 Mar 2026, Sea judge wrote:\n> DRAW 2\n> HIGH ASK`
    expect(await intake(eml({ from: 'south@example.test', body: quoted }))).toBe('orders-accepted')
    expect(app.judge.load('fd1').orders.get('south')!.normalised).toEqual(['DRAW 1'])
  })

  it('answers a message it cannot place with how to address the judge', async () => {
    expect(await intake(eml({ from: 'new@example.test', body: 'hello, how do I play?' }))).toBe('unidentified')
    expect(lastTo('new@example.test').mail.text).toContain('GAME <game> <role>')
  })

  it('refuses an oversized message politely before parsing it', async () => {
    const big = eml({ from: 'south@example.test', body: 'x'.repeat(3 * 1024 * 1024) })
    expect(await intake(big)).toBe('refused')
    expect(lastTo('south@example.test').mail.subject).toMatch(/too large/)
  })
})
