import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  DropFolderTransport,
  backoffMs,
  composeEml,
  drainOutbox,
  enqueueMail,
  MAIL_MAX_BYTES,
  type MailTransport,
  type OutboundMail,
} from '../../src/mail/outbound.ts'
import { parseInbound } from '../../src/mail/inbound.ts'
import { DRAWINGS, rasterise } from '../../src/reports/pictures.ts'
import { bothEngines } from '../pg/engines.ts'
import { jobsOf } from '../helpers/jobsDb.ts'

// The outbox cases run on both engines.
const ENGINES = bothEngines()

const T0 = new Date('2025-04-21T06:00:00.000Z')
const at = (ms: number): Date => new Date(T0.getTime() + ms)

function report(n: number, over: Partial<OutboundMail> = {}): OutboundMail {
  return {
    messageId: `report.sd-demo.${n}.confederate@judge.example`,
    from: 'Sea Devils judge <judge@judge.example>',
    to: 'Jefferson Davis <JDavis@Richmond.example>',
    replyTo: 'orders+sd-demo.confederate.7f3a9c@judge.example',
    subject: `Sea Devils sd-demo turn ${n} report`,
    text: `Turn ${n}\nSUM: RUN-OUT — café\n`,
    html: `<p>Turn ${n}</p><p>SUM: RUN-OUT &mdash; caf&eacute;</p>`,
    ...over,
  }
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'acw-outbox-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('composeEml', () => {
  it('round-trips through simpleParser with both parts, ids, threading and attachments', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex')
    const mail = report(3, {
      inReplyTo: 'CAF3x+9QmJ7wz=Yv6Hk1b2Cq@mail.gmail.example',
      references: ['report.sd-demo.2.confederate@judge.example', 'CAF3x+9QmJ7wz=Yv6Hk1b2Cq@mail.gmail.example'],
      attachments: [
        { filename: 'orders.txt', content: Buffer.from('SUM: RAID\n').toString('base64'), contentType: 'text/plain' },
        { filename: 'map.png', content: png.toString('base64'), contentType: 'image/png', cid: 'map@judge' },
      ],
      headers: { 'X-Pbem-Game': 'sd-demo' },
    })
    const eml = await composeEml(mail, T0)
    const text = eml.toString('latin1')
    expect(text).toMatch(/\r\n/)
    expect(text).toMatch(/^Auto-Submitted: auto-replied\r$/m)
    expect(text).toMatch(/^X-Mailer: acw-pbem\r$/m)

    const p = await simpleParser(eml)
    expect(p.messageId).toBe('<report.sd-demo.3.confederate@judge.example>')
    expect(p.inReplyTo).toBe('<CAF3x+9QmJ7wz=Yv6Hk1b2Cq@mail.gmail.example>')
    expect(p.references).toEqual([
      '<report.sd-demo.2.confederate@judge.example>',
      '<CAF3x+9QmJ7wz=Yv6Hk1b2Cq@mail.gmail.example>',
    ])
    expect(p.date?.toISOString()).toBe(T0.toISOString())
    expect(p.subject).toBe('Sea Devils sd-demo turn 3 report')
    expect(p.from?.value[0]).toMatchObject({ address: 'judge@judge.example', name: 'Sea Devils judge' })
    expect(p.replyTo?.value[0]?.address).toBe('orders+sd-demo.confederate.7f3a9c@judge.example')
    expect(p.text).toBe('Turn 3\nSUM: RUN-OUT — café\n')
    expect(p.html).toContain('<p>SUM: RUN-OUT &mdash; caf&eacute;</p>')
    expect(p.headers.get('x-pbem-game')).toBe('sd-demo')
    const byName = new Map(p.attachments.map((a) => [a.filename, a]))
    expect(byName.get('orders.txt')?.content.toString()).toBe('SUM: RAID\n')
    expect(byName.get('map.png')?.content.equals(png)).toBe(true)
    expect(byName.get('map.png')?.cid).toBe('map@judge')

    // our own mail, read back by our own parser, is recognised as a robot's
    expect((await parseInbound(eml)).automated).toBe('Auto-Submitted: auto-replied')
  })

  it('is multipart/alternative with text first, and byte-stable', async () => {
    const a = await composeEml(report(1), T0)
    const b = await composeEml(report(1), T0)
    expect(a.equals(b)).toBe(true)
    const s = a.toString('latin1')
    expect(s).toMatch(/^Content-Type: multipart\/alternative;/m)
    expect(s.indexOf('Content-Type: text/plain')).toBeLessThan(s.indexOf('Content-Type: text/html'))
  })

  it('References defaults to In-Reply-To; headers may override Auto-Submitted', async () => {
    const p = await simpleParser(
      await composeEml(
        report(2, { inReplyTo: 'x@y', html: undefined, headers: { 'Auto-Submitted': 'auto-generated' } }),
        T0,
      ),
    )
    expect(p.references).toBe('<x@y>')
    expect(p.headers.get('auto-submitted')).toBe('auto-generated')
    expect(p.html).toBe(false)
  })
})

