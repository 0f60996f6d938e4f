// SMTP delivery of the outbox against a real Postfix + Dovecot (scripts/mailstack.sh, own ports):
// rows arrive with their Message-ID and both parts, the archive gets the same message in the same
// SMTP transaction, and rows left in doubt by a crash are settled against the archive.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, sendOutbox, type App } from '../../src/cli/app.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import { composeEml, enqueueMail, type OutboundMail } from '../../src/mail/outbound.ts'
import { SmtpTransport } from '../../src/mail/smtp.ts'
import { inbox, startMailstack, waitFor, type Mailstack } from './mailstack.ts'

let ms: Mailstack
let app: App
let dir: string

beforeAll(async () => {
  ms = await startMailstack({ basePort: 20200 })
  dir = mkdtempSync(join(tmpdir(), 'pbem-smtp-e2e-'))
  const mail = loadMailConfig({
    PBEM_SMTP_HOST: ms.smtp.host,
    PBEM_SMTP_PORT: String(ms.smtp.port),
    PBEM_SMTP_TLS: 'false',
    PBEM_MAIL_DOMAIN: 'example.test',
    PBEM_ARCHIVE_ADDRESS: 'archive@example.test',
    PBEM_ARCHIVE_IMAP_HOST: ms.imap.host,
    PBEM_ARCHIVE_IMAP_PORT: String(ms.imap.port),
    PBEM_ARCHIVE_IMAP_USER: 'archive',
    PBEM_ARCHIVE_IMAP_PASS: 'archive-pw',
  })
  app = openApp({ dataDir: dir, mail, moderatorAddress: 'mod@example.test' })
}, 300_000)

afterAll(async () => {
  app?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  await ms?.stop()
}, 60_000)

let seq = 0
function letter(to: string, subject: string): OutboundMail {
  const id = `smtp-e2e.${Date.now()}.${++seq}@example.test`
  return {
    messageId: id,
    from: 'Sea judge <orders@example.test>',
    to,
    subject,
    text: `Plain part of ${subject}.\nSecond line.`,
    html: `<p>HTML part of <b>${subject}</b>.</p>`,
  }
}

interface Row {
  id: number
  sent_at: string | null
  send_started_at: string | null
  send_note: string | null
  attempts: number
  last_error: string | null
}
const row = (messageId: string) =>
  app.db
    .prepare('SELECT id, sent_at, send_started_at, send_note, attempts, last_error FROM outbox WHERE message_id = ?')
    .get(messageId) as Row

const copies = async (user: string, messageId: string) => (await inbox(user)).filter((m) => m.messageId === messageId)

/** Postfix queue ids of the deliveries of one message, by recipient, from the stack's maillog. */
function queueIds(messageId: string): Map<string, string> {
  const log = readFileSync(join(ms.root, 'postfix', 'maillog'), 'utf8')
  const qid = new RegExp(
    `postfix/cleanup\\[\\d+\\]: ([0-9A-F]+): message-id=<${messageId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>`,
  ).exec(log)?.[1]
  const out = new Map<string, string>()
  if (!qid) return out
  for (const m of log.matchAll(new RegExp(`: ${qid}: to=<([^>]+)>.*status=sent`, 'g'))) out.set(m[1]!, qid)
  return out
}

