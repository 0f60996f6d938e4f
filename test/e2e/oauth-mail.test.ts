// The judge on a mailbox that wants OAuth2: a real Dovecot whose oauth2 passdb asks a local
// introspection endpoint about every token, and a Postfix taking SMTP AUTH (XOAUTH2) through
// Dovecot. Log-in by token both ways, a token the server stops accepting mid-run replaced without
// losing a mail, a revoked grant reported plainly by `pbem mail check` and by `pbem serve` (which
// keeps running), and the check's test mail DKIM-signed and verified by mailauth on arrival. Also: a
// rotated refresh token kept in its file, a provider refusing plus addressing (a small SMTP server
// started here), and the judge's own reports and acknowledgements signed and labelled on arrival.
import { execFile, spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dkimVerify } from 'mailauth'
import { inboundHandler, openApp, sendOutbox } from '../../src/cli/app.ts'
import { checkLines, dkimRecord, mailCheck } from '../../src/cli/mailCheckRun.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import { ImapIntake } from '../../src/mail/imap.ts'
import { TokenRefresher } from '../../src/mail/oauth.ts'
import { ImapArchive, SmtpTransport } from '../../src/mail/smtp.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { inbox, kick, sendAs, startMailstack, waitFor, type Mailstack } from './mailstack.ts'
import { type OAuthServer, startOAuthServer } from './oauthServer.ts'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../', import.meta.url))
let ms: Mailstack
let oauth: OAuthServer
let dir: string
let app: TestApp

beforeAll(async () => {
  oauth = await startOAuthServer()
  ms = await startMailstack({ basePort: 21300, oauth2IntrospectUrl: oauth.introspectUrl, smtpAuth: true })
  dir = mkdtempSync(join(tmpdir(), 'pbem-oauth-mail-'))
  app = testApp('oauth-e2e')
}, 300_000)

afterAll(async () => {
  app?.cleanup()
  await ms?.stop()
  await oauth?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
}, 60_000)

/** The judge's environment for the stack, logging in by token both ways. */
function tokenEnv(refreshToken: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const file = join(dir, `oauth-${refreshToken}.json`)
  writeFileSync(
    file,
    JSON.stringify({
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      refreshToken,
      tokenUrl: oauth.tokenUrl,
    }),
  )
  chmodSync(file, 0o600)
  return {
    PBEM_IMAP_HOST: ms.imap.host,
    PBEM_IMAP_PORT: String(ms.imap.port),
    PBEM_IMAP_TLS: 'false',
    PBEM_IMAP_USER: 'judge',
    PBEM_IMAP_AUTH: 'oauth2',
    PBEM_IMAP_POLL_MS: '500',
    PBEM_SMTP_HOST: ms.smtp.host,
    PBEM_SMTP_PORT: String(ms.smtp.port),
    PBEM_SMTP_TLS: 'false',
    PBEM_SMTP_USER: 'judge',
    PBEM_SMTP_AUTH: 'oauth2',
    PBEM_MAIL_DOMAIN: 'example.test',
    PBEM_OAUTH2_FILE: file,
    ...extra,
  }
}

const account = (tokens: TokenRefresher) => ({
  host: ms.smtp.host,
  port: ms.smtp.port,
  tls: 'none' as const,
  user: 'judge',
  tokens,
  mailDomain: 'example.test',
})

const mail = (n: number) => ({
  messageId: `report.tokengame.r${n}.fed@example.test`,
  from: 'judge@example.test',
  to: 'fed@example.test',
  subject: `token mail ${n}`,
  text: `mail ${n}\n`,
})