/** A picture that compresses badly: 3,000 dots of random colours on 800 x 600. */
function noisyPicture(): string {
  let seed = 7
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const dots = Array.from(
    { length: 3000 },
    () =>
      `<circle cx="${Math.round(rnd() * 800)}" cy="${Math.round(rnd() * 600)}" r="${Math.round(2 + rnd() * 6)}" fill="rgb(${Math.round(rnd() * 255)},${Math.round(rnd() * 255)},${Math.round(rnd() * 255)})"/>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#dde"/>${dots.join('')}</svg>`
}

describe('composeEml keeps a mail with pictures under MAIL_MAX_BYTES', () => {
  const svg = noisyPicture()
  const withPicture = (textBytes: number) =>
    report(9, {
      text: `${'A line of a long report.\n'.repeat(Math.ceil(textBytes / 25))}`,
      attachments: [{ filename: 'map.png', contentType: 'image/png', cid: 'map@acw-pbem', svg }],
    })
  const pngOf = async (eml: Buffer) => (await simpleParser(eml)).attachments[0]!.content

  it('draws the pictures the first way when the mail fits', async () => {
    const eml = await composeEml(withPicture(1000), T0)
    expect(eml.length).toBeLessThan(MAIL_MAX_BYTES)
    expect((await pngOf(eml)).equals(rasterise(svg, DRAWINGS[0]))).toBe(true)
  })

  it('draws them smaller, in fewer colours, when the first way would pass it', async () => {
    const first = rasterise(svg, DRAWINGS[0])
    expect(first.length * (4 / 3) + 110_000).toBeGreaterThan(MAIL_MAX_BYTES)
    const eml = await composeEml(withPicture(110_000), T0)
    expect(eml.length).toBeLessThan(MAIL_MAX_BYTES)
    const png = await pngOf(eml)
    expect(png.equals(rasterise(svg, DRAWINGS[1]))).toBe(true)
    expect(png.readUInt32BE(16)).toBe(Math.round(800 * DRAWINGS[1]!.scale))
    // The same mail gives the same bytes every time (a re-send is the same message).
    expect((await composeEml(withPicture(110_000), T0)).equals(eml)).toBe(true)
  })
})

describe.each(ENGINES)('enqueueMail on $name', ({ open: openDb }) => {
  it('is idempotent by message_id', () => {
    const db = openDb()
    const id1 = db.transaction(() => enqueueMail(db, report(1), { game: 'sd-demo', kind: 'report' }, T0))()
    const id2 = enqueueMail(db, report(2), { game: 'sd-demo', kind: 'report' }, T0)
    const again = enqueueMail(db, { ...report(1), subject: 'changed' }, { game: 'x', kind: 'ack' }, at(1000))
    const bracketed = enqueueMail(
      db,
      { ...report(1), messageId: '<report.sd-demo.1.confederate@judge.example>' },
      { game: null, kind: 'ack' },
      T0,
    )
    expect(id2).not.toBe(id1)
    expect(again).toBe(id1)
    expect(bracketed).toBe(id1)
    const rows = db.prepare('SELECT * FROM outbox ORDER BY id').all() as Record<string, unknown>[]
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      id: id1,
      message_id: 'report.sd-demo.1.confederate@judge.example',
      game: 'sd-demo',
      recipient: 'Jefferson Davis <JDavis@Richmond.example>',
      kind: 'report',
      created_at: T0.toISOString(),
      sent_at: null,
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
    })
    expect(JSON.parse(rows[0]!.payload as string).subject).toBe('Sea Devils sd-demo turn 1 report')
  })

  it('rolls back with the caller transaction', () => {
    const db = openDb()
    expect(() =>
      db.transaction(() => {
        enqueueMail(db, report(1), { game: 'sd-demo', kind: 'report' }, T0)
        throw new Error('event append failed')
      })(),
    ).toThrow('event append failed')
    expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 })
  })
})

