import EmailReplyParser from 'email-reply-parser'
import { describe, expect, it } from 'vitest'
import type { InboundMail } from '../../src/mail/inbound.ts'
import { libraryVerdicts } from '../../src/mail/quoting.ts'
import { extractOrders, readText } from '../../src/mail/reading.ts'

let n = 0
function mail(text: string, more: Partial<InboundMail> = {}): InboundMail {
  return {
    messageId: `r${++n}@example.test`,
    rawHash: '0'.repeat(64),
    from: { address: 'reb@example.test', name: 'Reb' },
    to: [],
    subject: 'orders',
    date: null,
    inReplyTo: null,
    references: [],
    text,
    textAttachments: [],
    automated: null,
    size: text.length,
    ...more,
  }
}
/** the non-blank lines of a text */
const lines = (text: string) => text.split('\n').filter((l) => l.trim())
const library = (text: string) => new EmailReplyParser().parseReply(text)

const REPORT_FORM = [
  'Sea Devils: game wb1, Weak Beginning',
  'Report for Reb (confederate)',
  'Deadline: 2026-03-05 12:00 UTC',
  'Reply to orders+wb1.confederate.k3y@judge.example.test with your orders. A form to edit:',
  '',
  'GAME wb1 CONFEDERATE',
  'KEY k3y',
  'SUM: STAY    # in port at C15; MA 8',
]

describe('reading: where the library alone would lose an order line, it is kept', () => {
  it('a "---" separator between the envelope and the orders (the library takes it for a signature)', () => {
    const text = 'GAME wb1 CONFEDERATE\nKEY k3y\n---\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID\n'
    expect(library(text)).not.toContain('SUM: RUN-OUT')
    expect(lines(extractOrders(mail(text)).text)).toEqual([
      'GAME wb1 CONFEDERATE',
      'KEY k3y',
      'SUM: RUN-OUT',
      'SUM: MOVE C11 +RAID',
    ])
  })

  it('a "====" line between two ship blocks', () => {
    const text = 'GAME wb1 FEDERAL\nKEY k3y\nMOVE K-STAT C14 C11\n====\nMOVE POWH C13\n'
    expect(library(text)).not.toContain('MOVE POWH C13')
    const out = extractOrders(mail(text))
    expect(lines(out.text)).toEqual(['GAME wb1 FEDERAL', 'KEY k3y', 'MOVE K-STAT C14 C11', 'MOVE POWH C13'])
    expect(out.notes.join('\n')).toMatch(/kept that the reply parser would have dropped/)
  })

  it('a "--" line above the GAME line: the library and a plain signature cut would both drop the orders', () => {
    const text = 'Hello judge, my orders:\n--\nGAME wb1 CONFEDERATE\nKEY k3y\nSUM: STAY\n\n-- \nJeff Davis\n'
    expect(library(text)).toBe('Hello judge, my orders:')
    expect(lines(extractOrders(mail(text)).text)).toEqual(['GAME wb1 CONFEDERATE', 'KEY k3y', 'SUM: STAY'])
  })

  it('orders typed under the iPhone tagline', () => {
    const text = '\n\nSent from my iPhone\nGAME wb1 CONFEDERATE\nKEY k3y\nSUM: RUN-OUT\n'
    expect(library(text)).toBe('')
    expect(lines(extractOrders(mail(text)).text)).toEqual(['GAME wb1 CONFEDERATE', 'KEY k3y', 'SUM: RUN-OUT'])
  })

  it('a GAME block under an Outlook-style "From:" header that the library calls quoted (a forward of one\'s own orders)', () => {
    const text =
      'Please take these, I sent them from my work account.\n\nFrom: Jeff Davis <jeff@work.example>\nSent: Monday, March 2, 2026 9:00 AM\nTo: orders@judge.example.test\nSubject: orders\n\nGAME wb1 CONFEDERATE\nKEY k3y\nSUM: RUN-OUT\n'
    expect(library(text)).not.toContain('SUM: RUN-OUT')
    const out = extractOrders(mail(text, { subject: 'FW: orders' }))
    expect(lines(out.text)).toEqual(['GAME wb1 CONFEDERATE', 'KEY k3y', 'SUM: RUN-OUT'])
    expect(out.notes.join('\n')).toMatch(/forwarded message/)
  })
})