describe('OAuth2 log-in on a real Dovecot and Postfix', () => {
  it('logs in by token to IMAP and SMTP and passes pbem mail check, the test mail DKIM-signed and verified', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const key = join(dir, 'dkim.pem')
    writeFileSync(key, privateKey.export({ type: 'pkcs8', format: 'pem' }))
    chmodSync(key, 0o600)
    const config = loadMailConfig(
      tokenEnv(oauth.refreshTokenFor('judge'), { PBEM_DKIM_SELECTOR: 'pbem', PBEM_DKIM_KEY_FILE: key }),
    )
    const record = dkimRecord(config.dkim!.privateKey)
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 'pbem._domainkey.example.test') return [[record]]
      throw Object.assign(new Error(`no ${type} ${name}`), { code: 'ENOTFOUND' })
    }
    const steps = await mailCheck(config, { createFolders: true, waitMs: 20_000, resolver })
    const report = checkLines(steps).join('\n')
    expect(
      steps.filter((s) => s.verdict !== 'ok'),
      report,
    ).toEqual([])
    expect(report).toMatch(/OK {4}OAuth2 token: the token endpoint gave an access token/)
    expect(report).toMatch(/OK {4}IMAP log-in \(judge@127\.0\.0\.1:\d+, OAuth2\): logged in/)
    expect(report).toMatch(/OK {4}SMTP log-in \(judge@127\.0\.0\.1:\d+, OAuth2\): logged in/)
    expect(report).toMatch(/folder Processed: created/)
    expect(report).toMatch(/test mail to the plus-address: sent to judge\+pbem-check-\w+@example\.test and read back/)
    expect(report).toMatch(/DKIM signature: signed as pbem\._domainkey\.example\.test; the signature verifies/)
    expect(report).not.toContain(oauth.issued[0]!.token)
    // the test mail is gone again: the intake never sees it
    expect((await inbox('judge')).filter((m) => m.subject.startsWith('acw-pbem mail check'))).toEqual([])
  })

  it('passwords keep working: the check logs in by password both ways and warns that nothing is DKIM-signed', async () => {
    const config = loadMailConfig({
      ...tokenEnv(oauth.refreshTokenFor('judge')),
      PBEM_IMAP_AUTH: 'password',
      PBEM_IMAP_PASS: 'judge-pw',
      PBEM_SMTP_AUTH: 'password',
      PBEM_SMTP_PASS: 'judge-pw',
    })
    const issued = oauth.issued.length
    const steps = await mailCheck(config, { waitMs: 20_000 })
    const report = checkLines(steps).join('\n')
    expect(report).toMatch(/OK {4}IMAP log-in \(judge@127\.0\.0\.1:\d+, password\): logged in/)
    expect(report).toMatch(/OK {4}SMTP log-in \(judge@127\.0\.0\.1:\d+, password\): logged in/)
    expect(report).toMatch(/OK {4}test mail to the plus-address: sent to judge\+pbem-check-/)
    expect(report).toMatch(
      /WARN {2}DKIM signature: not signed: no DKIM key configured\n {6}fix: set PBEM_DKIM_SELECTOR/,
    )
    expect(steps.filter((s) => s.verdict === 'fail')).toEqual([])
    expect(oauth.issued.length).toBe(issued)
  })

  it('replaces a token the servers stop accepting mid-run, losing no mail on either side', async () => {
    const tokens = new TokenRefresher({
      clientId: oauth.clientId,
      clientSecret: oauth.clientSecret,
      refreshToken: oauth.refreshTokenFor('judge'),
      tokenUrl: oauth.tokenUrl,
    })
    const first = new SmtpTransport(account(tokens))
    await first.send(
      mail(1),
      Buffer.from(
        `Subject: token mail 1\r\nMessage-ID: <report.tokengame.r1.fed@example.test>\r\nFrom: judge@example.test\r\nTo: fed@example.test\r\n\r\nmail 1\r\n`,
      ),
      1,
    )
    first.close()
    const seen: string[] = []
    const intake = new ImapIntake({
      host: ms.imap.host,
      port: ms.imap.port,
      tls: 'none',
      user: 'judge',
      pass: '',
      tokens,
      db: app.jobsDb,
      handler: async (raw) => seen.push(/^Subject: (.*)$/m.exec(raw.toString())?.[1] ?? '?'),
      pollMs: 500,
      backoffMs: { initial: 100, max: 500 },
    })
    try {
      await intake.start()
      await sendAs('fed@example.test', 'judge+x@example.test', 'before expiry', 'one')
      await waitFor(() => seen.includes('before expiry'), 20_000, 'the first mail read')
      const fetched = tokens.fetched
      // The provider ends the token early: the cached one still looks valid to the judge.
      oauth.expireAll()
      await kick('judge')
      await sendAs('fed@example.test', 'judge+x@example.test', 'after expiry', 'two')
      await waitFor(() => seen.includes('after expiry'), 20_000, 'the second mail read after a new token')
      // And again on the SMTP side: the server refuses the cached token, nodemailer asks for a new one.
      const beforeSmtp = tokens.fetched
      oauth.expireAll()
      const second = new SmtpTransport(account(tokens))
      await second.send(
        mail(2),
        Buffer.from(
          `Subject: token mail 2\r\nMessage-ID: <report.tokengame.r2.fed@example.test>\r\nFrom: judge@example.test\r\nTo: fed@example.test\r\n\r\nmail 2\r\n`,
        ),
        2,
      )
      second.close()
      expect(tokens.fetched).toBeGreaterThan(fetched)
      expect(tokens.fetched).toBeGreaterThan(beforeSmtp)
      expect(oauth.inactiveAnswers).toBeGreaterThan(0)
      expect(seen.filter((s) => s === 'before expiry' || s === 'after expiry')).toEqual([
        'before expiry',
        'after expiry',
      ])
      const got = await waitFor(
        async () => {
          const subjects = (await inbox('fed')).map((m) => m.subject)
          return subjects.includes('token mail 1') && subjects.includes('token mail 2') && subjects
        },
        20_000,
        'both sent mails in fed INBOX',
      )
      expect(got.filter((s) => s.startsWith('token mail'))).toEqual(['token mail 1', 'token mail 2'])
      const listIds = (await inbox('fed'))
        .filter((m) => m.subject.startsWith('token mail'))
        .map((m) => /^List-Id: (.*)\r$/m.exec(m.raw.toString('latin1'))?.[1])
      expect(listIds).toEqual(Array(2).fill('"acw-pbem game tokengame" <tokengame.example.test>'))
    } finally {
      await intake.stop()
    }
  })

  it('reads the archive mailbox back by its own token, to settle a send left in doubt', async () => {
    const grant = (user: string) =>
      new TokenRefresher({
        clientId: oauth.clientId,
        clientSecret: oauth.clientSecret,
        refreshToken: oauth.refreshTokenFor(user),
        tokenUrl: oauth.tokenUrl,
      })
    const smtp = new SmtpTransport({ ...account(grant('judge')), archiveAddress: 'archive@example.test' })
    const raw = `Subject: archived\r\nMessage-ID: <report.tokengame.r9.fed@example.test>\r\nFrom: judge@example.test\r\nTo: fed@example.test\r\n\r\nx\r\n`
    await smtp.send(mail(9), Buffer.from(raw), 9)
    smtp.close()
    const archiveTokens = grant('archive')
    const archive = new ImapArchive({
      host: ms.imap.host,
      port: ms.imap.port,
      tls: 'none',
      user: 'archive',
      pass: '',
      tokens: archiveTokens,
    })
    const found = await waitFor(
      async () => {
        const f = await archive.find(['report.tokengame.r9.fed@example.test', 'never.sent@example.test'])
        return f.size > 0 && f
      },
      20_000,
      'the archive copy found by token',
    )
    expect([...found]).toEqual(['report.tokengame.r9.fed@example.test'])
    expect(archiveTokens.fetched).toBe(1)
  })

  it('a revoked grant: pbem mail check says to re-authorise; pbem serve reports it and keeps running', async () => {
    const rt = oauth.refreshTokenFor('judge')
    oauth.revoke(rt)
    const env = { ...process.env, ...tokenEnv(rt), PBEM_DATA_DIR: join(dir, 'data') }
    const cli = ['bin/pbem.js']
    const check = await run(process.execPath, [...cli, 'mail', 'check', '--wait', '5'], { cwd: root, env }).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    )
    expect(check?.code).toBe(1)
    expect(check!.stdout).toMatch(
      /FAIL {2}OAuth2 token: the token endpoint http:\/\/127\.0\.0\.1:\d+\/token refused the refresh token \(HTTP 400, invalid_grant\)\n {6}fix: re-authorise the judge/,
    )
    expect(check!.stdout).toMatch(/SKIP {2}IMAP log-in .*not tried: no access token/)
    expect(check!.stdout).not.toContain(rt)

    // the demo game's opening reports wait in the outbox
    const child = spawn(process.execPath, [...cli, 'serve', '--interval', '250'], { cwd: root, env })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    try {
      await waitFor(() => /refused the refresh token/.test(out), 30_000, `serve reporting the refusal (output: ${out})`)
      await new Promise((r) => setTimeout(r, 3000))
      expect(child.exitCode, out).toBeNull()
      expect(out).toMatch(
        /imap judge@127\.0\.0\.1:\d+\/INBOX: the token endpoint .* refused the refresh token \(HTTP 400, invalid_grant\): re-authorise/,
      )
      // backed off, not a tight loop: a handful of tries in the seconds watched
      expect(out.match(/refused the refresh token/g)!.length).toBeLessThan(12)
      // the outbox waits for a token instead of spending its mails' tries on a refused grant
      expect(
        out.match(/outbox: not sent, no access token: the token endpoint .* refused the refresh token/g),
      ).toHaveLength(1)
      expect(out).not.toContain(rt)
    } finally {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
  })

  it('a grant the provider rotates: pbem mail check writes the new refresh token back to its 0600 file, and the next check logs in with it', async () => {
    oauth.rotating = true
    try {
      const env = tokenEnv(oauth.refreshTokenFor('judge'))
      const file = env.PBEM_OAUTH2_FILE!
      const first = await mailCheck(loadMailConfig(env), { waitMs: 20_000 })
      const report = checkLines(first).join('\n')
      expect(
        first.filter((s) => s.verdict === 'fail'),
        report,
      ).toEqual([])
      expect(report).toContain(
        `OK    OAuth2 refresh token: the token endpoint rotated the refresh token; the new one was written to ${file}`,
      )
      // the old grant is dead at the provider now: only the written-back one can log in again
      expect(JSON.parse(readFileSync(file, 'utf8')).refreshToken).toBe(oauth.rotated.at(-1))
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const second = await mailCheck(loadMailConfig(env), { waitMs: 20_000 })
      expect(
        second.filter((s) => s.verdict === 'fail'),
        checkLines(second).join('\n'),
      ).toEqual([])
      for (const t of oauth.rotated) expect(report).not.toContain(t)

      // from the environment the new token cannot be kept: the check says the environment needs updating
      const fromEnv = await mailCheck(
        loadMailConfig({ ...tokenEnv('unused'), PBEM_OAUTH2_REFRESH_TOKEN: oauth.refreshTokenFor('judge') }),
        { waitMs: 20_000 },
      )
      const envReport = checkLines(fromEnv).join('\n')
      expect(envReport).toMatch(
        /WARN {2}OAuth2 refresh token: the token endpoint rotated the refresh token; PBEM_OAUTH2_REFRESH_TOKEN still holds the old one.*\n {6}fix: update the environment/,
      )
      for (const t of oauth.rotated) expect(envReport).not.toContain(t)
    } finally {
      oauth.rotating = false
    }
  })

  it('a provider that refuses plus addressing: pbem mail check says so and names the way round it', async () => {
    // Dovecot for the IMAP side; for SMTP a server that, like some providers, refuses any local+tag
    const refused: string[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, cb) {
        if (!address.address.includes('+')) return cb()
        refused.push(address.address)
        cb(Object.assign(new Error('5.1.1 no such user here'), { responseCode: 550 }))
      },
      onData(stream, _session, cb) {
        stream.resume()
        stream.on('end', () => cb())
      },
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const config = loadMailConfig({
        ...tokenEnv(oauth.refreshTokenFor('judge')),
        PBEM_IMAP_AUTH: 'password',
        PBEM_IMAP_PASS: 'judge-pw',
        PBEM_SMTP_AUTH: 'password',
        PBEM_SMTP_USER: '',
        PBEM_SMTP_PORT: String((server.server.address() as AddressInfo).port),
        PBEM_IMAP_FAILED: 'Failed-not-yet',
      })
      const steps = await mailCheck(config, { waitMs: 5_000 })
      const report = checkLines(steps).join('\n')
      expect(report).toMatch(/OK {4}IMAP log-in \(judge@127\.0\.0\.1:\d+, password\): logged in/)
      expect(report).toMatch(/OK {4}SMTP log-in \(127\.0\.0\.1:\d+, no log-in\): connected/)
      expect(refused).toHaveLength(1)
      expect(refused[0]).toMatch(/^judge\+pbem-check-\w+@example\.test$/)
      expect(report).toMatch(
        /FAIL {2}test mail to the plus-address: not sent to judge\+pbem-check-\w+@example\.test: .*550.*\n {6}fix: the provider refused plus addressing: give --address with an alias that reaches this mailbox/,
      )
      expect(steps.filter((s) => s.verdict === 'fail').map((s) => s.step)).toEqual(['test mail to the plus-address'])
      // a missing folder is created only with consent: without it the check warns and leaves it be
      expect(report).toMatch(
        /WARN {2}folder Failed-not-yet: missing \(mail that failed goes to\); the judge creates it when first needed\n {6}fix: run pbem mail check --create-folders/,
      )
      const again = checkLines(await mailCheck(config, { waitMs: 5_000 })).join('\n')
      expect(again).toMatch(/WARN {2}folder Failed-not-yet: missing/)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  it("the judge's own letters go out by token, DKIM-signed (verified by mailauth), with List-Id, Auto-Submitted and a Message-ID on its domain; no token in the database", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const key = join(dir, 'dkim-reports.pem')
    writeFileSync(key, privateKey.export({ type: 'pkcs8', format: 'pem' }))
    chmodSync(key, 0o600)
    const rt = oauth.refreshTokenFor('judge')
    const mailConfig = loadMailConfig(tokenEnv(rt, { PBEM_DKIM_SELECTOR: 'pbem', PBEM_DKIM_KEY_FILE: key }))
    // Counted before the judge opens: its token may be fetched as soon as it opens.
    const issued = oauth.issued.length
    const judge = openApp({
      dataDir: join(dir, 'reports-data'),
      mail: mailConfig,
      moderatorAddress: 'mod@example.test',
    })
    const record = dkimRecord(mailConfig.dkim!.privateKey)
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 'pbem._domainkey.example.test') return [[record]]
      throw Object.assign(new Error(`no ${type} ${name}`), { code: 'ENOTFOUND' })
    }
    const dkimOf = async (raw: Buffer) =>
      (
        (await dkimVerify(raw, { resolver })) as { results: { signingDomain: string; status: { result: string } }[] }
      ).results.map((r) => [r.signingDomain, r.status.result])
    const arrived = (what: string, pick: (m: Awaited<ReturnType<typeof inbox>>[number]) => boolean) =>
      waitFor(async () => (await inbox('fed')).find(pick) ?? null, 20_000, what)
    try {
      const { keys } = judge.judge.createGame({
        game: 'dkimgame',
        ruleset: 'sea-devils',
        scenario: 'weak-beginning',
        players: [
          { role: 'federal', address: 'fed@example.test', name: 'Fed' },
          { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
        ],
      })
      const queued = judge.db
        .prepare("SELECT message_id FROM outbox WHERE game = 'dkimgame' AND recipient LIKE '%fed@%'")
        .all() as { message_id: string }[]
      expect(queued.length).toBeGreaterThan(0)
      const said: string[] = []
      const sent = await sendOutbox(judge, (l) => said.push(l))
      expect(said).toEqual([])
      expect(sent).toBeGreaterThan(0)
      expect(oauth.issued.length, said.join('\n')).toBeGreaterThan(issued)
      const report = await arrived("the game's first report", (m) => m.messageId === queued[0]!.message_id)
      expect(report.messageId).toMatch(/^<?report\.dkimgame\..*@example\.test>?$/)
      const reportRaw = report.raw.toString('latin1')
      expect(reportRaw).toMatch(/^List-Id: "acw-pbem game dkimgame" <dkimgame\.example\.test>\r$/m)
      expect(reportRaw).toMatch(/^Auto-Submitted: auto-generated\r$/m)
      expect(await dkimOf(report.raw)).toContainEqual(['example.test', 'pass'])

      // a player's mail is answered: the acknowledgement is auto-replied, signed, on the judge's domain
      const orders = [
        'From: Fed <fed@example.test>',
        `To: orders+dkimgame.federal.${keys.federal}@example.test`,
        'Subject: orders',
        'Message-ID: <fed-orders-dkim-1@example.test>',
        `Date: ${new Date().toUTCString()}`,
        '',
        'SUM: STAY',
        '',
      ].join('\r\n')
      await inboundHandler(judge)(Buffer.from(orders), 'test')
      await sendOutbox(judge)
      const ack = await arrived('the acknowledgement', (m) =>
        /^In-Reply-To: <fed-orders-dkim-1@example\.test>\r$/im.test(m.raw.toString('latin1')),
      )
      const ackRaw = ack.raw.toString('latin1')
      expect(ack.messageId).toMatch(/@example\.test>?$/)
      expect(ackRaw).toMatch(/^Auto-Submitted: auto-replied\r$/m)
      expect(ackRaw).toMatch(/^List-Id: "acw-pbem game dkimgame" <dkimgame\.example\.test>\r$/m)
      expect(await dkimOf(ack.raw)).toContainEqual(['example.test', 'pass'])

      // neither the refresh token nor any access token is kept in the judge's database
      const tables = judge.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      const dump = tables.map((t) => JSON.stringify(judge.db.prepare(`SELECT * FROM "${t.name}"`).all())).join('\n')
      expect(dump).toContain('dkimgame')
      expect(dump).not.toContain(rt)
      for (const a of oauth.issued) expect(dump).not.toContain(a.token)
    } finally {
      judge.close()
    }
  })
})
