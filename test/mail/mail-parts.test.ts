// Long bodies kept as parts by content (src/mail/mailParts.ts). A report's text and HTML,
// and a map's SVG, go into mail_parts cut at their long lines, so what many mails repeat (a map's
// coastline, a report's key of sea areas) is stored once; the mail composed from the stored form
// is byte for byte the mail composed from the original, and pruning drops the parts no kept mail
// names.
import fc from 'fast-check'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/log/db.ts'
import { bodySegments, INLINE_BELOW, OWN_PART_FROM } from '../../src/mail/mailParts.ts'
import {
  composeEml,
  DropFolderTransport,
  drainOutbox,
  enqueueMail,
  type OutboundMail,
  type StoredMail,
  withParts,
} from '../../src/mail/outbound.ts'
import { pruneSentMailAsync } from '../../src/mail/retention.ts'
import { rasterise } from '../../src/reports/pictures.ts'
import { jobsOf } from '../helpers/jobsDb.ts'

const T0 = new Date('2026-04-21T06:00:00.000Z')

/** A long path on a line of its own, as a map's coastline is. */
const COAST = `<path d="M0,0${'L12.5,7.25L3,9.75'.repeat(400)}Z" fill="#e8e0c8"/>\n`
const map = (title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">\n<rect width="120" height="60" fill="#cde"/>\n${COAST}<text x="5" y="20">${title}</text>\n</svg>\n`
const KEY = `<p>${Array.from({ length: 300 }, (_, i) => `<b>C${i}</b> sea area ${i};`).join(' ')}</p>\n`
const report = (to: string): OutboundMail => ({
  messageId: `report.g1.r1.${to}@judge.example`,
  from: 'PBEM judge <orders@judge.example>',
  to: `${to}@example.test`,
  subject: 'Results',
  text: `Report for ${to}\n${'You see nothing \u2014 \u00e9t\u00e9.\n'.repeat(200)}`,
  html: `<h1>Report for ${to}</h1>\n${KEY}<p>${'nothing \u00e9t\u00e9 '.repeat(200)}</p>\n`,
  attachments: [{ filename: 'map.png', contentType: 'image/png', cid: 'map@acw-pbem', svg: map(`as ${to} sees it`) }],
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'acw-mail-parts-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const partCount = (db: ReturnType<typeof openDatabase>) => db.prepare('SELECT count(*) FROM mail_parts').pluck().get()
const payloads = (db: ReturnType<typeof openDatabase>) =>
  (db.prepare('SELECT payload FROM outbox ORDER BY id').pluck().all() as string[]).map(
    (p) => JSON.parse(p) as StoredMail,
  )

describe('long bodies kept as parts', () => {
  it('cuts a body at its long lines only, and the pieces make up the body again exactly', () => {
    const long = 'x'.repeat(OWN_PART_FROM - 1)
    const body = `a\nb\n${long}\nc\n${long}\n${long}`
    expect(bodySegments(body)).toEqual(['a\nb\n', `${long}\n`, 'c\n', `${long}\n`, long])
    expect(bodySegments('')).toEqual([])
    expect(bodySegments('short\r\nlines\r\n')).toEqual(['short\r\nlines\r\n'])
    // Lines of any length, some far over a part's size, with either line end; the last may have none.
    const line = fc
      .tuple(fc.integer({ min: 0, max: 2999 }), fc.constantFrom('\n', '\n', '\n', '\r\n'))
      .map(([n, end]) => `${'\u00e9z'.repeat(n)}${end}`)
    const texts = fc
      .tuple(fc.array(line, { minLength: 1, maxLength: 40 }), fc.string({ maxLength: 20 }))
      .map(([lines, rest]) => lines.join('') + rest)
    fc.assert(
      fc.property(texts, (text) => {
        expect(bodySegments(text).join('')).toBe(text)
        for (const piece of bodySegments(text).slice(0, -1)) expect(piece.endsWith('\n')).toBe(true)
      }),
      { numRuns: 50 },
    )
  })

  it('keeps a long text and HTML out of the row and a short one in it', () => {
    const db = openDatabase(':memory:')
    enqueueMail(db, report('federal'), { game: 'g1', kind: 'report' }, T0)
    enqueueMail(
      db,
      { ...report('ack'), text: 'Orders received.', html: '<p>Orders received.</p>', attachments: [] },
      {
        game: 'g1',
        kind: 'ack',
      },
      T0,
    )
    const [stored, ack] = payloads(db)
    expect(stored!.text).toBeUndefined()
    expect(stored!.html).toBeUndefined()
    expect(stored!.textParts).toHaveLength(1)
    expect(stored!.htmlParts).toHaveLength(3) // the heading, the key of sea areas alone, the rest
    expect(ack).toMatchObject({ text: 'Orders received.', html: '<p>Orders received.</p>' })
    expect(ack!.textParts).toBeUndefined()
    expect('Orders received.'.length).toBeLessThan(INLINE_BELOW)
    expect(withParts(db, stored!)).toEqual(report('federal'))
  })

  it('stores the coastline and the key once for every reader, and each mail sent is byte for byte the original', async () => {
    const db = openDatabase(':memory:')
    const readers = ['federal', 'confederate', 'moderator']
    for (const to of readers) enqueueMail(db, report(to), { game: 'g1', kind: 'report' }, T0)
    // Per reader: its text, its HTML heading, its map's title; once: the HTML from the key on (the
    // key alone, then the rest), the map's lines before the coastline, and the coastline.
    expect(partCount(db)).toBe(readers.length * 3 + 4)
    const stored = payloads(db)
    const coast = stored.map((m) => m.attachments![0]!.parts![1])
    expect(new Set(coast).size).toBe(1)
    expect(await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)).toEqual({ sent: 3, failed: 0 })
    for (const to of readers) {
      const file = readdirSync(dir).find((f) => f.includes(to))!
      const original = report(to)
      const withPng: OutboundMail = {
        ...original,
        attachments: [
          {
            filename: 'map.png',
            contentType: 'image/png',
            cid: 'map@acw-pbem',
            content: rasterise(original.attachments![0]!.svg!).toString('base64'),
          },
        ],
      }
      expect(readFileSync(join(dir, file)).equals(await composeEml(withPng, T0))).toBe(true)
    }
  })

  it('still sends a row written before bodies were cut: inline text and a single part per attachment', async () => {
    const db = openDatabase(':memory:')
    enqueueMail(db, report('federal'), { game: 'g1', kind: 'report' }, T0)
    const [stored] = payloads(db)
    const mapParts = stored!.attachments![0]!.parts!
    const svg = withParts(db, stored!).attachments![0]!.svg!
    const { createHash } = await import('node:crypto')
    const { deflateRawSync } = await import('node:zlib')
    const whole = createHash('sha256').update(svg).digest('hex')
    db.prepare('INSERT INTO mail_parts (hash, body, created_at) VALUES (?, ?, ?)').run(
      whole,
      deflateRawSync(svg),
      T0.toISOString(),
    )
    const { textParts: _t, htmlParts: _h, ...rest } = stored!
    const old = {
      ...rest,
      ...report('federal'),
      attachments: [{ filename: 'map.png', contentType: 'image/png', cid: 'map@acw-pbem', part: whole, render: 'png' }],
    }
    db.prepare('UPDATE outbox SET payload = ?').run(JSON.stringify(old))
    expect(mapParts.length).toBeGreaterThan(1)
    expect(withParts(db, JSON.parse(JSON.stringify(old)))).toEqual(report('federal'))
    expect(await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)).toEqual({ sent: 1, failed: 0 })
  })

  it('a row whose text part is gone fails to send with the reason', async () => {
    const db = openDatabase(':memory:')
    enqueueMail(db, report('federal'), { game: 'g1', kind: 'report' }, T0)
    const [stored] = payloads(db)
    db.prepare('DELETE FROM mail_parts WHERE hash = ?').run(stored!.textParts![0])
    expect(await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)).toEqual({ sent: 0, failed: 1 })
    expect(db.prepare('SELECT last_error FROM outbox').pluck().get()).toMatch(
      /text: part [0-9a-f]{64} is not in mail_parts/,
    )
  })

  it('pruning drops the text, HTML and picture parts of pruned mail but not the ones a kept mail shares', async () => {
    const db = openDatabase(':memory:')
    enqueueMail(db, report('federal'), { game: 'g1', kind: 'report' }, T0)
    await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)
    enqueueMail(db, report('confederate'), { game: 'g1', kind: 'report' }, T0)
    expect(partCount(db)).toBe(2 * 3 + 4)
    const later = new Date(T0.getTime() + 1000)
    // The federal's own three go; the coastline and the key stay, the confederate's mail names them.
    expect(await pruneSentMailAsync(jobsOf(db), later)).toEqual({ mails: 1, parts: 3 })
    expect(await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => later)).toEqual({ sent: 1, failed: 0 })
    expect(await pruneSentMailAsync(jobsOf(db), new Date(later.getTime() + 1000))).toEqual({ mails: 1, parts: 7 })
    expect(partCount(db)).toBe(0)
  })
})