describe('reading: quoted replies, signatures and taglines', () => {
  it('a top-posted Gmail reply quoting the report yields only the new lines', () => {
    const text = [
      'SUM: RUN-OUT',
      'SUM: MOVE C11 +RAID',
      '',
      'On Mon, 2 Mar 2026 at 12:00, Sea judge <orders+wb1.confederate.k3y@judge.example.test> wrote:',
      '',
      ...REPORT_FORM.map((l) => `> ${l}`),
    ].join('\n')
    const out = extractOrders(mail(text))
    expect(lines(out.text)).toEqual(['SUM: RUN-OUT', 'SUM: MOVE C11 +RAID'])
    expect(out.source).toBe('body')
    expect(out.notes.join('\n')).toMatch(/quoted line\(s\) ignored/)
  })

  it('an Outlook reply quotes without ">": the report below the header block is not read, GAME form and all', () => {
    const text = [
      'SUM: STAY',
      '-----Original Message-----',
      'From: Sea judge <orders@judge.example.test>',
      'Sent: Monday, March 2, 2026 12:00 PM',
      'To: reb@example.test',
      'Subject: [wb1] Game opens (confederate)',
      '',
      ...REPORT_FORM,
    ].join('\n')
    // without a blank line above the header the library keeps the whole quoted report
    expect(library(text)).toContain('SUM: STAY    # in port')
    expect(lines(extractOrders(mail(text)).text)).toEqual(['SUM: STAY'])
  })

  it('an empty reply to a report is empty, even though the quoted form holds a GAME block', () => {
    const text = [
      '',
      '________________________________',
      'From: Sea judge <orders@judge.example.test>',
      'Sent: Monday, March 2, 2026 12:00 PM',
      'To: Reb <reb@example.test>',
      'Subject: [wb1] Game opens (confederate)',
      '',
      ...REPORT_FORM,
    ].join('\n')
    expect(extractOrders(mail(text)).text).toBe('')
  })

  it('inline replies: the orders between quoted lines are read, the quoted ones are not', () => {
    const text = [
      'On 02/03/2026 12:00, Sea judge wrote:',
      '> Your ships:',
      '>   SUM in the CSA port, C15',
      '',
      'GAME wb1 CONFEDERATE',
      'KEY k3y',
      '> SUM: STAY    # in port at C15; MA 8',
      'SUM: RUN-OUT',
      '> Deadline: 2026-03-05 12:00 UTC',
      'SUM: MOVE C11 +RAID',
      '',
      '-- ',
      'Jeff',
    ].join('\n')
    const out = readText(text)
    expect(lines(out.text)).toEqual(['GAME wb1 CONFEDERATE', 'KEY k3y', 'SUM: RUN-OUT', 'SUM: MOVE C11 +RAID'])
    // line numbers are the player's
    expect(out.text.split('\n')[7]).toBe('SUM: RUN-OUT')
  })

  it('bottom-posting after a ">" quote', () => {
    const text = 'On Mon, 2 Mar 2026, Sea judge wrote:\n> the report\n\nSUM: STAY\n\nSent from Yahoo Mail on Android\n'
    expect(lines(readText(text).text)).toEqual(['SUM: STAY'])
  })

  it.each([
    ['Am 02.03.2026 um 13:00 schrieb Sea judge <orders@judge.example.test>:'],
    ['Le lun. 2 mars 2026 à 13:00, Sea judge <orders@judge.example.test> a écrit :'],
    ['El lun, 2 mar 2026 a las 13:00, Sea judge (<orders@judge.example.test>) escribió:'],
    ['Op ma 2 mrt. 2026 om 13:00 schreef Sea judge <orders@judge.example.test>:'],
    ['Il giorno lun 2 mar 2026 alle ore 13:00 Sea judge <orders@judge.example.test> ha scritto:'],
    ['Em seg., 2 de mar. de 2026 às 13:00, Sea judge <orders@judge.example.test> escreveu:'],
    ['Den mån 2 mars 2026 kl 13:00 skrev Sea judge <orders@judge.example.test>:'],
    ['On Mon, 2 Mar 2026, 12:00 Sea judge, <\norders+wb1.confederate.k3y@judge.example.test> wrote:'],
    ['Sea judge <orders@judge.example.test> schrieb am Mo., 2. März 2026, 13:00:'],
  ])('attribution header %s', (header) => {
    const text = `SUM: STAY\n\n${header}\n\n> GAME wb1 CONFEDERATE\n> KEY k3y\n> SUM: RUN-OUT\n`
    expect(lines(readText(text).text)).toEqual(['SUM: STAY'])
  })

  it.each([
    ['Sent from my iPhone'],
    ['Get Outlook for Android'],
    ['Sent from Yahoo Mail for iPhone'],
    ['Von meinem iPhone gesendet'],
    ['Envoyé de mon iPad'],
    ['Sent from Mail for Windows'],
    ['Enviado desde mi Samsung Galaxy'],
  ])('tagline %s', (tagline) => {
    expect(lines(readText(`SUM: STAY\n\n${tagline}\n`).text)).toEqual(['SUM: STAY'])
  })

  it('signatures: "-- ", a closing word with a short signature, and END', () => {
    expect(lines(readText('SUM: STAY\n-- \nJeff\nSUM: RUN-OUT\n').text)).toEqual(['SUM: STAY'])
    expect(lines(readText('SUM: STAY\n\nBest regards,\nJefferson Davis\nRichmond, Va.\n').text)).toEqual(['SUM: STAY'])
    expect(lines(readText('GAME wb1 CONFEDERATE\nKEY k\nSUM: STAY\nEND\nanything at all\n').text)).toEqual([
      'GAME wb1 CONFEDERATE',
      'KEY k',
      'SUM: STAY',
    ])
    // a closing word before anything was read is skipped, not a signature
    expect(lines(readText('Thanks!\n\nSUM: STAY\n').text)).toEqual(['SUM: STAY'])
  })

  it('"as I wrote:" without an address or a date is not a quote header', () => {
    expect(lines(readText('As I wrote yesterday, my orders are:\nSUM: STAY\n').text)).toEqual([
      'As I wrote yesterday, my orders are:',
      'SUM: STAY',
    ])
  })

  it('text above the GAME line is not read, KEY above it still is', () => {
    const out = readText('Dear judge, here they are:\nKEY k3y\nGAME wb1 CONFEDERATE\nSUM: STAY\n')
    expect(lines(out.text)).toEqual(['KEY k3y', 'GAME wb1 CONFEDERATE', 'SUM: STAY'])
    expect(out.notes.join('\n')).toMatch(/1 line\(s\) above the GAME line/)
  })
})

