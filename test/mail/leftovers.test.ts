// What the hostile-mail work left over: the reply limit meant for strangers never silences a player
// about his own mail; an acknowledgement is bounded as a whole mail, every part; line length is
// counted in characters as a person counts them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleInbound, type IntakeDeps } from '../../src/mail/intake.ts'
import { composeEml } from '../../src/mail/outbound.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let keys: Record<string, string>
let deps: IntakeDeps
beforeEach(() => {
  app = testApp('leftovers')
  keys = createFixtureDuel(app).keys
  deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
})
afterEach(() => app.cleanup())

let seq = 0
function eml(opts: { from: string; to?: string; body: string }): Buffer {
  const head = [
    `From: ${opts.from}`,
    `To: ${opts.to ?? 'orders@judge.example.test'}`,
    'Subject: orders',
    `Message-ID: <leftover-${++seq}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${opts.body.replace(/\n/g, '\r\n')}\r\n`)
}
const intake = (raw: Buffer, more: Partial<IntakeDeps> = {}) => handleInbound(raw, 'test', { ...deps, ...more })
const mailTo = (address: string) => outboxRows(app).filter((r) => r.recipient === address)
const lastRecord = () =>
  app.store
    .read('system:mail')
    .filter((e) => e.type === 'MailReceived')
    .at(-1)!.data as { outcome: string; notes?: string[] }

describe('the reply limit never silences a player about his own mail', () => {
  it('after 25 answered commands in an hour, his empty mail and his oversized mail are still answered', async () => {
    const reply = `orders+fd1.south.${keys.south}@judge.example.test`
    for (let i = 0; i < 25; i++) {
      app.now.t += 60_000
      expect(await intake(eml({ from: 'south@example.test', to: reply, body: 'STATUS' }))).toBe('command')
    }
    const notices = () => mailTo('south@example.test').filter((r) => r.kind === 'notice').length
    const before = notices()
    expect(await intake(eml({ from: 'south@example.test', to: reply, body: '' }))).toBe('command')
    expect(lastRecord().notes ?? []).not.toContainEqual(expect.stringMatching(/not answered/))
    const big = eml({ from: 'south@example.test', to: reply, body: `DRAW 1\n${'# padding\n'.repeat(400)}` })
    expect(await intake(big, { maxBytes: 1000 })).toBe('refused')
    expect(lastRecord().notes ?? []).not.toContainEqual(expect.stringMatching(/not answered/))
    expect(notices()).toBe(before + 2)
  })

  it('a stranger writing to the same reply address still meets the limit', async () => {
    const reply = `orders+fd1.south.${keys.south}@judge.example.test`
    for (let i = 0; i < 25; i++) await intake(eml({ from: 'loop@robot.test', to: reply, body: '' }))
    expect(mailTo('loop@robot.test').length).toBe(20)
  })
})

describe('an acknowledgement is bounded as a whole mail', () => {
  for (const [what, ch] of [
    ['quotes (tripled by HTML escaping)', '"'],
    ['equals signs (tripled by quoted-printable)', 'S='],
    ['four-byte characters', '𝔸'],
  ] as const)
    it(`60 keyed lines of 999 ${what} in a Rebel Raiders mail give an acknowledgement under 100 KB, every part counted`, async () => {
      const { keys: rr } = app.judge.createGame({
        game: 'rr1',
        ruleset: 'rebel-raiders',
        scenario: '1861',
        players: [
          { role: 'confederate', address: 'davis@example.test', name: 'Davis' },
          { role: 'union', address: 'lincoln@example.test', name: 'Lincoln' },
        ],
        zone: 'UTC',
      })
      const body = [
        `GAME rr1 CONFEDERATE`,
        `KEY ${rr.confederate}`,
        ...Array.from({ length: 60 }, () => Array.from(ch.repeat(999)).slice(0, 999).join('')),
      ]
      expect(await intake(eml({ from: 'davis@example.test', body: body.join('\n') }))).toBe('orders-rejected')
      const ack = mailTo('davis@example.test').find((r) => r.kind === 'ack')!
      const wire = await composeEml(ack.mail as never, app.clock())
      expect(wire.length).toBeLessThan(100_000)
      expect(ack.mail.text).toMatch(/more errors like these/)
    })
})

describe('line length is counted in characters', () => {
  it('a comment of 997 four-byte characters is within the 1,000-character line; 999 are over it', async () => {
    const mail = (n: number) =>
      eml({
        from: 'south@example.test',
        body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1\n# ${'😀'.repeat(n)}`,
      })
    expect(await intake(mail(997))).toBe('orders-accepted')
    expect(await intake(mail(999))).toBe('orders-rejected')
    const ack = mailTo('south@example.test').at(-1)!
    expect(ack.mail.text).toContain('this line is 1,001 characters long')
  })
})
