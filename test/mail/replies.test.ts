// Replies that never mislead (issue 14): what the judge answers a player says how his mail was read,
// names no step wrongly, and keeps to one subject tag.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createWeakBeginning, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let keys: Record<string, string>
beforeEach(() => {
  app = testApp()
  keys = createWeakBeginning(app).keys
})
afterEach(() => app.cleanup())

let seq = 0
function eml(opts: { from?: string; to?: string; subject?: string; body: string; contentType?: string }): Buffer {
  const head = [
    `From: ${opts.from ?? 'Reb <reb@example.test>'}`,
    `To: ${opts.to ?? 'orders@judge.example.test'}`,
    `Subject: ${opts.subject ?? 'orders'}`,
    `Message-ID: <replies${++seq}@example.test>`,
    'MIME-Version: 1.0',
    `Content-Type: ${opts.contentType ?? 'text/plain; charset=utf-8'}`,
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${opts.body.replace(/\n/g, '\r\n')}\r\n`)
}
const intake = (raw: Buffer) =>
  handleInbound(raw, 'test', {
    judge: app.judge,
    db: app.db,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
const lastTo = (address: string) =>
  outboxRows(app)
    .filter((r) => r.recipient === address)
    .at(-1)!
const orders = (body: string) => `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\n${body}`

describe('one reading for mail and pbem check', () => {
  it('a bare signature name after a blank line no longer rejects the whole mail', async () => {
    expect(await intake(eml({ body: orders('SUM: STAY\n\nBob') }))).toBe('orders-accepted')
    expect(await intake(eml({ body: orders('SUM: STAY\n\nRegards,\nBob') }))).toBe('orders-accepted')
  })
})