describe('SMTP transport (real Postfix + Dovecot)', () => {
  it('delivers a queued outbox row with its Message-ID and both parts, and the archive gets the same message in the same transaction', async () => {
    const mail = letter('Federal player <fed@example.test>', 'turn report')
    enqueueMail(app.db, mail, { game: null, kind: 'report' }, new Date())
    expect(await sendOutbox(app)).toBe(1)
    const r = row(mail.messageId)
    expect(r.sent_at).not.toBeNull()
    expect(r.send_started_at).not.toBeNull()
    expect(r.attempts).toBe(1)

    const [got] = await waitFor(
      async () => {
        const c = await copies('fed', mail.messageId)
        return c.length ? c : null
      },
      5000,
      'delivery to fed',
    )
    expect(got!.subject).toBe('turn report')
    expect(got!.from).toBe('orders@example.test')
    expect(got!.text).toContain('Plain part of turn report.')
    expect(got!.html).toContain('HTML part of <b>turn report</b>')
    expect(got!.raw.toString('latin1')).toMatch(/Content-Type: multipart\/alternative/i)

    const [archived] = await waitFor(
      async () => {
        const c = await copies('archive', mail.messageId)
        return c.length ? c : null
      },
      5000,
      'archive copy',
    )
    // the very bytes composed for the row reach both mailboxes (the servers only prepend trace headers)
    const eml = (
      await composeEml(
        { ...mail },
        new Date(app.db.prepare('SELECT created_at FROM outbox WHERE id = ?').pluck().get(r.id) as string),
      )
    ).toString('latin1')
    const body = (raw: Buffer) => raw.toString('latin1').replace(/\r\n/g, '\n')
    expect(body(got!.raw).endsWith(eml.replace(/\r\n/g, '\n'))).toBe(true)
    expect(body(archived!.raw).endsWith(eml.replace(/\r\n/g, '\n'))).toBe(true)

    // one SMTP transaction: one queue id, delivered to both recipients
    const q = await waitFor(
      () => {
        const ids = queueIds(mail.messageId)
        return ids.size === 2 ? ids : null
      },
      5000,
      'both deliveries in the maillog',
    )
    expect(new Set(q.values()).size).toBe(1)
    expect([...q.keys()].sort()).toEqual(['archive@example.test', 'fed@example.test'])
  })

  it('sends the judge’s real mail: a new game’s reports reach every player and the moderator', async () => {
    const { keys } = app.judge.createGame({
      game: 'wbsmtp',
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: 'fed@example.test', name: 'Fed' },
        { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
      ],
    })
    const queued = app.db.prepare("SELECT message_id, recipient FROM outbox WHERE game = 'wbsmtp'").all() as {
      message_id: string
      recipient: string
    }[]
    expect(queued.length).toBeGreaterThanOrEqual(2)
    expect(await sendOutbox(app)).toBe(queued.length)
    for (const q of queued) {
      const user = /([a-z]+)@example\.test/.exec(q.recipient)![1]!
      const [m] = await waitFor(
        async () => {
          const c = await copies(user, q.message_id)
          return c.length ? c : null
        },
        5000,
        `report to ${q.recipient}`,
      )
      expect(m!.text.length).toBeGreaterThan(100)
      expect(m!.html).not.toBeNull()
    }
    const reb = (await inbox('reb')).find(
      (m) => m.messageId === queued.find((q) => q.recipient.includes('reb'))!.message_id,
    )!
    expect(reb.raw.toString('latin1')).toContain(`orders+wbsmtp.confederate.${keys.confederate}@example.test`)
    expect((await inbox('archive')).filter((m) => queued.some((q) => q.message_id === m.messageId))).toHaveLength(
      queued.length,
    )
  })

  it('does not send again an in-doubt row whose message is already in the archive', async () => {
    const mail = letter('fed@example.test', 'accepted just before a crash')
    const id = enqueueMail(app.db, mail, { game: null, kind: 'ack' }, new Date())
    // the process hands the row to SMTP, the server says 250, and the process dies before sent_at
    const transport = new SmtpTransport({
      host: ms.smtp.host,
      port: ms.smtp.port,
      tls: 'none',
      archiveAddress: 'archive@example.test',
      db: app.jobsDb,
    })
    const created = app.db.prepare('SELECT created_at FROM outbox WHERE id = ?').pluck().get(id) as string
    await transport.send(mail, await composeEml(mail, new Date(created)), id)
    transport.close()
    expect(row(mail.messageId)).toMatchObject({ sent_at: null })
    expect(row(mail.messageId).send_started_at).not.toBeNull()

    // restart: the in-doubt row is looked up (its archive copy is still on its way) and settled
    expect(await sendOutbox(app)).toBe(0)
    const r = row(mail.messageId)
    expect(r.sent_at).not.toBeNull()
    expect(r.send_note).toMatch(/found in the archive/)
    await new Promise((res) => setTimeout(res, 500))
    expect(await copies('fed', mail.messageId)).toHaveLength(1)
    expect(await copies('archive', mail.messageId)).toHaveLength(1)
  })

  it('sends an in-doubt row whose message never reached the server', async () => {
    const mail = letter('reb@example.test', 'lost in a crash')
    const id = enqueueMail(app.db, mail, { game: null, kind: 'ack' }, new Date())
    // the process stamped the row and died before the server accepted anything
    app.db
      .prepare('UPDATE outbox SET send_started_at = ? WHERE id = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), id)
    const t0 = Date.now()
    expect(await sendOutbox(app)).toBe(1)
    expect(Date.now() - t0).toBeLessThan(4000) // an old attempt is not waited for
    const r = row(mail.messageId)
    expect(r.sent_at).not.toBeNull()
    expect(r.send_note).toMatch(/not in the archive: sent again/)
    const c = await waitFor(
      async () => {
        const x = await copies('reb', mail.messageId)
        return x.length ? x : null
      },
      5000,
      'delivery to reb',
    )
    expect(c).toHaveLength(1)
    await waitFor(async () => (await copies('archive', mail.messageId)).length === 1, 5000, 'archive copy')
  })

  it('holds an in-doubt row back while the archive cannot be read, and sends the rest', async () => {
    const doubtful = letter('fed@example.test', 'in doubt, archive down')
    const plain = letter('fed@example.test', 'ordinary mail')
    const id = enqueueMail(app.db, doubtful, { game: null, kind: 'ack' }, new Date())
    enqueueMail(app.db, plain, { game: null, kind: 'ack' }, new Date())
    app.db
      .prepare('UPDATE outbox SET send_started_at = ? WHERE id = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), id)
    const saved = app.archive
    app.archive = { find: () => Promise.reject(new Error('archive unreachable')) }
    try {
      expect(await sendOutbox(app)).toBe(1)
    } finally {
      app.archive = saved
    }
    expect(row(plain.messageId).sent_at).not.toBeNull()
    const r = row(doubtful.messageId)
    expect(r.sent_at).toBeNull()
    expect(r.send_started_at).not.toBeNull()
    expect(r.send_note).toMatch(/archive could not be read/)
  })
})
