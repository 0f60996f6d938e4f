// Test helpers for end-to-end mail tests against a real Dovecot + Postfix on loopback
// (scripts/mailstack.sh). Each test file starts its own stack in its own temporary root on its
// own ports (pass a distinct basePort per file), so files can run in parallel.
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ImapFlow } from 'imapflow'
import { simpleParser } from 'mailparser'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer/index.js'

/** A trial's kill moments come from the seeded generator, so a failing trial replays. */
export { seededRandom as mulberry32 } from '../helpers/random.ts'

const run = promisify(execFile)
const SCRIPT = fileURLToPath(new URL('../../scripts/mailstack.sh', import.meta.url))

export const DOMAIN = 'example.test'
export const DEFAULT_USERS = ['judge', 'fed', 'reb', 'mod', 'spy', 'archive']

export interface Mailstack {
  root: string
  imap: { host: string; port: number }
  smtp: { host: string; port: number }
  lmtp: { host: string; port: number }
  /** Dovecot's auth service for Postfix's SMTP AUTH, when asked for (MailstackOptions.smtpAuth) */
  sasl?: { host: string; port: number }
  env: NodeJS.ProcessEnv
  stop(): Promise<void>
}

export interface MailstackOptions {
  /** IMAP = base+43, SMTP = base+25, LMTP = base+24; default: the script's 1143 / 2525 / 2424 */
  basePort?: number
  /** "user" (password user-pw) or "user:password"; default judge fed reb mod spy archive */
  users?: string[]
  /** keep the root directory after stop (for debugging) */
  keep?: boolean
  /** also accept OAuth2 tokens on IMAP (and SMTP with smtpAuth), checked at this introspection URL */
  oauth2IntrospectUrl?: string
  /** Postfix takes SMTP AUTH through Dovecot (auth service on base+26, default 2526) */
  smtpAuth?: boolean
}

let current: Mailstack | null = null

function stack(): Mailstack {
  if (!current) throw new Error('startMailstack() first')
  return current
}

async function script(cmd: string, env: NodeJS.ProcessEnv, timeout: number): Promise<string> {
  try {
    // dovecot is started with its stdio on /dev/null by the script, so pipes here are safe
    const r = await run('bash', [SCRIPT, cmd], { env, timeout, maxBuffer: 4 << 20 })
    return r.stdout
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string }
    throw new Error(`mailstack.sh ${cmd} failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`)
  }
}

/** Starts a stack (Dovecot and Postfix must be installed: scripts/test-deps.sh). */
export async function startMailstack(opts: MailstackOptions = {}): Promise<Mailstack> {
  // Another stack (a second test run on the same machine) may hold the ports: move up and try again.
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOn(
        opts,
        opts.basePort === undefined || attempt === 0 ? opts.basePort : opts.basePort + 1000 * attempt,
      )
    } catch (e) {
      if (opts.basePort === undefined || attempt >= 5 || !/already in use/.test((e as Error).message)) throw e
    }
  }
}

async function startOn(opts: MailstackOptions, base: number | undefined): Promise<Mailstack> {
  const ports =
    base === undefined
      ? { imap: 1143, smtp: 2525, lmtp: 2424, sasl: 2526 }
      : { imap: base + 43, smtp: base + 25, lmtp: base + 24, sasl: base + 26 }
  const root = mkdtempSync(join(tmpdir(), 'pbem-mailstack-'))
  chmodSync(root, 0o755) // dovecot delivers as the mail user: every parent must be searchable
  const users = (opts.users ?? DEFAULT_USERS).map((u) => (u.includes(':') ? u : `${u}:${u}-pw`))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MAILSTACK_ROOT: root,
    MAILSTACK_IMAP_PORT: String(ports.imap),
    MAILSTACK_SMTP_PORT: String(ports.smtp),
    MAILSTACK_LMTP_PORT: String(ports.lmtp),
    MAILSTACK_DOMAIN: DOMAIN,
    MAILSTACK_USERS: users.join(' '),
    ...(opts.oauth2IntrospectUrl ? { MAILSTACK_OAUTH2_INTROSPECT_URL: opts.oauth2IntrospectUrl } : {}),
    ...(opts.smtpAuth ? { MAILSTACK_SASL_PORT: String(ports.sasl) } : {}),
  }
  try {
    await script('start', env, 60_000)
  } catch (e) {
    await script('stop', env, 60_000).catch(() => '')
    if (!opts.keep) rmSync(root, { recursive: true, force: true })
    throw e
  }
  const s: Mailstack = {
    root,
    imap: { host: '127.0.0.1', port: ports.imap },
    smtp: { host: '127.0.0.1', port: ports.smtp },
    lmtp: { host: '127.0.0.1', port: ports.lmtp },
    ...(opts.smtpAuth ? { sasl: { host: '127.0.0.1', port: ports.sasl } } : {}),
    env,
    stop: async () => {
      await script('stop', env, 60_000)
      if (current === s) current = null
      if (!opts.keep) rmSync(root, { recursive: true, force: true })
    },
  }
  current = s
  return s
}

