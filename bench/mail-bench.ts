// Mail throughput on a real Postfix + Dovecot on loopback (scripts/mailstack.sh; needs root and apt):
// the raw rate of the stack (nodemailer -> Postfix -> LMTP -> Dovecot, until visible over IMAP) and,
// in the same run, how many order mails per second the judge reads from its IMAP mailbox, files and
// acknowledges (acknowledgements delivered by SMTP and visible in the players' inboxes).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import nodemailer from 'nodemailer'
import { openApp, readInbox, sendOutbox } from '../src/cli/app.ts'
import { loadMailConfig } from '../src/mail/config.ts'
import { DEFAULT_USERS, imapClient, startMailstack, waitFor } from '../test/e2e/mailstack.ts'

async function count(user: string): Promise<number> {
  const c = await imapClient(user)
  try {
    const status = await c.status('INBOX', { messages: true })
    return status ? (status.messages ?? 0) : 0
  } finally {
    await c.logout()
  }
}

export async function benchMail(n = 1000): Promise<{
  n: number
  rawPerSec: number
  ackPerSec: number
  readSeconds: number
  sendSeconds: number
}> {
  // Every order comes from the same two players: lift the per-sender reply limit for the run.
  process.env.PBEM_REPLY_LIMIT = String(n * 2)
  const ms = await startMailstack({ basePort: 20600, users: DEFAULT_USERS })
  const dir = mkdtempSync(join(tmpdir(), 'pbem-mail-bench-'))
  try {
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
    })
    const app = openApp({ dataDir: dir, mail, moderatorAddress: null })
    const { keys } = app.judge.createGame({
      game: 'bench',
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: 'fed@example.test', name: 'F' },
        { role: 'confederate', address: 'reb@example.test', name: 'C' },
      ],
    })
    await sendOutbox(app)
    await waitFor(async () => (await count('fed')) >= 1 && (await count('reb')) >= 1, 20_000)
    const [fed0, reb0] = [await count('fed'), await count('reb')]

    // 1. The stack alone: n order mails through Postfix into the judge's mailbox.
    const transport = nodemailer.createTransport({
      host: ms.smtp.host,
      port: ms.smtp.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 4,
    })
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const role = i % 2 ? 'confederate' : 'federal'
        const text =
          role === 'federal'
            ? `GAME bench FEDERAL\nKEY ${keys.federal}\nMOVE POWH C13`
            : `GAME bench CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`
        return transport.sendMail({
          from: role === 'federal' ? 'fed@example.test' : 'reb@example.test',
          to: 'orders@example.test',
          subject: `orders ${i}`,
          text,
        })
      }),
    )
    await waitFor(async () => (await count('judge')) >= n, 120_000)
    const raw = (performance.now() - t0) / 1000
    transport.close()

    // 2. The judge: read over IMAP, file, acknowledge by SMTP, acknowledgements visible.
    const t1 = performance.now()
    await readInbox(app)
    const read = (performance.now() - t1) / 1000
    await sendOutbox(app)
    const sent = (performance.now() - t1) / 1000 - read
    await waitFor(async () => (await count('fed')) - fed0 + (await count('reb')) - reb0 >= n, 300_000)
    const judged = (performance.now() - t1) / 1000
    app.close()
    return { n, rawPerSec: n / raw, ackPerSec: n / judged, readSeconds: read, sendSeconds: sent }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await ms.stop()
  }
}