describe.each(ENGINES)('drainOutbox with DropFolderTransport on $name', ({ open: openDb }) => {
  it('writes one complete .eml per row, in id order, and marks rows sent', async () => {
    const db = openDb()
    const ids = [1, 2, 3].map((n) => enqueueMail(db, report(n), { game: 'sd-demo', kind: 'report' }, T0))
    const transport = new DropFolderTransport(join(dir, 'outbox'))
    expect(await drainOutbox(jobsOf(db), transport, () => at(5000))).toEqual({ sent: 3, failed: 0 })
    const files = readdirSync(join(dir, 'outbox'))
    expect(files).toEqual(ids.map((id) => `${String(id).padStart(6, '0')}-jdavis@richmond.example.eml`))
    const p = await simpleParser(readFileSync(join(dir, 'outbox', files[0]!)))
    expect(p.messageId).toBe('<report.sd-demo.1.confederate@judge.example>')
    expect(p.text).toContain('Turn 1')
    expect(p.html).toContain('<p>Turn 1</p>')
    expect(p.date?.toISOString()).toBe(T0.toISOString()) // the row's created_at
    const rows = db.prepare('SELECT sent_at, attempts FROM outbox').all()
    expect(rows).toEqual(ids.map(() => ({ sent_at: at(5000).toISOString(), attempts: 1 })))
    // nothing left to do
    expect(await drainOutbox(jobsOf(db), transport, () => at(6000))).toEqual({ sent: 0, failed: 0 })
    expect(readdirSync(join(dir, 'outbox'))).toHaveLength(3)
  })

  it('retries with exponential backoff after a failing transport, never a second file', async () => {
    const db = openDb()
    const id = enqueueMail(db, report(1), { game: 'sd-demo', kind: 'report' }, T0)
    const drop = new DropFolderTransport(join(dir, 'outbox'))
    let failuresLeft = 3
    let calls = 0
    const flaky: MailTransport = {
      name: 'flaky',
      async send(mail, eml, outboxId) {
        calls++
        if (failuresLeft-- > 0) throw new Error('421 try again later')
        await drop.send(mail, eml, outboxId)
      },
    }
    const row = () =>
      db.prepare('SELECT attempts, last_error, next_attempt_at, sent_at FROM outbox WHERE id = ?').get(id) as {
        attempts: number
        last_error: string | null
        next_attempt_at: string | null
        sent_at: string | null
      }

    expect(await drainOutbox(jobsOf(db), flaky, () => T0)).toEqual({ sent: 0, failed: 1 })
    expect(row()).toEqual({
      attempts: 1,
      last_error: 'flaky: Error: 421 try again later',
      next_attempt_at: at(30_000).toISOString(),
      sent_at: null,
    })

    // not due yet: the transport is not even called
    expect(await drainOutbox(jobsOf(db), flaky, () => at(29_999))).toEqual({ sent: 0, failed: 0 })
    expect(calls).toBe(1)

    expect(await drainOutbox(jobsOf(db), flaky, () => at(30_000))).toEqual({ sent: 0, failed: 1 })
    expect(row().next_attempt_at).toBe(at(30_000 + 60_000).toISOString())
    expect(await drainOutbox(jobsOf(db), flaky, () => at(90_000))).toEqual({ sent: 0, failed: 1 })
    expect(row()).toMatchObject({ attempts: 3, next_attempt_at: at(90_000 + 120_000).toISOString() })

    expect(await drainOutbox(jobsOf(db), flaky, () => at(210_000))).toEqual({ sent: 1, failed: 0 })
    expect(row()).toEqual({ attempts: 4, last_error: null, next_attempt_at: null, sent_at: at(210_000).toISOString() })
    expect(readdirSync(join(dir, 'outbox'))).toEqual([`${String(id).padStart(6, '0')}-jdavis@richmond.example.eml`])
    expect(calls).toBe(4)
  })

  it('a crash after sending re-sends the same row into the same file', async () => {
    const db = openDb()
    enqueueMail(db, report(1), { game: 'sd-demo', kind: 'report' }, T0)
    const drop = new DropFolderTransport(join(dir, 'outbox'))
    // simulate: the transport wrote the file, then the process died before sent_at was stored
    const crashing: MailTransport = {
      name: 'crashing',
      async send(mail, eml, outboxId) {
        await drop.send(mail, eml, outboxId)
        throw new Error('process killed')
      },
    }
    await drainOutbox(jobsOf(db), crashing, () => T0)
    const first = readdirSync(join(dir, 'outbox'))
    const bytes = readFileSync(join(dir, 'outbox', first[0]!))
    expect(await drainOutbox(jobsOf(db), drop, () => at(60_000))).toEqual({ sent: 1, failed: 0 })
    const after = readdirSync(join(dir, 'outbox'))
    expect(after).toEqual(first)
    expect(readFileSync(join(dir, 'outbox', after[0]!)).equals(bytes)).toBe(true)
  })

  it('gives up after maxAttempts and honours limit', async () => {
    const db = openDb()
    const a = enqueueMail(db, report(1), { game: null, kind: 'ack' }, T0)
    enqueueMail(db, report(2), { game: null, kind: 'ack' }, T0)
    const failing: MailTransport = { name: 'down', send: async () => Promise.reject(new Error('ECONNREFUSED')) }
    expect(await drainOutbox(jobsOf(db), failing, () => T0, { maxAttempts: 1, limit: 1 })).toEqual({
      sent: 0,
      failed: 1,
    })
    const drop = new DropFolderTransport(join(dir, 'outbox'))
    expect(await drainOutbox(jobsOf(db), drop, () => at(3_600_000), { maxAttempts: 1 })).toEqual({ sent: 1, failed: 0 })
    const stuck = db.prepare('SELECT attempts, sent_at, last_error FROM outbox WHERE id = ?').get(a)
    expect(stuck).toEqual({ attempts: 1, sent_at: null, last_error: 'down: Error: ECONNREFUSED' })
  })

  it('backoff is 30 s * 2^attempts, capped at one hour', () => {
    expect([0, 1, 2, 3, 6, 7, 20, 1000].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ])
  })

  it('file names are safe', async () => {
    const drop = new DropFolderTransport(dir)
    await drop.send(report(1, { to: '"Evil" <../../etc/Pass wd@x.example>' }), Buffer.from('x'), 7)
    await drop.send(report(1, { to: 'Judge <JUDGE@Judge.example>, other@x.example' }), Buffer.from('x'), 8)
    const files = readdirSync(dir)
    expect(files).toHaveLength(2)
    expect(files[0]).toMatch(/^000007-[a-z0-9@._+-]+\.eml$/)
    expect(files[0]).not.toMatch(/^000007-\./)
    expect(files[1]).toBe('000008-judge@judge.example.eml')
  })
})