/**
 * The environment of a `pbem serve` on this stack: it reads the `imapUser` mailbox (none given when
 * each judge of a test names its own), sends through the stack's SMTP and checks the archive mailbox
 * for mail left in doubt.
 */
export function judgeMailEnv(ms: Mailstack, imapUser: string | null = 'judge'): NodeJS.ProcessEnv {
  return {
    PBEM_IMAP_HOST: ms.imap.host,
    PBEM_IMAP_PORT: String(ms.imap.port),
    ...(imapUser ? { PBEM_IMAP_USER: imapUser, PBEM_IMAP_PASS: password(imapUser) } : {}),
    PBEM_IMAP_TLS: 'false',
    PBEM_IMAP_POLL_MS: '200',
    PBEM_SMTP_HOST: ms.smtp.host,
    PBEM_SMTP_PORT: String(ms.smtp.port),
    PBEM_SMTP_TLS: 'false',
    PBEM_MAIL_DOMAIN: DOMAIN,
    PBEM_MODERATOR: `mod@${DOMAIN}`,
    PBEM_ARCHIVE_ADDRESS: `archive@${DOMAIN}`,
    PBEM_ARCHIVE_IMAP_USER: 'archive',
    PBEM_ARCHIVE_IMAP_PASS: password('archive'),
  }
}

export function password(user: string): string {
  return `${user}-pw`
}

/** A connected imapflow client for a mailbox user (password <user>-pw). Call logout() after. */
export async function imapClient(user: string, pass = password(user)): Promise<ImapFlow> {
  const s = stack()
  const client = new ImapFlow({
    host: s.imap.host,
    port: s.imap.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user, pass },
    logger: false,
    disableAutoIdle: true,
  })
  client.on('error', () => {})
  await client.connect()
  return client
}

/** The Message-IDs in a user's INBOX, read from the envelopes (no message is parsed). */
export async function inboxMessageIds(user: string): Promise<string[]> {
  const c = await imapClient(user)
  try {
    const box = await c.mailboxOpen('INBOX', { readOnly: true })
    if (box.exists === 0) return []
    const ids: string[] = []
    for await (const m of c.fetch('1:*', { envelope: true }))
      ids.push((m.envelope?.messageId ?? '').replace(/^<|>$/g, ''))
    return ids
  } finally {
    await c.logout().catch(() => c.close())
  }
}

export interface StoredMessage {
  uid: number
  messageId: string
  subject: string
  from: string
  to: string[]
  text: string
  html: string | null
  attachments: { filename: string | undefined; contentType: string }[]
  headers: Map<string, unknown>
  raw: Buffer
}

/** Every message of a user's mailbox (default INBOX), in UID order; [] when it does not exist. */
export async function inbox(user: string, mailbox = 'INBOX'): Promise<StoredMessage[]> {
  const client = await imapClient(user)
  try {
    const list = await client.list()
    if (!list.some((m) => m.path === mailbox)) return []
    const box = await client.mailboxOpen(mailbox, { readOnly: true })
    if (box.exists === 0) return []
    const out: StoredMessage[] = []
    for await (const m of client.fetch('1:*', { uid: true, source: true })) {
      const raw = m.source!
      const p = await simpleParser(raw)
      const to = (Array.isArray(p.to) ? p.to : p.to ? [p.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''))
      out.push({
        uid: m.uid,
        messageId: (p.messageId ?? '').replace(/^<|>$/g, ''),
        subject: p.subject ?? '',
        from: p.from?.value[0]?.address ?? '',
        to,
        text: p.text ?? '',
        html: typeof p.html === 'string' ? p.html : null,
        attachments: p.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
        headers: p.headers,
        raw,
      })
    }
    return out.sort((a, b) => a.uid - b.uid)
  } finally {
    await client.logout().catch(() => client.close())
  }
}

/** Sends a plain message through the stack's Postfix; returns the Message-ID (without <>). */
export async function sendAs(
  from: string,
  to: string | string[],
  subject: string,
  text: string,
  extra: Partial<Mail.Options> = {},
): Promise<string> {
  const s = stack()
  const t = nodemailer.createTransport({ host: s.smtp.host, port: s.smtp.port, secure: false, ignoreTLS: true })
  try {
    const info = await t.sendMail({ from, to, subject, text, ...extra })
    return String(info.messageId).replace(/^<|>$/g, '')
  } finally {
    t.close()
  }
}

