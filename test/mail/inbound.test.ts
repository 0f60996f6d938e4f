import { readFileSync, readdirSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { simpleParser } from 'mailparser'
import { MailTooLargeError, parseInbound, type InboundMail } from '../../src/mail/inbound.ts'

// pass-through spy, so a test can see whether parsing happened at all
vi.mock('mailparser', async (importOriginal) => {
  const real = await importOriginal<typeof import('mailparser')>()
  return { ...real, simpleParser: vi.fn(real.simpleParser) }
})

const corpus = new URL('./corpus/', import.meta.url)
const load = (name: string): Buffer => readFileSync(new URL(name, corpus))
const parse = (name: string): Promise<InboundMail> => parseInbound(load(name))

const ORDERS = ['GAME sd-demo CONFEDERATE', 'KEY 1234abcd', 'SUM: RUN-OUT', 'SUM: MOVE C17', 'SUM: RAID'].join('\n')

/** the text's non-blank lines */
const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '')

describe('parseInbound: corpus', () => {
  it('has at least 10 messages and all of them parse', async () => {
    const files = readdirSync(corpus).filter((f) => f.endsWith('.eml'))
    expect(files.length).toBeGreaterThanOrEqual(10)
    for (const f of files) {
      const raw = load(f)
      const m = await parseInbound(raw)
      expect(m.rawHash).toBe(createHash('sha256').update(raw).digest('hex'))
      expect(m.size).toBe(raw.length)
      expect(m.messageId).not.toMatch(/[<>]/)
      expect(m.text).not.toMatch(/\r/)
    }
  })

  it('plain order mail', async () => {
    const m = await parse('01-plain-orders.eml')
    expect(m.from).toEqual({ address: 'jdavis@richmond.example', name: 'Jefferson Davis' })
    expect(m.subject).toBe('Orders turn 3')
    expect(m.messageId).toBe('3b1f6a2e-5c1d-4f0e-9a7e-0c2d1e8f9a01@richmond.example')
    expect(m.date).toBe('2025-04-14T09:12:40.000Z')
    expect(m.text.startsWith(`${ORDERS}\n`)).toBe(true)
    expect(m.to).toEqual(['orders+sd-demo.confederate.7f3a9c@judge.example'])
    expect(m.automated).toBeNull()
    expect(m.inReplyTo).toBeNull()
    expect(m.references).toEqual([])
    expect(m.textAttachments).toEqual([])
  })

  it('HTML-only (Outlook) mail is read through its text rendering', async () => {
    const m = await parse('02-html-only-outlook.eml')
    expect(m.from).toEqual({ address: 'smallory@navy-csa.example', name: 'Mallory, Stephen R.' })
    expect(m.subject).toBe('RE: Sea Devils sd-demo turn 3 report')
    expect(m.automated).toBeNull()
    expect(lines(m.text)).toEqual([...ORDERS.split('\n'), 'Regards,', 'Stephen R. Mallory & staff'])
    expect(m.text).not.toMatch(/<|&[a-z]+;|&#|\u00a0|MsoNormal|font-family/)
  })

  it('multipart/alternative uses the text/plain part', async () => {
    const m = await parse('03-multipart-alternative.eml')
    expect(m.from).toEqual({ address: 'semmes@alabama.example', name: 'Raphael Semmes' })
    expect(m.subject).toBe('sd-demo orders')
    expect(m.text).toBe(`${ORDERS}\n`)
    expect(m.to).toEqual(['orders@judge.example', 'moderator@judge.example'])
    expect(m.automated).toBeNull()
  })

  it('quoted-printable UTF-8 and encoded-word headers', async () => {
    const m = await parse('04-qp-utf8.eml')
    expect(m.from).toEqual({ address: 'maffitt@florida.example', name: 'José Maffitt' })
    expect(m.subject).toBe('Orders — C.S.S. Florida')
    expect(m.text).toContain('Señor Judge,')
    expect(m.text).toContain(
      "the Florida — Maffitt commanding. Côte d'Azur is not involved, naturally; this line is deliberately long enough to need a soft line break",
    )
    expect(m.text).toContain(`\n${ORDERS}\n`)
    expect(m.text).toContain('Über alles: "C.S.S. Florida" ✓')
    expect(m.automated).toBeNull()
  })

  it('base64 body', async () => {
    const m = await parse('05-base64-body.eml')
    expect(m.from.address).toBe('jnm@owl.example')
    expect(m.subject).toBe('Orders – turn 3 (mobile)')
    expect(m.text).toBe(`${ORDERS}\n\nSent from my iPhone — pardon the brevity.\n`)
    expect(m.automated).toBeNull()
  })

  it('windows-1252: curly quote and e-acute', async () => {
    const m = await parse('06-windows-1252.eml')
    expect(m.from).toEqual({ address: 'rbeauregard@charleston.example', name: 'René Beauregard' })
    expect(m.subject).toBe('Beauregard\u2019s orders')
    expect(m.text).toBe(`${ORDERS}\n\nThe raider\u2019s caf\u00e9 is closed.\n`)
  })

  it('ISO-8859-1 quoted-printable', async () => {
    const m = await parse('07-iso-8859-1.eml')
    expect(m.from).toEqual({ address: 'jmuller@hamburg.example', name: 'Jürgen Müller' })
    expect(m.subject).toBe('Befehle für Runde 3')
    expect(m.text).toBe('Grüße aus Hamburg, à bientôt.\n\nGAME sd-demo CONFEDERATE\nKEY 1234abcd\nSUM: RUN-OUT\n')
  })

  it('plain-text attachment holding orders; binary attachments ignored', async () => {
    const m = await parse('08-text-attachment.eml')
    expect(m.subject).toBe('Orders attached')
    expect(m.text).toBe('Orders are in the attached file.\n')
    expect(m.textAttachments).toEqual([{ filename: 'orders.txt', text: `${ORDERS}\n` }])
    expect(m.automated).toBeNull()
  })

  it('vacation auto-reply is automated', async () => {
    const m = await parse('09-vacation-autoreply.eml')
    expect(m.from.address).toBe('gwelles@navy-usa.example')
    expect(m.subject).toBe('Auto: Sea Devils sd-demo turn 3 report')
    expect(m.automated).toBe('Auto-Submitted: auto-replied')
    expect(m.inReplyTo).toBe('report.sd-demo.3.federal@judge.example')
    expect(m.text).toContain('I am away from the Department')
  })

  it('bounce (multipart/report DSN from MAILER-DAEMON) is automated', async () => {
    const m = await parse('10-bounce-dsn.eml')
    expect(m.from).toEqual({ address: 'mailer-daemon@mx.judge.example', name: 'Mail Delivery System' })
    expect(m.subject).toBe('Undelivered Mail Returned to Sender')
    expect(m.automated).toBe('multipart/report (delivery-status)')
    expect(m.text).toContain('Recipient address rejected: User unknown')
    expect(m.text).toContain('Final-Recipient: rfc822; nobody@nowhere.example')
    expect(m.textAttachments).toEqual([])
    expect(m.to).toEqual(['orders@judge.example', 'judge@judge.example'])
  })

  it('no Message-ID: falls back to the raw hash', async () => {
    const m = await parse('11-no-message-id.eml')
    expect(m.messageId).toBe(`sha256-${m.rawHash}`)
    expect(m.from).toEqual({ address: 'moderator@judge.example', name: '' })
    expect(m.subject).toBe('orders from script')
    expect(m.text).toBe(`${ORDERS}\n`)
    expect(m.automated).toBeNull()
  })

  it('top-posted reply keeps threading headers and the quote', async () => {
    const m = await parse('12-top-posted-reply.eml')
    expect(m.from).toEqual({ address: 'jdavis@richmond.example', name: 'Jefferson Davis' })
    expect(m.subject).toBe('Re: Sea Devils sd-demo turn 3 report')
    expect(m.messageId).toBe('CAF3x+9QmJ7wz=Yv6Hk1b2Cq@mail.gmail.example')
    expect(m.inReplyTo).toBe('report.sd-demo.3.confederate@judge.example')
    expect(m.references).toEqual([
      'report.sd-demo.2.confederate@judge.example',
      'report.sd-demo.3.confederate@judge.example',
    ])
    expect(m.text.startsWith(`${ORDERS}\n\nOn Mon, 21 Apr 2025`)).toBe(true)
    expect(m.text).toContain('> SUM: MOVE C16')
    expect(m.automated).toBeNull()
  })

  it('mailing-list copy is automated', async () => {
    const m = await parse('13-mailing-list.eml')
    expect(m.automated).toBe('Precedence: list')
  })

  it('envelope recipients (Delivered-To, X-Original-To) join To and Cc, lower-cased, once each', async () => {
    const m = await parse('14-envelope-recipients.eml')
    expect(m.to).toEqual([
      'smallory@navy-csa.example',
      'cjones@selma.example',
      'judge@judge.example',
      'orders+sd-demo.confederate.7f3a9c@judge.example',
    ])
    expect(m.text).toBe(`${ORDERS}\n`)
    expect(m.date).toBe('2025-04-24T01:00:00.000Z')
  })
})

describe('parseInbound: robots and edge cases', () => {
  const mk = (headers: string, body = 'hello\n'): Buffer =>
    Buffer.from(`From: a@b.example\nTo: c@d.example\nSubject: s\n${headers}\n\n${body}`)

  it.each([
    ['Auto-Submitted: auto-generated', 'Auto-Submitted: auto-generated'],
    ['Precedence: bulk', 'Precedence: bulk'],
    ['Precedence: junk', 'Precedence: junk'],
    ['List-Id: <x.lists.example>', 'List-Id'],
    ['Return-Path: <>', 'empty Return-Path'],
  ])('%s', async (header, reason) => {
    expect((await parseInbound(mk(header))).automated).toBe(reason)
  })

  it('Auto-Submitted: no is a person', async () => {
    expect((await parseInbound(mk('Auto-Submitted: no'))).automated).toBeNull()
    expect((await parseInbound(mk('Precedence: first-class'))).automated).toBeNull()
  })

  it('postmaster sender', async () => {
    const raw = Buffer.from('From: Postmaster@example.org\nTo: c@d.example\nSubject: s\n\nx\n')
    expect((await parseInbound(raw)).automated).toBe('sender postmaster')
  })

  it('missing or bad Date gives null; missing From gives empty', async () => {
    const m = await parseInbound(Buffer.from('Subject: s\n\nx\n'))
    expect(m.date).toBeNull()
    expect(m.from).toEqual({ address: '', name: '' })
    expect((await parseInbound(mk('Date: not a date'))).date).toBeNull()
  })

  it('size cap refuses before parsing', async () => {
    const spy = vi.mocked(simpleParser)
    spy.mockClear()
    const raw = mk('', 'x'.repeat(200))
    await expect(parseInbound(raw, { maxBytes: 100 })).rejects.toBeInstanceOf(MailTooLargeError)
    const err = await parseInbound(raw, { maxBytes: 100 }).catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'MailTooLargeError', size: raw.length, limit: 100 })
    expect(spy).not.toHaveBeenCalled()
    // default limit is 2 MiB
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0x61)
    await expect(parseInbound(big)).rejects.toMatchObject({ size: big.length, limit: 2 * 1024 * 1024 })
    expect(spy).not.toHaveBeenCalled()
    await expect(parseInbound(raw, { maxBytes: raw.length })).resolves.toMatchObject({ size: raw.length })
    expect(spy).toHaveBeenCalledTimes(1)
  })
})
