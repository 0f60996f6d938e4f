// Replies that never mislead: what the judge answers a player says how his mail was read,
// names no step wrongly, and keeps to one subject tag.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let keys: Record<string, string>
beforeEach(() => {
  app = testApp()
  keys = createFixtureDuel(app).keys
})
afterEach(() => app.cleanup())

let seq = 0
function eml(opts: { from?: string; to?: string; subject?: string; body: string; contentType?: string }): Buffer {
  const head = [
    `From: ${opts.from ?? 'South <south@example.test>'}`,
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
const orders = (body: string) => `GAME fd1 SOUTH\nKEY ${keys.south}\n${body}`

describe('one reading for mail and pbem check', () => {
  it('a bare signature name after a blank line no longer rejects the whole mail', async () => {
    expect(await intake(eml({ body: orders('DRAW 1\n\nBob') }))).toBe('orders-accepted')
    expect(await intake(eml({ body: orders('DRAW 1\n\nRegards,\nBob') }))).toBe('orders-accepted')
  })
})

describe('the acknowledgement says how the mail was read', () => {
  it('HTML read as text, and where reading stopped', async () => {
    const html = `<p>GAME fd1 SOUTH<br>KEY ${keys.south}<br>DRAW 1</p><p>Regards,<br>Bob</p>`
    expect(await intake(eml({ body: html, contentType: 'text/html; charset=utf-8' }))).toBe('orders-accepted')
    const ack = lastTo('south@example.test').mail
    expect(ack.text).toContain('HOW YOUR MAIL WAS READ')
    expect(ack.text).toContain('- the message has no plain-text part: its HTML was read as text')
    expect(ack.text).toMatch(/- reading stopped at the closing "Regards," and what follows \(from line \d+\)/)
    expect(ack.html).toContain('How your mail was read')
  })

  it('a bare name, and invisible characters copied from web mail', async () => {
    const body = orders('DRAW\u00A01\u200B\n\nBob')
    expect(await intake(eml({ body }))).toBe('orders-accepted')
    const text = lastTo('south@example.test').mail.text
    expect(text).toContain('- reading stopped at the signature "Bob" (line 5)')
    expect(text).toMatch(/- \d invisible character\(s\) .* removed/)
  })

  it('orders taken from an attachment, and an image ignored', async () => {
    const boundary = 'b0undary'
    const body = [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Orders attached.',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8; name="orders.txt"',
      'Content-Disposition: attachment; filename="orders.txt"',
      '',
      orders('DRAW 1'),
      `--${boundary}`,
      'Content-Type: image/png; name="logo.png"',
      'Content-Disposition: attachment; filename="logo.png"',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      `--${boundary}--`,
    ].join('\n')
    expect(await intake(eml({ body, contentType: `multipart/mixed; boundary="${boundary}"` }))).toBe('orders-accepted')
    const text = lastTo('south@example.test').mail.text
    expect(text).toContain('- orders read from the attached file orders.txt')
    expect(text).toMatch(/- attachment logo\.png \(image\/png, \d+ bytes\) is an image and was ignored/)
  })
})

describe('replies that advise only what can be done', () => {
  it('orders for a step not open yet say when it opens, and advise no new set', () => {
    app.judge.submitOrders('fd1', 'south', 'PASS\n')
    app.judge.adjudicate('fd1', { force: true })
    const f = app.judge.load('fd1')
    expect(f.ruleset.awaiting(f.state).map((a) => a.role)).toEqual(['north'])
    const r = app.judge.submitOrders('fd1', 'south', 'DRAW 1\n')
    expect(r.accepted).toBe(false)
    const text = lastTo('south@example.test').mail.text
    // the game's own word on when the step opens, as `pbem check` gives it
    expect(text).toMatch(
      /no orders are awaited from south now \(awaiting round 2 draws[^)]*\): round 2: .* open once round 2 is resolved/,
    )
    expect(text).toContain('Keep these orders and send them once your step opens')
    expect(text).not.toContain('Send a new complete set')
    expect(text).not.toContain('send the complete set again')
  })

  it('a late set gets the late reply alone: no deadline to meet, no new set advised', () => {
    app.now.t += 10 * 86_400_000
    const r = app.judge.submitOrders('fd1', 'south', 'DRAW 1\n')
    expect(r.accepted).toBe(false)
    const text = lastTo('south@example.test').mail.text
    expect(text).toMatch(/late: the deadline for round 1 draws passed/)
    expect(text).toMatch(/Deadline: .* \(passed\)/)
    expect(text).toContain('no set can be filed for this step any more')
    expect(text).not.toContain('Send a new complete set')
    expect(text).not.toContain('before the deadline')
  })

  it('a refused set that can be mended says to correct it, not to replace accepted orders', () => {
    const r = app.judge.submitOrders('fd1', 'south', 'DRAW 9\n')
    expect(r.accepted).toBe(false)
    const text = lastTo('south@example.test').mail.text
    expect(text).toContain('Correct the lines above and send the complete set again before the deadline')
    expect(text).not.toContain('to replace these orders')
  })
})

describe('subjects keep one Re: and one [game] tag', () => {
  it('an answer to a report', () => {
    app.judge.submitOrders('fd1', 'south', 'DRAW 1\n', { subject: 'Re: RE: [fd1] Game opens (south)' })
    expect(lastTo('south@example.test').mail.subject).toBe(
      '[fd1] Orders accepted: round 1 draws (receipt fd1/1/south-1) Re: Game opens (south)',
    )
  })
})

describe('a resolution the moderator forced early says so', () => {
  it('the results report names the deadline it did not wait for, and the reason', () => {
    app.judge.submitOrders('fd1', 'south', 'DRAW 1\n')
    app.judge.adjudicate('fd1', { by: 'moderator (cli)', reason: 'North asked to skip' })
    const report = lastTo('south@example.test').mail
    expect(report.subject).toMatch(/Results: round 1/)
    expect(report.text).toContain(
      'The moderator resolved this early, before the deadline of 2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York) (North asked to skip).',
    )
    expect(report.html).toContain('The moderator resolved this early')
  })

  it('a resolution at its deadline says nothing of the kind', () => {
    app.now.t += 10 * 86_400_000
    app.judge.adjudicate('fd1', { by: 'schedule' })
    expect(lastTo('south@example.test').mail.text).not.toContain('The moderator resolved')
  })
})

describe('notices, HELP and commands', () => {
  it("a player's notices carry no DKIM/SPF results; the moderator's copy keeps them", async () => {
    // orders with the right key from a second address
    await intake(eml({ from: 'other@elsewhere.test', body: orders('DRAW 1') }))
    const toPlayer = outboxRows(app).filter((r) => r.recipient === 'south@example.test' && r.kind === 'notice')
    expect(toPlayer.map((r) => r.mail.subject)).toEqual([
      '[judge] Orders for south in fd1 came from other@elsewhere.test',
    ])
    for (const r of toPlayer) expect(r.mail.text).not.toMatch(/dkim|spf|dmarc|authentication/i)
    expect(toPlayer[0]!.mail.text).toContain('Orders carrying your key arrived from other@elsewhere.test')
    const mod = lastTo('mod@example.test').mail
    expect(mod.subject).toBe('[judge] Orders for south in fd1 came from other@elsewhere.test (moderator)')
    expect(mod.text).toMatch(/Mail authentication of that message: dkim=none; spf=none/)
    // orders without the key from another address
    await intake(eml({ from: 'spy@elsewhere.test', body: 'GAME fd1 SOUTH\nDRAW 1' }))
    const warned = lastTo('south@example.test').mail
    expect(warned.subject).toMatch(/without your key/)
    expect(warned.text).not.toMatch(/dkim|spf|dmarc/i)
    expect(lastTo('mod@example.test').mail.text).toMatch(/without a valid key.*dkim=none/s)
  })

  it("HELP from a keyed player lists his game's order syntax for his side", async () => {
    await intake(eml({ body: `GAME fd1 SOUTH\nKEY ${keys.south}\nHELP` }))
    const south = lastTo('south@example.test').mail.text
    expect(south).toContain('Your orders in game fd1 (south):')
    expect(south).toContain('DRAW <1-3>     draw from the south deck, e.g. DRAW 2')
    expect(south).toMatch(/HIGH ASK .* HIGH THROW/)
    expect(south).toContain('Send orders in the body of a plain mail')
    await intake(eml({ from: 'north@example.test', body: `GAME fd1 NORTH\nKEY ${keys.north}\nHELP` }))
    const north = lastTo('north@example.test').mail.text
    expect(north).toContain('draw from the north deck')
    expect(north).not.toContain('draw from the south deck')
  })

  it('a misspelt mail command gets "did you mean STATUS?" and files nothing', async () => {
    expect(await intake(eml({ body: `GAME fd1 SOUTH\nKEY ${keys.south}\nSTATSU` }))).toBe('command')
    const reply = lastTo('south@example.test').mail
    expect(reply.subject).toBe('[judge] Unknown command STATSU: did you mean STATUS?')
    expect(app.judge.load('fd1').receipts.size).toBe(0)
    expect(await intake(eml({ body: `GAME fd1 SOUTH\nKEY ${keys.south}\nORDRES` }))).toBe('command')
    expect(lastTo('south@example.test').mail.subject).toMatch(/did you mean ORDERS\?/)
    // an order line is never taken for a command
    expect(await intake(eml({ body: `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1` }))).toBe('orders-accepted')
  })
})

describe('one numbering: resolutions from 1, the opening report is 0', () => {
  it('REPORT 0 sends the opening report again; receipts and reports name the same resolution', async () => {
    await intake(eml({ body: `GAME fd1 SOUTH\nKEY ${keys.south}\nREPORT 0` }))
    const again = lastTo('south@example.test').mail
    expect(again.subject).toBe('[fd1] Game opens (south) (sent again)')
    expect(again.text).toContain('opening of game (report 0; orders for resolution 1)')

    await intake(eml({ body: orders('DRAW 1') }))
    const ack = lastTo('south@example.test').mail.text
    expect(ack).toContain('Receipt: fd1/1/south-1 (orders for resolution 1)')
    app.judge.adjudicate('fd1', { force: true })
    expect(lastTo('south@example.test').mail.text).toMatch(/results of round 1 \(resolution 1\)/)

    await intake(eml({ body: `GAME fd1 SOUTH\nKEY ${keys.south}\nREPORT 7` }))
    expect(lastTo('south@example.test').mail.text).toContain(
      'Write REPORT <n> with n from 0 (the opening report) to 1 (the latest resolution)',
    )
  })
})
