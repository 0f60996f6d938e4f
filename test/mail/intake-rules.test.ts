import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { composeEml, type OutboundMail } from '../../src/mail/outbound.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { jobsOf } from '../helpers/jobsDb.ts'

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
function eml(opts: {
  from: string
  to?: string
  subject?: string
  body: string
  id?: string
  headers?: readonly string[]
}): Buffer {
  const head = [
    `From: ${opts.from}`,
    `To: ${opts.to ?? 'orders@judge.example.test'}`,
    `Subject: ${opts.subject ?? 'orders'}`,
    `Message-ID: <${opts.id ?? `rules-${++seq}`}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...(opts.headers ?? []),
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${opts.body.replace(/\n/g, '\r\n')}\r\n`)
}
const intake = (raw: Buffer, more: Partial<IntakeDeps> = {}) => handleInbound(raw, 'test', { ...deps, ...more })
const lastRecord = () =>
  app.store
    .read('system:mail')
    .filter((e) => e.type === 'MailReceived')
    .at(-1)!.data
const mailTo = (address: string) => outboxRows(app).filter((r) => r.recipient === address)

describe.each([
  { mode: 'filed synchronously', batch: false },
  { mode: 'filed in one batch', batch: true },
])('intake: the reply rate limit ($mode)', ({ batch }) => {
  beforeEach(() => {
    if (batch) deps = { ...deps, jobsDb: jobsOf(app.db) }
  })

  it('answers a sender at most N times an hour, then records and stays silent, and answers again an hour later', async () => {
    const limit = { replyLimit: 3 }
    for (let i = 0; i < 3; i++) {
      app.now.t += 60_000
      expect(
        await intake(
          eml({
            from: 'bot@loop.test',
            subject: `Re: [judge] Which game? ${i}`,
            body: 'I did not understand your message.',
          }),
          limit,
        ),
      ).toBe('unidentified')
    }
    expect(mailTo('bot@loop.test')).toHaveLength(3)
    app.now.t += 60_000
    expect(await intake(eml({ from: 'bot@loop.test', body: 'I did not understand your message.' }), limit)).toBe(
      'unidentified',
    )
    expect(lastRecord().notes).toContain('not answered: 3 replies to bot@loop.test in the last hour')
    expect(mailTo('bot@loop.test')).toHaveLength(3)
    // other senders are not affected
    expect(await intake(eml({ from: 'new@example.test', body: 'hello?' }), limit)).toBe('unidentified')
    app.now.t += 61 * 60_000
    expect(await intake(eml({ from: 'bot@loop.test', body: 'I did not understand your message.' }), limit)).toBe(
      'unidentified',
    )
    expect(mailTo('bot@loop.test')).toHaveLength(4)
  })

  it("notices to the player of record about forged mail keep to the limit of the player's address", async () => {
    for (let i = 0; i < 5; i++)
      expect(
        await intake(eml({ from: `spy${i}@elsewhere.test`, body: 'GAME fd1 NORTH\nDRAW 1' }), {
          replyLimit: 3,
        }),
      ).toBe('refused')
    expect(mailTo('north@example.test').filter((r) => /without your key/.test(r.mail.subject))).toHaveLength(3)
    expect(mailTo('spy4@elsewhere.test')).toHaveLength(1)
  })

  it("never stops a player's keyed orders: past the limit they are still filed and acknowledged", async () => {
    for (let i = 0; i < 25; i++) {
      app.now.t += 60_000
      expect(
        await intake(
          eml({
            from: 'south@example.test',
            body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW ${i % 2 ? 1 : 2}`,
          }),
        ),
      ).toBe('orders-accepted')
    }
    expect(app.judge.load('fd1').receipts.size).toBe(25)
    expect(mailTo('south@example.test').filter((r) => r.kind === 'ack')).toHaveLength(25)
    // ... and acknowledgements of keyed orders use up none of the notices the limit allows him:
    // his empty message is still answered.
    expect(await intake(eml({ from: 'south@example.test', body: '' }))).toBe('command')
    expect(lastRecord().notes ?? []).not.toContainEqual(expect.stringMatching(/not answered/))
    expect(mailTo('south@example.test').filter((r) => r.kind === 'notice')).toHaveLength(1)
  })
})

describe('intake: loop guard', () => {
  it('never answers our own mail echoed back: a real notice composed by the outbound side', async () => {
    await intake(eml({ from: 'new@example.test', body: 'hello?' }))
    const notice = mailTo('new@example.test').at(-1)!.mail as unknown as OutboundMail
    const echoed = await composeEml(
      { ...notice, to: 'orders@judge.example.test', messageId: 'echo-1@elsewhere.test' },
      app.clock(),
    )
    const before = outboxRows(app).length
    expect(await intake(echoed)).toBe('ignored-automated')
    expect(outboxRows(app).length).toBe(before)
  })

  it.each([
    [
      'X-Mailer: acw-pbem alone',
      { from: 'south@example.test', headers: ['X-Mailer: acw-pbem'] },
      /our own message \(X-Mailer: acw-pbem\)/,
    ],
    ['the judge address as sender', { from: 'Sea judge <orders@judge.example.test>' }, /judge's own address/],
    [
      'a reply address as sender',
      { from: `orders+fd1.south.${'x'.repeat(8)}@judge.example.test` },
      /judge's own address/,
    ],
    [
      'one of our Message-IDs',
      { from: 'south@example.test', id: 'report.fd1.r0.south@judge.example.test' },
      /our own message \(Message-ID/,
    ],
  ] as const)('%s', async (_, o, detail) => {
    const raw = eml({ ...o, body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1` })
      .toString()
      .replace(
        /<report\.fd1\.r0\.south@judge\.example\.test@example\.test>/,
        '<report.fd1.r0.south@judge.example.test>',
      )
    const before = outboxRows(app).length
    expect(await intake(Buffer.from(raw))).toBe('ignored-automated')
    expect(lastRecord().detail).toMatch(detail)
    expect(outboxRows(app).length).toBe(before)
    expect(app.judge.load('fd1').orders.size).toBe(0)
  })
})

describe('intake: robots, oversized, empty, duplicates', () => {
  it('an oversized message from a robot is recorded, not answered; a duplicate of it is absorbed', async () => {
    const big = eml({
      from: 'MAILER-DAEMON@mx.example.test',
      id: 'big-robot',
      body: 'x'.repeat(4000),
      headers: ['Auto-Submitted: auto-replied'],
    })
    const before = outboxRows(app).length
    expect(await intake(big, { maxBytes: 1000 })).toBe('ignored-automated')
    expect(lastRecord()).toMatchObject({ messageId: 'big-robot@example.test', size: big.length })
    expect(outboxRows(app).length).toBe(before)
    expect(
      await intake(Buffer.concat([Buffer.from('Received: from a by b; Mon, 2 Mar 2026 12:00:00 +0000\r\n'), big]), {
        maxBytes: 1000,
      }),
    ).toBe('duplicate')
  })

  it('an oversized message from a person gets one polite refusal, keyed by its real Message-ID', async () => {
    const big = eml({
      from: 'south@example.test',
      id: 'big-person',
      body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1\n${'x'.repeat(4000)}`,
    })
    expect(await intake(big, { maxBytes: 1000 })).toBe('refused')
    expect(lastRecord()).toMatchObject({ messageId: 'big-person@example.test', outcome: 'refused' })
    expect(mailTo('south@example.test').at(-1)!.mail.subject).toMatch(/too large/)
    expect(app.judge.load('fd1').orders.size).toBe(0)
  })

  it('an empty message, or one with only quotes and a tagline, gets the help text', async () => {
    expect(await intake(eml({ from: 'north@example.test', body: '' }))).toBe('command')
    expect(mailTo('north@example.test').at(-1)!.mail.text).toMatch(/nothing to read[\s\S]*GAME <game> <role>/)
    expect(
      await intake(
        eml({
          from: 'north@example.test',
          to: `orders+fd1.north.${keys.north}@judge.example.test`,
          body: '\nSent from my iPhone\n\n> On 2 Mar 2026, at 12:00, Sea judge wrote:\n> GAME fd1 NORTH\n> DRAW 1',
        }),
      ),
    ).toBe('command')
    expect(lastRecord().detail).toBe('empty message: answered with HELP')
    expect(app.judge.load('fd1').orders.size).toBe(0)
  })

  it('two deliveries of one message racing through two paths: one is filed, the other is a duplicate', async () => {
    const raw = eml({
      from: 'south@example.test',
      id: 'race',
      body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1`,
    })
    const other = Buffer.concat([Buffer.from('Received: from mx2 by mx; Mon, 2 Mar 2026 12:00:00 +0000\r\n'), raw])
    const outcomes = await Promise.all([intake(raw), intake(other), intake(raw)])
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'orders-accepted'])
    expect(app.judge.load('fd1').receipts.size).toBe(1)
    expect(app.store.read('system:mail').filter((e) => e.type === 'MailReceived')).toHaveLength(1)
  })
})

describe('intake: mail commands after authentication', () => {
  it('runs a command instead of filing orders, once the key checks out', async () => {
    expect(await intake(eml({ from: 'north@example.test', body: `GAME fd1 NORTH\nKEY ${keys.north}\nORDERS` }))).toBe(
      'command',
    )
    expect(lastRecord()).toMatchObject({ outcome: 'command', game: 'fd1', role: 'north', detail: 'ORDERS' })
    expect(
      outboxRows(app)
        .filter((r) => r.kind === 'command')
        .at(-1)!.recipient,
    ).toBe('north@example.test')
    expect(app.judge.load('fd1').receipts.size).toBe(0)
  })

  it('a command without the key is refused like orders', async () => {
    expect(await intake(eml({ from: 'spy@elsewhere.test', body: 'GAME fd1 NORTH\nSTATUS' }))).toBe('refused')
    expect(outboxRows(app).filter((r) => r.kind === 'command')).toHaveLength(0)
    expect(mailTo('north@example.test').at(-1)!.mail.subject).toMatch(/without your key/)
  })
})

describe('intake: what the moderator sees', () => {
  it('MailReceived carries the authentication results and how the mail was read', async () => {
    await intake(
      eml({
        from: 'south@example.test',
        body: `Hi judge!\nGAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1\n\n-- \nJeff`,
      }),
    )
    const r = lastRecord()
    expect(r.auth).toEqual({
      dkim: 'none',
      spf: 'none',
      dmarc: 'none',
      summary: 'dkim=none; spf=none (no client IP); dmarc=none',
    })
    expect(r.notes).toEqual([
      '1 line(s) above the GAME line were not read as orders',
      'reading stopped at the signature from line 6',
    ])
    expect(app.store.read('system:mail').at(-1)!.audience).toEqual({ kind: 'moderator' })
  })
})
