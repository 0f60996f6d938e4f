// Replies that never mislead: what the judge answers a player says how his mail was read,
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

describe('the acknowledgement says how the mail was read', () => {
  it('HTML read as text, and where reading stopped', async () => {
    const html = `<p>GAME wb1 CONFEDERATE<br>KEY ${keys.confederate}<br>SUM: STAY</p><p>Regards,<br>Bob</p>`
    expect(await intake(eml({ body: html, contentType: 'text/html; charset=utf-8' }))).toBe('orders-accepted')
    const ack = lastTo('reb@example.test').mail
    expect(ack.text).toContain('HOW YOUR MAIL WAS READ')
    expect(ack.text).toContain('- the message has no plain-text part: its HTML was read as text')
    expect(ack.text).toMatch(/- reading stopped at the closing "Regards," and what follows \(from line \d+\)/)
    expect(ack.html).toContain('How your mail was read')
  })

  it('a bare name, and invisible characters copied from web mail', async () => {
    const body = orders('SUM:\u00A0STAY\u200B\n\nBob')
    expect(await intake(eml({ body }))).toBe('orders-accepted')
    const text = lastTo('reb@example.test').mail.text
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
      orders('SUM: STAY'),
      `--${boundary}`,
      'Content-Type: image/png; name="logo.png"',
      'Content-Disposition: attachment; filename="logo.png"',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      `--${boundary}--`,
    ].join('\n')
    expect(await intake(eml({ body, contentType: `multipart/mixed; boundary="${boundary}"` }))).toBe('orders-accepted')
    const text = lastTo('reb@example.test').mail.text
    expect(text).toContain('- orders read from the attached file orders.txt')
    expect(text).toMatch(/- attachment logo\.png \(image\/png, \d+ bytes\) is an image and was ignored/)
  })
})

describe('replies that advise only what can be done', () => {
  it('orders for a step not open yet say when it opens, and advise no new set', () => {
    app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY\n')
    app.judge.adjudicate('wb1', { force: true })
    const f = app.judge.load('wb1')
    expect(f.ruleset.awaiting(f.state).map((a) => a.role)).toEqual(['federal'])
    const r = app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY\n')
    expect(r.accepted).toBe(false)
    const text = lastTo('reb@example.test').mail.text
    // the game's own word on when the step opens, as `pbem check` gives it
    expect(text).toMatch(
      /no orders are awaited from confederate now \(awaiting GT2 Federal [^)]*\): GT2: .* opens once/,
    )
    expect(text).toContain('Keep these orders and send them once your step opens')
    expect(text).not.toContain('Send a new complete set')
    expect(text).not.toContain('send the complete set again')
  })

  it('a late set gets the late reply alone: no deadline to meet, no new set advised', () => {
    app.now.t += 10 * 86_400_000
    const r = app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY\n')
    expect(r.accepted).toBe(false)
    const text = lastTo('reb@example.test').mail.text
    expect(text).toMatch(/late: the deadline for GT1 Confederate activity record passed/)
    expect(text).toMatch(/Deadline: .* \(passed\)/)
    expect(text).toContain('no set can be filed for this step any more')
    expect(text).not.toContain('Send a new complete set')
    expect(text).not.toContain('before the deadline')
  })

  it('a refused set that can be mended says to correct it, not to replace accepted orders', () => {
    const r = app.judge.submitOrders('wb1', 'confederate', 'SUM: SWIM\n')
    expect(r.accepted).toBe(false)
    const text = lastTo('reb@example.test').mail.text
    expect(text).toContain('Correct the lines above and send the complete set again before the deadline')
    expect(text).not.toContain('to replace these orders')
  })
})

describe('subjects keep one Re: and one [game] tag', () => {
  it('an answer to a report', () => {
    app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY\n', { subject: 'Re: RE: [wb1] Game opens (confederate)' })
    expect(lastTo('reb@example.test').mail.subject).toBe(
      '[wb1] Orders accepted: GT1 Confederate activity record (receipt wb1/1/confederate-1) Re: Game opens (confederate)',
    )
  })
})

describe('a resolution the moderator forced early says so', () => {
  it('the results report names the deadline it did not wait for, and the reason', () => {
    app.judge.submitOrders('wb1', 'confederate', 'SUM: STAY\n')
    app.judge.adjudicate('wb1', { by: 'moderator (cli)', reason: 'the Federal asked to skip' })
    const report = lastTo('reb@example.test').mail
    expect(report.subject).toMatch(/Results: GT1/)
    expect(report.text).toContain(
      'The moderator resolved this early, before the deadline of 2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York) (the Federal asked to skip).',
    )
    expect(report.html).toContain('The moderator resolved this early')
  })

  it('a resolution at its deadline says nothing of the kind', () => {
    app.now.t += 10 * 86_400_000
    app.judge.adjudicate('wb1', { by: 'schedule' })
    expect(lastTo('reb@example.test').mail.text).not.toContain('The moderator resolved')
  })
})

