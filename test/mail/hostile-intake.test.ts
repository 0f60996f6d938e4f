// Issue "Hostile and unlucky mail": what the intake does with mail that is broken, cut short,
// built to be slow, or sent by a stranger fishing for information.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nestingDepth, plainTextOf, renderable } from '../../src/mail/htmlText.ts'
import { parseInbound } from '../../src/mail/inbound.ts'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { readText } from '../../src/mail/reading.ts'
import { cutShortReason } from '../../src/mail/truncation.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let keys: Record<string, string>
let deps: IntakeDeps
beforeEach(() => {
  app = testApp()
  keys = createFixtureDuel(app).keys
  deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
})
afterEach(() => app.cleanup())

let seq = 0
const head = (from: string, more: string[] = []) =>
  [
    `From: ${from}`,
    'To: orders@judge.example.test',
    'Subject: orders',
    `Message-ID: <hostile-${++seq}@example.test>`,
    'MIME-Version: 1.0',
    ...more,
  ].join('\r\n')
const intake = (raw: Buffer) => handleInbound(raw, 'test', deps)
const records = () => app.store.read('system:mail').filter((e) => e.type === 'MailReceived')
const lastRecord = () => records().at(-1)!.data as { outcome: string; detail: string }
const mailTo = (address: string) => outboxRows(app).filter((r) => r.recipient === address)
const orders = () => `GAME fd1 SOUTH\r\nKEY ${keys.south}\r\nDRAW 1\r\n`

function base64Mail(from: string, body: string, cut = 0): Buffer {
  const encoded = Buffer.from(body).toString('base64')
  const b64 = (cut ? encoded.slice(0, encoded.length - cut) : encoded).replace(/.{76}/g, '$&\r\n')
  return Buffer.from(
    `${head(from, ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'])}\r\n\r\n${b64}\r\n`,
  )
}

describe('mail cut short', () => {
  it('a base64 body that stops mid-quantum is refused, not filed short; the orders on file stay', async () => {
    expect(await intake(base64Mail('south@example.test', orders()))).toBe('orders-accepted')
    const changed = `GAME fd1 SOUTH\r\nKEY ${keys.south}\r\nDRAW 2\r\nHIGH ASK\r\n`
    expect(await intake(base64Mail('south@example.test', changed, 3))).toBe('refused')
    expect(lastRecord().detail).toMatch(/^cut short: a base64-encoded part stops in the middle/)
    expect(app.judge.load('fd1').orders.get('south')!.normalised.join('\n')).toMatch(/DRAW 1/)
    expect(mailTo('south@example.test').at(-1)!.mail.text).toMatch(
      /arrived incomplete .* orders you sent earlier stand/s,
    )
  })

  it('a multipart whose closing delimiter never came is cut short; a whole one is not', () => {
    const multipart = (close: boolean) =>
      Buffer.from(
        `${head('south@example.test', ['Content-Type: multipart/mixed; boundary="XYZ"'])}\r\n\r\n--XYZ\r\nContent-Type: text/plain\r\n\r\nDRAW 1\r\n${close ? '--XYZ--\r\n' : ''}`,
      )
    expect(cutShortReason(multipart(false))).toMatch(/never ends \(no closing "--XYZ--" line\)/)
    expect(cutShortReason(multipart(true))).toBeNull()
    expect(cutShortReason(base64Mail('a@b.test', 'hello there, whole quanta'))).toBeNull()
  })
})