describe('reading: which part holds the orders', () => {
  it('HTML-only mail is read through its text rendering', () => {
    const out = extractOrders(mail('GAME wb1 CONFEDERATE\nKEY k\nSUM: STAY\n', { textFrom: 'html' }))
    expect(out.source).toBe('html')
    expect(out.notes[0]).toMatch(/HTML/)
  })

  it('a text attachment is used when the body only points to it', () => {
    const out = extractOrders(
      mail('My orders are in the attached file.\n\nSent from my iPad\n', {
        textAttachments: [{ filename: 'orders.txt', text: 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID\n' }],
      }),
    )
    expect(out.source).toBe('attachment')
    expect(out.attachment).toBe('orders.txt')
    expect(lines(out.text)).toEqual(['SUM: RUN-OUT', 'SUM: MOVE C11 +RAID'])
  })

  it('an attachment with the GAME line beats a body without one; a body with orders beats an attachment', () => {
    expect(
      extractOrders(
        mail('Hi,\nplease see below.\nJeff\n', {
          textAttachments: [{ filename: 'o.txt', text: 'GAME wb1 CONFEDERATE\nKEY k\nSUM: STAY\n' }],
        }),
      ).source,
    ).toBe('attachment')
    expect(
      extractOrders(
        mail('GAME wb1 CONFEDERATE\nKEY k\nSUM: STAY\n', {
          textAttachments: [{ filename: 'notes.txt', text: 'my notes\n' }],
        }),
      ).source,
    ).toBe('body')
  })

  it('binary attachments are named in the notes as not read', () => {
    const out = extractOrders(
      mail('', { attachments: [{ filename: 'orders.pdf', contentType: 'application/pdf', size: 40_000 }] }),
    )
    expect(out.text).toBe('')
    expect(out.notes.join('\n')).toMatch(/orders\.pdf \(application\/pdf, 39 KiB\) was not read/)
  })
})

describe('reading: the library verdicts map back onto lines', () => {
  it('marks quoted, signature and visible lines, and survives joined quote headers', () => {
    const text = 'SUM: STAY\n\nOn Mon, 2 Mar 2026 at 12:00, Sea judge <a@b.example>\nwrote:\n\n> quoted\n'
    const v = libraryVerdicts(text.split('\n'))
    expect(v[0]).toBe('visible')
    expect(v[5]).toBe('quoted')
  })

  it('never takes long: many lines that start like a quote header and never finish one', () => {
    const t0 = Date.now()
    const out = readText(`SUM: STAY\n${'Op een dag zei hij iets\n'.repeat(10_000)}`)
    expect(Date.now() - t0).toBeLessThan(3000)
    expect(out.text.startsWith('SUM: STAY\n')).toBe(true)
  })

  it('never takes long: a 200 KiB single line', () => {
    const t0 = Date.now()
    readText(`On ${'x on at '.repeat(25_000)} wrote:\nSUM: STAY\n`)
    expect(Date.now() - t0).toBeLessThan(3000)
  })
})

describe('text past the read limit (256 KiB)', () => {
  const padding = `${'# note\n'.repeat(40_000)}`
  it('is cut on a line boundary, so an order line straddling the limit is never half read', () => {
    // The limit falls after "SUM: MOVE TO C1", one character before the end of the area code.
    const head = `GAME wb1 confederate\nKEY k\n${'x'.repeat(256 * 1024 - 28 - 15)}\n`
    const r = readText(`${head}SUM: MOVE TO C12\n`)
    expect(r.text).not.toContain('SUM: MOVE TO C1')
    expect(r.unreadFrom?.line).toBe(4)
  })
  it('matters only if it holds something other than blanks, comments or quotes', () => {
    const orders = 'GAME wb1 confederate\nKEY k\nSUM: STAY\n'
    expect(readText(orders + padding).unreadFrom).toBeUndefined()
    expect(readText(orders + ' '.repeat(300_000)).unreadFrom).toBeUndefined()
    expect(readText(orders + '> quoted\n'.repeat(40_000)).unreadFrom).toBeUndefined()
    const tail = readText(`${orders}${' '.repeat(300_000)}x\n`)
    expect(tail.unreadFrom).toEqual({ line: 4, chars: expect.any(Number) })
    expect(extractOrders(mail(`${orders}${' '.repeat(300_000)}x\n`)).unreadFrom?.line).toBe(4)
  })
  it('does not matter once the reading has stopped (a signature above the limit)', () => {
    expect(readText(`GAME wb1 confederate\nSUM: STAY\n-- \nme\n${'word '.repeat(60_000)}\n`).unreadFrom).toBeUndefined()
  })
})

describe('reading: greetings, closings and a bare name are treated alike', () => {
  it('a bare signature name after a blank line ends the orders, as "Regards," does', () => {
    const named = readText('SUM: STAY\n\nBob\n')
    expect(lines(named.text)).toEqual(['SUM: STAY'])
    expect(named.notes).toContain('reading stopped at the signature "Bob" (line 3)')
    expect(lines(readText('SUM: STAY\n\nJefferson Davis\n').text)).toEqual(['SUM: STAY'])
    expect(lines(readText('SUM: STAY\n\nRegards,\nBob\n').text)).toEqual(['SUM: STAY'])
  })

  it('a name is a signature only last, alone after a blank line, with orders above it', () => {
    // right under an order line: it stays (and the game will say what it makes of it)
    expect(lines(readText('SUM: STAY\nBob\n').text)).toEqual(['SUM: STAY', 'Bob'])
    // alone: nothing else was read, so it is what the player sent
    expect(lines(readText('Bob\n').text)).toEqual(['Bob'])
    // order words in capitals are never a name
    expect(lines(readText('SUM: STAY\n\nSTAY\n').text)).toEqual(['SUM: STAY', 'STAY'])
  })

  it('a greeting before the orders is not read as an order', () => {
    expect(lines(readText('Hi,\nSUM: STAY\n').text)).toEqual(['SUM: STAY'])
    expect(lines(readText('Dear judge,\n\nSUM: STAY\n').text)).toEqual(['SUM: STAY'])
  })
})

describe('reading: characters web mail copies along', () => {
  it('zero-width spaces and joiners, soft hyphens, byte-order marks and non-breaking spaces are removed', () => {
    const out = readText('\uFEFFSUM:\u00A0STAY\u200B\nFLO\u00AD: RUN\u200D-OUT\u2060\n')
    expect(lines(out.text)).toEqual(['SUM: STAY', 'FLO: RUN-OUT'])
    expect(out.notes[0]).toMatch(/^6 invisible character\(s\) .* removed$/)
  })
})
