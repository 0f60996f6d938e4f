// `pbem serve` on real mail: IMAP intake, SMTP delivery with an archive copy and the loopback SMTP
// listener, configured through PBEM_CONFIG plus environment variables, against a real Dovecot +
// Postfix (scripts/mailstack.sh, own ports). Order mails sent to the judge's address are
// acknowledged in the player's INBOX within seconds.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_USERS, inbox, sendAs, startMailstack, waitFor, type Mailstack } from './mailstack.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const LISTEN_PORT = 20390
let ms: Mailstack
let dir: string
let child: ChildProcess | null = null
let out = ''

beforeAll(async () => {
  // the demo game's players are federal@ and confederate@example.test
  ms = await startMailstack({ basePort: 20300, users: [...DEFAULT_USERS, 'federal', 'confederate'] })
  dir = mkdtempSync(join(tmpdir(), 'pbem-serve-mail-'))
  const config = join(dir, 'mail.json')
  writeFileSync(
    config,
    JSON.stringify({
      imap: {
        host: ms.imap.host,
        port: ms.imap.port,
        user: 'judge',
        pass: 'wrong: the environment wins',
        tls: false,
        pollMs: 2000,
      },
      smtp: { host: ms.smtp.host, port: ms.smtp.port, tls: false },
      archiveAddress: 'archive@example.test',
      archive: { user: 'archive', pass: 'archive-pw' },
      mailDomain: 'example.test',
    }),
  )
  // bin/pbem.js runs the judge in its own process (the build CI made, else the sources), so SIGTERM
  // reaches the judge and it stops cleanly
  child = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '250'], {
    cwd: root,
    env: {
      ...process.env,
      PBEM_DATA_DIR: join(dir, 'data'),
      PBEM_CONFIG: config,
      PBEM_IMAP_PASS: 'judge-pw',
      PBEM_SMTP_LISTEN: `127.0.0.1:${LISTEN_PORT}`,
    },
  })
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  // A first start on a busy machine (the trials' judges beside it) took over 30 s once.
  await waitFor(() => out.includes('SMTP listener on'), 150_000, 'serve start-up')
}, 300_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
  await ms?.stop()
}, 60_000)

const key = () => /confederate key ([0-9a-f]+)/.exec(out)?.[1]

describe('pbem serve with IMAP, SMTP and the listener', () => {
  it('starts on the configured mail and mails the demo game’s opening reports by SMTP', async () => {
    expect(out).toContain('IMAP intake: judge@127.0.0.1')
    expect(out).toContain('acknowledgements and reports are sent by SMTP')
    expect(key()).toBeTruthy()
    const reports = await waitFor(
      async () => {
        const r = await inbox('confederate')
        return r.length ? r : null
      },
      10_000,
      'opening report in the confederate INBOX',
    )
    expect(reports[0]!.raw.toString('latin1')).toContain(`orders+sd-demo.confederate.${key()}@example.test`)
  })

  it('acknowledges orders mailed to the reply address (Postfix -> Dovecot -> IMAP intake -> SMTP) within seconds', async () => {
    const sent = Date.now()
    const id = await sendAs(
      'confederate@example.test',
      `orders+sd-demo.confederate.${key()}@example.test`,
      'my orders',
      'SUM: RUN-OUT\nSUM: MOVE C11 +RAID\n',
    )
    const ack = await waitFor(
      async () =>
        (await inbox('confederate')).find(
          (m) =>
            m.headers.get('in-reply-to') === `<${id}>` || m.raw.toString('latin1').includes(`In-Reply-To: <${id}>`),
        ),
      10_000,
      'acknowledgement',
    )
    expect(Date.now() - sent).toBeLessThan(10_000)
    expect(ack.subject).toMatch(/Orders accepted/)
    await waitFor(
      async () => (await inbox('judge')).length === 0 && (await inbox('judge', 'Processed')).length >= 1,
      5000,
      'order mail moved to Processed',
    )
    await waitFor(
      async () => (await inbox('archive')).some((m) => m.messageId === ack.messageId),
      5000,
      'archive copy of the acknowledgement',
    )
  })

  it('takes mail handed to the loopback SMTP listener through the same intake', async () => {
    const t = nodemailer.createTransport({ host: '127.0.0.1', port: LISTEN_PORT, secure: false, ignoreTLS: true })
    const info = await t.sendMail({
      from: 'confederate@example.test',
      to: 'orders@example.test',
      subject: 'orders via listener',
      text: `GAME sd-demo CONFEDERATE\nKEY ${key()}\nSUM: STAY\n`,
    })
    t.close()
    expect(info.response).toMatch(/^250 .*orders-accepted/)
    const id = String(info.messageId).replace(/^<|>$/g, '')
    const ack = await waitFor(
      async () => (await inbox('confederate')).find((m) => m.raw.toString('latin1').includes(`In-Reply-To: <${id}>`)),
      10_000,
      'acknowledgement of the listener mail',
    )
    expect(ack.subject).toMatch(/Orders accepted/)
  })
})