describe('mail the parser cannot read', () => {
  it('multipart nested 3,000 deep is recorded as unreadable and its sender told', async () => {
    let body = ''
    for (let i = 0; i < 3000; i++) body += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`
    body += 'Content-Type: text/plain\r\n\r\nhello\r\n'
    for (let i = 2999; i >= 0; i--) body += `\r\n--b${i}--\r\n`
    const raw = Buffer.from(`${head('someone@example.test')}\r\n${body}`)
    expect(await intake(raw)).toBe('unreadable')
    expect(lastRecord().detail).toMatch(/could not be read as MIME/)
    expect(mailTo('someone@example.test').at(-1)!.mail.subject).toBe('[judge] Your message could not be read')
  })
})

describe('reading costs linear time', () => {
  it('closing words every few lines are not rescanned to the end each time (once 18 s for 1 MB)', () => {
    const text = 'thanks\n\n\n\n'.repeat(20_000)
    const started = performance.now()
    readText(text)
    // A generous bound: the quadratic version took over 10 s here; the linear one a few ms.
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('a body of spaces with one letter at the end is normalised in one pass (once 17 s for 120 KB)', async () => {
    const raw = Buffer.from(`${head('a@b.test', ['Content-Type: text/plain'])}\r\n\r\n${' \r\n'.repeat(300_000)}x`)
    const started = performance.now()
    const mail = await parseInbound(raw)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(mail.text.trim()).toBe('x')
  })

  it('HTML nested deeper than any client writes is read by the linear pass, keeping its text', () => {
    const deep = `${'<div>'.repeat(100_000)}GAME fd1 SOUTH<br>DRAW 1 &amp; more`
    expect(nestingDepth(deep)).toBe(100_000)
    expect(renderable(deep)).toBe(false)
    expect(renderable('<p>GAME fd1</p><p>DRAW 1</p>')).toBe(true)
    expect(plainTextOf(deep).trim()).toBe('GAME fd1 SOUTH\nDRAW 1 & more')
    expect(plainTextOf(`<style>p{}</style><p>a</p>${'<script>'.repeat(1000)}b`)).toBe('\na\nb')
  })
})

describe('strangers learn nothing about other games', () => {
  it('neither HELP, nor a mail without a game, nor an unknown game names a game on the judge', async () => {
    const stranger = 'nosy@elsewhere.test'
    await intake(Buffer.from(`${head(stranger)}\r\n\r\nHELP\r\n`))
    await intake(Buffer.from(`${head(stranger)}\r\n\r\nhello, which games run here?\r\n`))
    await intake(Buffer.from(`${head(stranger)}\r\n\r\nGAME fd2 NORTH\r\nKEY 123\r\n`))
    const replies = mailTo(stranger)
    expect(replies).toHaveLength(3)
    for (const r of replies) expect(r.mail.text).not.toMatch(/\bfd1\b/)
  })
})

describe('duplicates', () => {
  it('a stranger reusing a player’s Message-ID does not hide the player’s orders', async () => {
    const junk = Buffer.from(
      `From: junk@elsewhere.test\r\nTo: orders@judge.example.test\r\nSubject: x\r\nMessage-ID: <same@example.test>\r\n\r\nbuy now\r\n`,
    )
    const real = Buffer.from(
      `From: south@example.test\r\nTo: orders@judge.example.test\r\nSubject: x\r\nMessage-ID: <same@example.test>\r\n\r\n${orders()}`,
    )
    await intake(junk)
    expect(await intake(real)).toBe('orders-accepted')
    // The very same message relayed again, with one more Received line, is still a duplicate.
    expect(await intake(Buffer.concat([Buffer.from('Received: from relay by judge; Mon, 2 Mar 2026\r\n'), real]))).toBe(
      'duplicate',
    )
  })
})

describe('the reply limit', () => {
  it('holds back refusals of forged moderator commands, to the forger and to the moderator alike', async () => {
    for (let i = 0; i < 25; i++)
      expect(
        await intake(
          Buffer.from(`${head('forger@elsewhere.test')}\r\n\r\nGAME fd1 MODERATOR\r\nKEY 0000\r\nPAUSE\r\n`),
        ),
      ).toBe('command')
    expect(mailTo('forger@elsewhere.test')).toHaveLength(20)
    expect(mailTo('mod@example.test').filter((r) => /tried a moderator command/.test(r.mail.subject))).toHaveLength(20)
    expect(app.judge.load('fd1').paused).toBeFalsy()
  })

  it('never holds back the warning that a key was used from another address', async () => {
    // The player of record has had his twenty notices this hour ...
    for (let i = 0; i < 20; i++) await intake(Buffer.from(`${head('south@example.test')}\r\n\r\n\r\n`))
    expect(mailTo('south@example.test').filter((r) => r.kind === 'notice')).toHaveLength(20)
    // ... and still hears that his key was used from elsewhere.
    expect(await intake(Buffer.from(`${head('thief@elsewhere.test')}\r\n\r\n${orders()}`))).toBe('orders-accepted')
    expect(mailTo('south@example.test').some((r) => /came from thief@elsewhere.test/.test(r.mail.subject))).toBe(true)
  })
})
