// A Sea Devils turn played entirely by mail through a real Postfix + Dovecot: players send with
// nodemailer, the judge reads its mailbox over IMAP, acknowledges, adjudicates and mails the
// reports by SMTP; the test reads every player's inbox over IMAP.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adjudicateDue, openApp, readInbox, sendOutbox, type App } from '../../src/cli/app.ts'
import { demoSecret } from '../../src/cli/demo.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import {
  DEFAULT_USERS,
  inbox,
  sendAs,
  startMailstack,
  waitFor,
  type Mailstack,
  type StoredMessage,
} from './mailstack.ts'

let ms: Mailstack
let dir: string
let app: App
let keys: Record<string, string>

beforeAll(async () => {
  ms = await startMailstack({ basePort: 20400, users: DEFAULT_USERS })
  dir = mkdtempSync(join(tmpdir(), 'pbem-game-mail-'))
  const mail = loadMailConfig({
    PBEM_IMAP_HOST: ms.imap.host,
    PBEM_IMAP_PORT: String(ms.imap.port),
    PBEM_IMAP_USER: 'judge',
    PBEM_IMAP_PASS: 'judge-pw',
    PBEM_IMAP_TLS: 'false',
    PBEM_SMTP_HOST: ms.smtp.host,
    PBEM_SMTP_PORT: String(ms.smtp.port),
    PBEM_SMTP_TLS: 'false',
    PBEM_MAIL_DOMAIN: 'example.test',
    PBEM_ARCHIVE_ADDRESS: 'archive@example.test',
    PBEM_ARCHIVE_IMAP_USER: 'archive',
    PBEM_ARCHIVE_IMAP_PASS: 'archive-pw',
  })
  app = openApp({ dataDir: dir, mail, newSecret: demoSecret('mail'), moderatorAddress: 'mod@example.test' })
  keys = app.judge.createGame({
    game: 'mail1',
    ruleset: 'sea-devils',
    scenario: 'weak-beginning',
    players: [
      { role: 'federal', address: 'fed@example.test', name: 'Welles' },
      { role: 'confederate', address: 'reb@example.test', name: 'Mallory' },
    ],
  }).keys
  await sendOutbox(app)
}, 300_000)

afterAll(async () => {
  app?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  await ms?.stop()
}, 60_000)

const ofGame = (msgs: StoredMessage[]) => msgs.filter((m) => m.subject.includes('[mail1]'))

describe('a Sea Devils turn by real mail', () => {
  it('mails every player the opening report with a reply address that carries the key', async () => {
    const fed = await waitFor(async () => ofGame(await inbox('fed')).find((m) => /Game opens/.test(m.subject)), 10_000)
    expect(fed.text).toContain(`KEY ${keys.federal}`)
    expect(fed.raw.toString()).toContain(`Reply-To: orders+mail1.federal.${keys.federal}@example.test`)
  })

  it('acknowledges both order mails, adjudicates GT1 and reports to each side only what it may see', async () => {
    // The Federal replies to his report's address (game, role and key in it); the Confederate writes GAME and KEY.
    await sendAs(
      'fed@example.test',
      `orders+mail1.federal.${keys.federal}@example.test`,
      'Re: [mail1] Game opens',
      'MOVE K-STAT C14 C11\nMOVE POWH C13 C10\n\n-- \nGideon',
    )
    await sendAs(
      'reb@example.test',
      'orders@example.test',
      'my orders',
      `GAME mail1 CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID\nSUM: MOVE C21 +RAID\nPOLICY SUM ON SPOTTED: ESCAPE`,
    )
    const outcomes: string[] = []
    await waitFor(async () => {
      outcomes.push(...(await readInbox(app)))
      return outcomes.filter((o) => o === 'orders-accepted').length === 2
    }, 15_000)
    expect(adjudicateDue(app)).toEqual(['mail1'])
    await sendOutbox(app)

    const fed = await waitFor(async () => {
      const m = ofGame(await inbox('fed'))
      return m.some((x) => /Results: GT1/.test(x.subject)) && m.some((x) => /Orders accepted/.test(x.subject))
        ? m
        : null
    }, 15_000)
    const reb = await waitFor(async () => {
      const m = ofGame(await inbox('reb'))
      return m.some((x) => /Results: GT1/.test(x.subject)) ? m : null
    }, 15_000)
    const ackReb = reb.find((m) => /Orders accepted/.test(m.subject))!
    expect(ackReb.text).toContain('SUM: RUN-OUT, MOVE C11, RAID, MOVE C21, RAID')
    const fedReport = fed.find((m) => /Results: GT1/.test(m.subject))!
    const rebReport = reb.find((m) => /Results: GT1/.test(m.subject))!
    const narrative = app.judge.load('mail1').adjudications[0]!.data.narrative
    const unfold = (t: string) => t.replace(/\s+/g, ' ')
    for (const n of narrative) {
      const line = unfold(n.text)
      if (n.audience.kind === 'public') expect(unfold(fedReport.text)).toContain(line)
      if (n.audience.kind === 'roles' && n.audience.roles.includes('confederate')) {
        expect(unfold(rebReport.text)).toContain(line)
        for (const m of fed) expect(unfold(m.text)).not.toContain(line)
      }
    }
    expect(
      narrative.filter((n) => n.audience.kind === 'roles' && n.audience.roles.includes('confederate')).length,
    ).toBeGreaterThan(3)
    // Nothing of the Confederate script, standing orders or private narrative in any Federal mail.
    for (const m of fed) {
      expect(m.text).not.toMatch(/SUM: (RUN-OUT|MOVE)|POLICY SUM|SUM moves to|coals in/)
      expect(m.raw.toString()).not.toContain(keys.confederate)
    }
    // The moderator's copy holds everything.
    const mod = ofGame(await inbox('mod'))
    expect(mod.find((m) => /Results: GT1/.test(m.subject))!.text).toContain('SUM moves to C11')
  })

  it('keeps a copy of every sent message in the archive, with the same Message-ID', async () => {
    const sent = app.db.prepare(`SELECT message_id FROM outbox WHERE game = 'mail1' AND sent_at IS NOT NULL`).all() as {
      message_id: string
    }[]
    const archived = new Set(
      (
        await waitFor(async () => {
          const a = await inbox('archive')
          return a.filter((m) => sent.some((s) => s.message_id === m.messageId)).length >= sent.length ? a : null
        }, 15_000)
      ).map((m) => m.messageId),
    )
    for (const s of sent) expect(archived.has(s.message_id)).toBe(true)
  })
})