/** Appends a raw message straight into a user's mailbox over IMAP; returns its UID. */
export async function appendRaw(user: string, raw: Buffer | string, mailbox = 'INBOX'): Promise<number> {
  const client = await imapClient(user)
  try {
    const r = await client.append(mailbox, raw)
    if (!r) throw new Error(`APPEND to ${user}/${mailbox} failed`)
    return r.uid ?? 0
  } finally {
    await client.logout().catch(() => client.close())
  }
}

/** Polls `fn` every 50 ms until it returns something other than undefined/null/false. */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  ms: number,
  what = 'condition',
): Promise<Exclude<T, undefined | null | false>> {
  const start = Date.now()
  let lastError: unknown = null
  for (;;) {
    try {
      const v = await fn()
      if (v !== undefined && v !== null && v !== false) return v as Exclude<T, undefined | null | false>
    } catch (e) {
      lastError = e
    }
    if (Date.now() - start > ms)
      throw new Error(
        `${what} not met within ${ms} ms${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`,
      )
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** doveadm against the running stack's dovecot. */
export async function doveadm(...args: string[]): Promise<string> {
  const s = stack()
  try {
    const r = await run('doveadm', ['-c', join(s.root, 'dovecot', 'dovecot.conf'), ...args], {
      env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` },
      timeout: 30_000,
    })
    return r.stdout
  } catch (e) {
    const err = e as { code?: number; stdout?: string }
    if (args[0] === 'kick' && err.code === 68) return err.stdout ?? '' // nobody to kick
    throw e
  }
}

/** Drops every IMAP session of a user (the server side of a network failure). */
export async function kick(user: string): Promise<void> {
  await doveadm('kick', user)
}

/** The server's UIDVALIDITY of a user's mailbox. */
export async function uidValidity(user: string, mailbox = 'INBOX'): Promise<string> {
  const out = await doveadm('mailbox', 'status', '-u', user, 'uidvalidity', mailbox)
  const m = /uidvalidity=(\d+)/.exec(out)
  if (!m) throw new Error(`no uidvalidity in "${out}"`)
  return m[1]!
}

/**
 * Makes the server forget a mailbox's UIDs, as a restored or rebuilt mailbox does: its index and
 * UID list are removed, so the messages there get new UIDs from 1 under a new UIDVALIDITY.
 * Kick the user's sessions first.
 */
export async function renumberMailbox(user: string, mailbox = 'INBOX'): Promise<string> {
  const s = stack()
  const before = await uidValidity(user, mailbox)
  const dir = join(s.root, 'mail', user, 'Maildir', mailbox === 'INBOX' ? '' : `.${mailbox.replace(/\//g, '.')}`)
  await kick(user)
  for (const f of [
    'dovecot-uidlist',
    'dovecot.index',
    'dovecot.index.cache',
    'dovecot.index.log',
    'dovecot.index.log.2',
  ])
    rmSync(join(dir, f), { force: true })
  // maildir's new UIDVALIDITY comes from the clock; make sure it differs from the old one
  let now = await uidValidity(user, mailbox)
  if (now === before) {
    await doveadm('mailbox', 'update', '-u', user, '--uid-validity', String(Number(before) + 1), mailbox)
    now = await uidValidity(user, mailbox)
  }
  return now
}

/**
 * How far a judge's work on a kill trial's game had gone, read from its database: the stages in
 * order. The game's opening letters are in the outbox from its creation; a judge sends them at
 * start, then reads the order mails, files the orders, resolves the turn and sends the answers.
 */
export const KILL_STAGES = [
  'nothing sent or filed',
  'opening mail partly sent',
  'opening mail sent, no order mail recorded',
  'order mail recorded, no orders filed',
  'orders filed, not adjudicated',
  'adjudicated, answers partly sent',
  'all sent',
] as const
export type KillStage = (typeof KILL_STAGES)[number]

type KillCounts = Record<'adjudicated' | 'filed' | 'mails' | 'rows' | 'sent', number>

/** The `SELECT COUNT(*)` queries a stage is read from, with their parameters. */
function killQueries(game: string): Record<keyof KillCounts, [string, ...unknown[]]> {
  const events = 'SELECT COUNT(*) AS n FROM events WHERE stream = ? AND type = ?'
  return {
    adjudicated: [events, `game:${game}`, 'TurnAdjudicated'],
    filed: [events, `game:${game}`, 'OrdersAccepted'],
    mails: [`SELECT COUNT(*) AS n FROM events WHERE stream = 'system:mail' AND type = 'MailReceived'`],
    rows: ['SELECT COUNT(*) AS n FROM outbox WHERE game = ?', game],
    sent: ['SELECT COUNT(*) AS n FROM outbox WHERE game = ? AND sent_at IS NOT NULL', game],
  }
}

function stageOfCounts(n: KillCounts): KillStage {
  if (n.adjudicated > 0) return n.sent === n.rows ? 'all sent' : 'adjudicated, answers partly sent'
  if (n.filed > 0) return 'orders filed, not adjudicated'
  if (n.mails > 0) return 'order mail recorded, no orders filed'
  if (n.sent === n.rows) return 'opening mail sent, no order mail recorded'
  return n.sent > 0 ? 'opening mail partly sent' : 'nothing sent or filed'
}

/** The stage of `game`, through `count` (a `SELECT COUNT(*)` query's number) on its database. */
export function killStage(count: (sql: string, ...args: unknown[]) => number, game: string): KillStage {
  const queries = Object.entries(killQueries(game)).map(([k, [sql, ...args]]) => [k, count(sql, ...args)])
  return stageOfCounts(Object.fromEntries(queries) as KillCounts)
}

/** As killStage, through a `count` that awaits its database (the async handle). */
export async function killStageAsync(
  count: (sql: string, ...args: unknown[]) => Promise<number>,
  game: string,
): Promise<KillStage> {
  const queries = Object.entries(killQueries(game))
  const numbers = await Promise.all(queries.map(([, [sql, ...args]]) => count(sql, ...args)))
  return stageOfCounts(Object.fromEntries(queries.map(([k], i) => [k, numbers[i]])) as KillCounts)
}

/**
 * The stages a trial's kill is aimed at, one trial after another: the kill falls a random moment
 * (killDelay) after the judge reached its stage. Aiming at stages rather than at a time
 * since the spawn keeps the kills inside the work whatever the machine's load: measured unkilled on
 * a loaded shared machine, a judge took 7 to 12 s from its first line to its opening mail sent, and
 * 24 to 29 s to its last answer sent; on an idle one the same work is several times quicker, and a
 * time since the spawn falls in the loading (about a second) before any of it.
 */
export const KILL_TARGETS: KillStage[] = [
  'nothing sent or filed',
  'opening mail sent, no order mail recorded',
  'orders filed, not adjudicated',
  'adjudicated, answers partly sent',
]
const KILL_SPREAD_MS = 400

/**
 * How long after its target stage a trial's judge is killed, from a random number in [0, 1): up to
 * KILL_SPREAD_MS, or half that while the answers are sent, the shortest stage on an idle machine
 * (under a second), so that those kills still fall before the last send.
 */
export function killDelay(target: KillStage, random: number): number {
  return Math.floor(random * (target === 'adjudicated, answers partly sent' ? KILL_SPREAD_MS / 2 : KILL_SPREAD_MS))
}

/** Waits until `stage` (or a later one) is reached; `stageNow` reads the current one. */
export async function killStageReached(
  stageNow: () => KillStage | Promise<KillStage>,
  stage: KillStage,
): Promise<void> {
  const want = KILL_STAGES.indexOf(stage)
  const start = Date.now()
  while (KILL_STAGES.indexOf(await stageNow()) < want) {
    if (Date.now() - start > 120_000) throw new Error(`the judge did not reach "${stage}" within 2 minutes`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** The trials' stages interrupted, one line each, for the test output. */
export function killHistogram(stages: Map<KillStage, number>): string {
  return KILL_STAGES.map((s) => `  ${String(stages.get(s) ?? 0).padStart(3)}  ${s}`).join('\n')
}

/**
 * How the kills missed the work, if they did: at least `min` kills before the orders were filed, as
 * many after they were filed but before the turn was resolved, and as many while the answers were
 * being sent.
 */
export function killCoverageGaps(stages: Map<KillStage, number>, min: number): string[] {
  const n = (...which: KillStage[]) => which.reduce((sum, s) => sum + (stages.get(s) ?? 0), 0)
  const before = n(...KILL_STAGES.slice(0, 4))
  const gaps: string[] = []
  if (before < min) gaps.push(`${before} kill(s) before the orders were filed`)
  const filed = n('orders filed, not adjudicated')
  if (filed < min) gaps.push(`${filed} kill(s) between the orders filed and the turn resolved`)
  const sending = n('adjudicated, answers partly sent')
  if (sending < min) gaps.push(`${sending} kill(s) while the answers were being sent`)
  return gaps
}
