// An outbox row holds what renders its mail again byte for byte, without a copy of each
// attachment per recipient: bodies live once in mail_parts by SHA-256, and a picture stays SVG until
// the mail is composed, when it becomes the same PNG the judge used to store.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  composeEml,
  DropFolderTransport,
  drainOutbox,
  enqueueMail,
  type OutboundMail,
} from '../../src/mail/outbound.ts'
import { rasterise } from '../../src/reports/pictures.ts'
import { pruneSentMailAsync } from '../../src/mail/retention.ts'
import { bothEngines } from '../pg/engines.ts'
import { jobsOf } from '../helpers/jobsDb.ts'

// Every case runs on both engines.
const ENGINES = bothEngines()

const T0 = new Date('2026-04-21T06:00:00.000Z')
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#cde"/><circle cx="30" cy="30" r="20" fill="#345"/></svg>'

function mail(to: string, over: Partial<OutboundMail> = {}): OutboundMail {
  return {
    messageId: `report.g1.r1.${to}@judge.example`,
    from: 'PBEM judge <orders@judge.example>',
    to: `${to}@example.test`,
    subject: 'Results',
    text: 'text',
    html: '<p><img src="cid:map@acw-pbem"></p>',
    attachments: [
      { filename: 'map.png', contentType: 'image/png', cid: 'map@acw-pbem', svg: SVG },
      { filename: 'orders.txt', contentType: 'text/plain', content: Buffer.from('SUM: RAID\n').toString('base64') },
    ],
    ...over,
  }
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'acw-parts-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe.each(ENGINES)('outbox rows and mail parts on $name', ({ open: openDb }) => {
  it('stores each attachment body once whatever the number of recipients, and no PNG at all', () => {
    const db = openDb()
    for (const to of ['federal', 'confederate', 'moderator'])
      enqueueMail(db, mail(to), { game: 'g1', kind: 'report' }, T0)
    expect(db.prepare('SELECT count(*) FROM mail_parts').pluck().get()).toBe(2)
    const payloads = db.prepare('SELECT payload FROM outbox').pluck().all() as string[]
    for (const p of payloads) {
      expect(p).not.toContain('<svg')
      expect(JSON.parse(p).attachments[0]).toMatchObject({ filename: 'map.png', render: 'png', cid: 'map@acw-pbem' })
      expect(JSON.parse(p).attachments[0].parts).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)])
    }
  })

  it('the mail sent from a row is byte for byte the mail composed with the PNG made beforehand', async () => {
    const db = openDb()
    enqueueMail(db, mail('federal'), { game: 'g1', kind: 'report' }, T0)
    await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)
    const [file] = readdirSync(dir)
    const sent = readFileSync(join(dir, file!))
    const png = rasterise(SVG).toString('base64')
    const before = mail('federal', {
      attachments: [
        { filename: 'map.png', contentType: 'image/png', cid: 'map@acw-pbem', content: png },
        { filename: 'orders.txt', contentType: 'text/plain', content: Buffer.from('SUM: RAID\n').toString('base64') },
      ],
    })
    expect(sent.equals(await composeEml(before, T0))).toBe(true)
    const parsed = await simpleParser(sent)
    expect(parsed.attachments.find((a) => a.filename === 'map.png')?.content.equals(rasterise(SVG))).toBe(true)
  })

  it('a row whose part is gone fails to send, with the reason, instead of sending a mail without it', async () => {
    const db = openDb()
    enqueueMail(db, mail('federal'), { game: 'g1', kind: 'report' }, T0)
    db.prepare('DELETE FROM mail_parts').run()
    expect(await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)).toEqual({ sent: 0, failed: 1 })
    expect(db.prepare('SELECT last_error FROM outbox').pluck().get()).toMatch(/is not in mail_parts/)
  })

  it('past the retention a sent mail keeps only its row; parts go when no kept mail names them', async () => {
    const db = openDb()
    for (const to of ['federal', 'confederate']) enqueueMail(db, mail(to), { game: 'g1', kind: 'report' }, T0)
    await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => T0)
    enqueueMail(db, mail('moderator'), { game: 'g1', kind: 'report' }, T0)
    const later = new Date(T0.getTime() + 1000)
    expect(await pruneSentMailAsync(jobsOf(db), later)).toEqual({ mails: 2, parts: 0 })
    const kept = db.prepare('SELECT message_id, payload FROM outbox ORDER BY id').all() as {
      message_id: string
      payload: string
    }[]
    expect(JSON.parse(kept[0]!.payload)).toEqual({
      messageId: 'report.g1.r1.federal@judge.example',
      from: 'PBEM judge <orders@judge.example>',
      to: 'federal@example.test',
      subject: 'Results',
      pruned: true,
    })
    // The unsent mail still names both parts and is still sent whole.
    expect(await drainOutbox(jobsOf(db), new DropFolderTransport(dir), () => later)).toEqual({ sent: 1, failed: 0 })
    const moderator = await simpleParser(
      readFileSync(join(dir, readdirSync(dir).find((f) => f.includes('moderator'))!)),
    )
    expect(moderator.attachments.find((a) => a.filename === 'map.png')?.content.equals(rasterise(SVG))).toBe(true)
    // Enqueueing a pruned mail again does not send it twice: the row is still there.
    expect(enqueueMail(db, mail('federal'), { game: 'g1', kind: 'report' }, later)).toBe(1)
    expect(await pruneSentMailAsync(jobsOf(db), new Date(later.getTime() + 1000))).toEqual({ mails: 1, parts: 2 })
    expect(db.prepare('SELECT count(*) FROM mail_parts').pluck().get()).toBe(0)
  })
})