describe('notices, HELP and commands', () => {
  it("a player's notices carry no DKIM/SPF results; the moderator's copy keeps them", async () => {
    // orders with the right key from a second address
    await intake(eml({ from: 'other@elsewhere.test', body: orders('SUM: STAY') }))
    const toPlayer = outboxRows(app).filter((r) => r.recipient === 'reb@example.test' && r.kind === 'notice')
    expect(toPlayer.map((r) => r.mail.subject)).toEqual([
      '[judge] Orders for confederate in wb1 came from other@elsewhere.test',
    ])
    for (const r of toPlayer) expect(r.mail.text).not.toMatch(/dkim|spf|dmarc|authentication/i)
    expect(toPlayer[0]!.mail.text).toContain('Orders carrying your key arrived from other@elsewhere.test')
    const mod = lastTo('mod@example.test').mail
    expect(mod.subject).toBe('[judge] Orders for confederate in wb1 came from other@elsewhere.test (moderator)')
    expect(mod.text).toMatch(/Mail authentication of that message: dkim=none; spf=none/)
    // orders without the key from another address
    await intake(eml({ from: 'spy@elsewhere.test', body: 'GAME wb1 CONFEDERATE\nSUM: STAY' }))
    const warned = lastTo('reb@example.test').mail
    expect(warned.subject).toMatch(/without your key/)
    expect(warned.text).not.toMatch(/dkim|spf|dmarc/i)
    expect(lastTo('mod@example.test').mail.text).toMatch(/without a valid key.*dkim=none/s)
  })

  it("HELP from a keyed player lists his game's order syntax for his side", async () => {
    await intake(eml({ body: `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\nHELP` }))
    const reb = lastTo('reb@example.test').mail.text
    expect(reb).toContain('Your orders in game wb1 (confederate):')
    expect(reb).toContain('<ship>: <activity>, <activity>, ...')
    expect(reb).toContain('e.g. SUM: RUN-OUT, MOVE C11, RAID')
    expect(reb).toMatch(/ENTER-PORT \[<nation>\] .* ENGLAND, FRANCE, SPAIN/)
    expect(reb).toContain('Send orders in the body of a plain mail')
    await intake(eml({ from: 'fed@example.test', body: `GAME wb1 FEDERAL\nKEY ${keys.federal}\nHELP` }))
    const fed = lastTo('fed@example.test').mail.text
    expect(fed).toContain('MOVE <ship> <area> [<area> ...]')
    expect(fed).not.toContain('<ship>: <activity>')
  })

  it('a misspelt mail command gets "did you mean STATUS?" and files nothing', async () => {
    expect(await intake(eml({ body: `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\nSTATSU` }))).toBe('command')
    const reply = lastTo('reb@example.test').mail
    expect(reply.subject).toBe('[judge] Unknown command STATSU: did you mean STATUS?')
    expect(app.judge.load('wb1').receipts.size).toBe(0)
    expect(await intake(eml({ body: `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\nORDRES` }))).toBe('command')
    expect(lastTo('reb@example.test').mail.subject).toMatch(/did you mean ORDERS\?/)
    // an order line is never taken for a command
    expect(await intake(eml({ body: `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\nSUM: STAY` }))).toBe(
      'orders-accepted',
    )
  })
})

describe('one numbering: resolutions from 1, the opening report is 0', () => {
  it('REPORT 0 sends the opening report again; receipts and reports name the same resolution', async () => {
    await intake(eml({ body: `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\nREPORT 0` }))
    const again = lastTo('reb@example.test').mail
    expect(again.subject).toBe('[wb1] Game opens (confederate) (sent again)')
    expect(again.text).toContain('opening of game (report 0; orders for resolution 1)')

    await intake(eml({ body: orders('SUM: STAY') }))
    const ack = lastTo('reb@example.test').mail.text
    expect(ack).toContain('Receipt: wb1/1/confederate-1 (orders for resolution 1)')
    app.judge.adjudicate('wb1', { force: true })
    expect(lastTo('reb@example.test').mail.text).toMatch(/results of GT1 .* \(resolution 1\)/)

    await intake(eml({ body: `GAME wb1 CONFEDERATE\nKEY ${keys.confederate}\nREPORT 7` }))
    expect(lastTo('reb@example.test').mail.text).toContain(
      'Write REPORT <n> with n from 0 (the opening report) to 1 (the latest resolution)',
    )
  })
})
