/**
 * Mail settings: IMAP intake, SMTP delivery, the loopback SMTP listener, the judge's domain and
 * the archive. Read from a JSON file named by PBEM_CONFIG and/or environment variables (an
 * environment variable wins over the file). Without IMAP and SMTP settings the judge stays on its
 * embedded drop folders.
 *
 * Environment (file keys in brackets):
 *   PBEM_IMAP_HOST, _PORT, _USER, _PASS, _TLS   [imap.host, port, user, pass, tls]
 *   PBEM_IMAP_MAILBOX (INBOX), PBEM_IMAP_PROCESSED (Processed), PBEM_IMAP_FAILED (Failed),
 *   PBEM_IMAP_POLL_MS (10000)                   [imap.mailbox, processed, failed, pollMs]
 *   PBEM_SMTP_HOST, _PORT, _USER, _PASS, _TLS   [smtp.host, port, user, pass, tls]
 *   PBEM_IMAP_AUTH, PBEM_SMTP_AUTH              [imap.auth, smtp.auth] password (default) or oauth2
 *   PBEM_SMTP_MAX_PER_HOUR                      [smtp.maxPerHour] the provider's sending limit
 *   PBEM_OAUTH2_CLIENT_ID, _CLIENT_SECRET, _REFRESH_TOKEN, _TOKEN_URL
 *                                               [oauth2.clientId, clientSecret, refreshToken, tokenUrl]
 *   PBEM_OAUTH2_FILE                            [oauth2.file] a JSON file of those four keys
 *   PBEM_DKIM_SELECTOR, PBEM_DKIM_KEY_FILE, PBEM_DKIM_DOMAIN (default the mail domain)
 *                                               [dkim.selector, keyFile, domain]
 *   PBEM_SMTP_LISTEN (host:port), PBEM_SMTP_LISTEN_MAX_BYTES   [listen, listenMaxBytes]
 *   PBEM_MAIL_DOMAIN                            [mailDomain]
 *   PBEM_JUDGE_NAME                             [judgeName] the display name on the judge's letters
 *   PBEM_ARCHIVE_ADDRESS                        [archiveAddress]
 *   PBEM_ARCHIVE_IMAP_USER, _PASS, _MAILBOX (INBOX), _HOST, _PORT, _TLS (default: PBEM_IMAP_*)
 *                                               [archive.user, pass, mailbox, host, port, tls]
 *   PBEM_ARCHIVE_IMAP_AUTH (password or oauth2), PBEM_ARCHIVE_OAUTH2_REFRESH_TOKEN (the archive
 *   mailbox's own grant; default: the intake's tokens when it is the same user)
 *                                               [archive.auth, refreshToken]
 * Not mail, but read from the same file: [serverSecretFile], the server secret's file (relative to
 * the configuration file); PBEM_SERVER_SECRET_FILE wins over it (src/cli/app.ts).
 * Secrets (the OAuth2 client secret and refresh token, the DKIM key) are read only from the
 * environment or from files nobody but their owner may read (mode 0600 or 0400): a file open to its
 * group or to others is refused, and so is a PBEM_CONFIG file holding a secret.
 * TLS values: true (implicit TLS), false (plain), starttls. Default ports: IMAP 993 with TLS else
 * 143; SMTP 465 with TLS, 587 with STARTTLS, else 25.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import type { ImapAccount, TlsMode } from './imapAccount.ts'
import type { SmtpAccount } from './smtp.ts'
import type { OAuth2Settings } from './oauth.ts'
import type { GrantSource } from './oauthStore.ts'
import { type DkimSettings, dkimOf, OAUTH_ENV_KEYS, oauth2Of, secretFileProblem } from './oauthConfig.ts'

/** How the judge logs in to a mailbox: a password, or an OAuth2 access token (SASL XOAUTH2). */
export type MailAuth = 'password' | 'oauth2'

export interface ImapSettings extends ImapAccount {
  auth: MailAuth
  mailbox: string
  processed: string
  failed: string
  pollMs: number
}

export interface SmtpSettings extends SmtpAccount {
  user: string | null
  pass: string | null
  auth: MailAuth
  /** the most mails sent in any hour (the provider's limit), null: unpaced */
  maxPerHour: number | null
}

export interface MailConfig {
  /** null: no IMAP intake */
  imap: ImapSettings | null
  /** null: mail goes to the outbox drop folder */
  smtp: SmtpSettings | null
  /** null: no SMTP listener */
  listen: { host: string; port: number; maxBytes: number } | null
  mailDomain: string | null
  /** the display name of every letter's From (null: DEFAULT_JUDGE_NAME) */
  judgeName?: string | null
  /** every sent message is also delivered here (same SMTP transaction) */
  archiveAddress: string | null
  /** where the archive copies are read back (to settle sends interrupted by a crash) */
  archiveImap:
    | (ImapAccount & { mailbox: string; auth?: MailAuth; refreshToken?: string; refreshTokenSource?: GrantSource })
    | null
  /** the OAuth2 client and refresh token, when a mailbox logs in by token */
  oauth2?: OAuth2Settings | null
  /** DKIM signing of outgoing mail, when a key is configured */
  dkim?: DkimSettings | null
  /** `serverSecretFile` of the PBEM_CONFIG file, resolved against the file's folder */
  serverSecretFile?: string
}

export class MailConfigError extends Error {
  override name = 'MailConfigError'
}

const ENV_KEYS = {
  imap: {
    host: 'PBEM_IMAP_HOST',
    port: 'PBEM_IMAP_PORT',
    user: 'PBEM_IMAP_USER',
    pass: 'PBEM_IMAP_PASS',
    tls: 'PBEM_IMAP_TLS',
    auth: 'PBEM_IMAP_AUTH',
    mailbox: 'PBEM_IMAP_MAILBOX',
    processed: 'PBEM_IMAP_PROCESSED',
    failed: 'PBEM_IMAP_FAILED',
    pollMs: 'PBEM_IMAP_POLL_MS',
  },
  smtp: {
    host: 'PBEM_SMTP_HOST',
    port: 'PBEM_SMTP_PORT',
    user: 'PBEM_SMTP_USER',
    pass: 'PBEM_SMTP_PASS',
    tls: 'PBEM_SMTP_TLS',
    auth: 'PBEM_SMTP_AUTH',
    maxPerHour: 'PBEM_SMTP_MAX_PER_HOUR',
  },
  archive: {
    host: 'PBEM_ARCHIVE_IMAP_HOST',
    port: 'PBEM_ARCHIVE_IMAP_PORT',
    user: 'PBEM_ARCHIVE_IMAP_USER',
    pass: 'PBEM_ARCHIVE_IMAP_PASS',
    tls: 'PBEM_ARCHIVE_IMAP_TLS',
    mailbox: 'PBEM_ARCHIVE_IMAP_MAILBOX',
    auth: 'PBEM_ARCHIVE_IMAP_AUTH',
    refreshToken: 'PBEM_ARCHIVE_OAUTH2_REFRESH_TOKEN',
  },
  top: {
    listen: 'PBEM_SMTP_LISTEN',
    listenMaxBytes: 'PBEM_SMTP_LISTEN_MAX_BYTES',
    mailDomain: 'PBEM_MAIL_DOMAIN',
    judgeName: 'PBEM_JUDGE_NAME',
    archiveAddress: 'PBEM_ARCHIVE_ADDRESS',
  },
} as const

const text = z.string().trim().min(1, 'must not be empty')
/** A display name goes into a From header: one line of printable text, short. */
const displayName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .refine(
    (s) => ![...s].some((c) => c < ' ' || c === '\u007f' || '<>"'.includes(c)),
    'must be one line without <, > or "',
  )
const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1-65535')
  .max(65535, 'must be 1-65535')
const tls = z.union([z.boolean(), z.string()]).transform((v, ctx): TlsMode => {
  const s = String(v).trim().toLowerCase()
  if (['true', '1', 'yes', 'tls', 'ssl'].includes(s)) return 'tls'
  if (['false', '0', 'no', 'none', 'plain'].includes(s)) return 'none'
  if (s === 'starttls') return 'starttls'
  ctx.addIssue({ code: 'custom', message: 'must be true, false or starttls' })
  return z.NEVER
})
const mailboxName = text
const millis = z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100 (milliseconds)')
const address = z
  .string()
  .trim()
  .regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be a plain address like archive@example.org')
const domain = z
  .string()
  .trim()
  .regex(/^[a-z0-9.-]+$/i, 'must be a domain name like example.org')

const auth = z.enum(['password', 'oauth2'], { error: 'must be password or oauth2' })
const imapSchema = z.object({
  host: text,
  port: port.optional(),
  user: text,
  pass: z.string().min(1, 'must not be empty').optional(),
  tls: tls.optional(),
  auth: auth.default('password'),
  mailbox: mailboxName.default('INBOX'),
  processed: mailboxName.default('Processed'),
  failed: mailboxName.default('Failed'),
  pollMs: millis.default(10_000),
})
const smtpSchema = z.object({
  host: text,
  port: port.optional(),
  user: text.optional(),
  pass: z.string().optional(),
  tls: tls.optional(),
  auth: auth.default('password'),
  maxPerHour: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).optional(),
})
const archiveSchema = z.object({
  host: text.optional(),
  port: port.optional(),
  user: text,
  pass: z.string().min(1, 'must not be empty').optional(),
  tls: tls.optional(),
  mailbox: mailboxName.default('INBOX'),
  auth: auth.default('password'),
  refreshToken: text.optional(),
})
const listenSchema = z
  .string()
  .trim()
  .regex(/^(\[[0-9a-f:]+\]|[^:\s]+):\d{1,5}$/i, 'must be host:port, e.g. 127.0.0.1:2526')

type Raw = Record<string, unknown>

function section(file: Raw | undefined, env: NodeJS.ProcessEnv, keys: Record<string, string>): Raw | undefined {
  const out: Raw = { ...(file ?? {}) }
  for (const [field, name] of Object.entries(keys)) {
    const v = env[name]
    if (v !== undefined && v !== '') out[field] = v
  }
  const set = Object.values(out).some((v) => v !== undefined && v !== null && v !== '')
  return set ? out : undefined
}

function problems(prefix: string, error: z.ZodError, keys: Record<string, string>): string[] {
  return error.issues.map((i) => {
    const field = String(i.path[0] ?? '')
    const env = keys[field]
    const missing = i.code === 'invalid_type' && /undefined/.test(i.message)
    return `${prefix}${field ? `.${field}` : ''}${env ? ` (${env})` : ''}: ${missing ? 'is required' : i.message}`
  })
}

/** Reads and validates the mail settings; throws MailConfigError listing every problem. */
export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const path = env.PBEM_CONFIG
  const file: Raw = path ? readConfigFile(path) : {}
  const sub = (k: string): Raw | undefined => {
    const v = file[k]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'object' || Array.isArray(v)) throw new MailConfigError(`PBEM_CONFIG: "${k}" must be an object`)
    return v as Raw
  }
  const errors: string[] = []
  const imap = imapOf(section(sub('imap'), env, ENV_KEYS.imap), errors)
  const smtp = smtpOf(section(sub('smtp'), env, ENV_KEYS.smtp), errors)
  const rawArchive = section(sub('archive'), env, ENV_KEYS.archive)
  const wantsToken = imap?.auth === 'oauth2' || smtp?.auth === 'oauth2' || rawArchive?.auth === 'oauth2'
  const oauth2 = oauth2Of(section(sub('oauth2'), env, OAUTH_ENV_KEYS.oauth2), path, wantsToken, errors, {
    env,
    fileSection: sub('oauth2'),
  })
  if (path && (file.oauth2 || file.archive)) {
    const o = (file.oauth2 ?? {}) as Raw
    const a = (file.archive ?? {}) as Raw
    const problem = o.clientSecret || o.refreshToken || a.refreshToken ? secretFileProblem(path) : null
    if (problem) errors.push(`PBEM_CONFIG holds OAuth2 secrets but ${problem}`)
  }
  const top =
    section(
      {
        listen: file.listen,
        listenMaxBytes: file.listenMaxBytes,
        mailDomain: file.mailDomain,
        judgeName: file.judgeName,
        archiveAddress: file.archiveAddress,
      },
      env,
      ENV_KEYS.top,
    ) ?? {}
  const listen = top.listen === undefined ? null : listenOf(top, errors)
  const mailDomain = topValue(top, 'mailDomain', domain, errors)
  const judgeName = topValue(top, 'judgeName', displayName, errors)
  const archiveAddress = topValue(top, 'archiveAddress', address, errors)
  const dkim = dkimOf(section(sub('dkim'), env, OAUTH_ENV_KEYS.dkim), path, mailDomain, errors)
  let archiveImap: MailConfig['archiveImap'] = null
  if (rawArchive) {
    archiveImap = archiveOf(rawArchive, imap, errors)
    if (archiveImap?.refreshToken) archiveImap.refreshTokenSource = archiveGrantSource(env, path)
    if (!archiveAddress)
      errors.push(`archiveAddress (${ENV_KEYS.top.archiveAddress}): is required with the archive mailbox settings`)
  }
  if (archiveAddress && !smtp)
    errors.push(`archiveAddress (${ENV_KEYS.top.archiveAddress}): needs SMTP delivery (${ENV_KEYS.smtp.host})`)
  let serverSecretFile: string | undefined
  if (file.serverSecretFile !== undefined) {
    if (typeof file.serverSecretFile !== 'string' || !file.serverSecretFile.trim())
      errors.push('serverSecretFile: must be the path of a file')
    else serverSecretFile = resolve(dirname(path!), file.serverSecretFile.trim())
  }
  if (errors.length)
    throw new MailConfigError(
      `mail configuration${path ? ` (PBEM_CONFIG ${path} and environment)` : ''} is invalid:\n  ${errors.join('\n  ')}`,
    )
  return {
    imap,
    smtp,
    listen,
    mailDomain,
    judgeName,
    archiveAddress,
    archiveImap,
    ...(oauth2 ? { oauth2 } : {}),
    ...(dkim ? { dkim } : {}),
    ...(serverSecretFile ? { serverSecretFile } : {}),
  }
}

const FILE_KEYS = [
  'imap',
  'smtp',
  'archive',
  'listen',
  'listenMaxBytes',
  'mailDomain',
  'judgeName',
  'archiveAddress',
  'serverSecretFile',
  'oauth2',
  'dkim',
]

/** The PBEM_CONFIG file: a JSON object with only known keys. */
function readConfigFile(path: string): Raw {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (e) {
    throw new MailConfigError(
      `PBEM_CONFIG ${path}: ${e instanceof SyntaxError ? `not valid JSON: ${e.message}` : (e as Error).message}`,
    )
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new MailConfigError(`PBEM_CONFIG ${path}: must hold a JSON object`)
  const file = parsed as Raw
  const known = new Set(FILE_KEYS)
  const unknown = Object.keys(file).filter((k) => !known.has(k))
  if (unknown.length)
    throw new MailConfigError(
      `PBEM_CONFIG ${path}: unknown key(s) ${unknown.join(', ')} (known: ${[...known].join(', ')})`,
    )
  return file
}

const passRequired = `imap.pass (${ENV_KEYS.imap.pass}): is required (or set ${ENV_KEYS.imap.auth}=oauth2)`

function imapOf(raw: Raw | undefined, errors: string[]): ImapSettings | null {
  if (!raw) return null
  const r = imapSchema.safeParse(raw)
  if (!r.success) {
    errors.push(...problems('imap', r.error, ENV_KEYS.imap))
    if (raw.auth !== 'oauth2' && !raw.pass) errors.push(passRequired)
    return null
  }
  const t = r.data.tls ?? 'none'
  const imap = { ...r.data, pass: r.data.pass ?? '', tls: t, port: r.data.port ?? (t === 'tls' ? 993 : 143) }
  if (imap.auth === 'password' && !imap.pass) errors.push(passRequired)
  if (imap.processed === imap.mailbox || imap.failed === imap.mailbox)
    errors.push('imap: the processed and failed mailboxes must differ from the mailbox read')
  return imap
}

function smtpOf(raw: Raw | undefined, errors: string[]): SmtpSettings | null {
  if (!raw) return null
  const r = smtpSchema.safeParse(raw)
  if (!r.success) {
    errors.push(...problems('smtp', r.error, ENV_KEYS.smtp))
    return null
  }
  const t = r.data.tls ?? 'none'
  const smtp: SmtpSettings = {
    host: r.data.host,
    port: r.data.port ?? (t === 'tls' ? 465 : t === 'starttls' ? 587 : 25),
    tls: t,
    user: r.data.user ?? null,
    pass: r.data.pass ?? null,
    auth: r.data.auth,
    maxPerHour: r.data.maxPerHour ?? null,
  }
  if (smtp.auth === 'oauth2') {
    if (!smtp.user) errors.push(`smtp.user (${ENV_KEYS.smtp.user}): is required with ${ENV_KEYS.smtp.auth}=oauth2`)
    return smtp
  }
  if (smtp.user && !smtp.pass) errors.push(`smtp.pass (${ENV_KEYS.smtp.pass}): is required with smtp.user`)
  if (smtp.pass && !smtp.user) errors.push(`smtp.user (${ENV_KEYS.smtp.user}): is required with smtp.pass`)
  return smtp
}

/** The loopback SMTP listener's host:port (or { host, port, maxBytes } in the file) and size bound. */
function listenOf(top: Raw, errors: string[]): MailConfig['listen'] {
  const r = listenSchema.safeParse(
    typeof top.listen === 'object' && top.listen
      ? `${(top.listen as Raw).host}:${(top.listen as Raw).port}`
      : top.listen,
  )
  const maxRaw =
    top.listenMaxBytes ?? (typeof top.listen === 'object' && top.listen ? (top.listen as Raw).maxBytes : undefined)
  const max =
    maxRaw === undefined
      ? { success: true as const, data: 10 * 1024 * 1024 }
      : z.coerce.number().int().min(1024).safeParse(maxRaw)
  if (!r.success) errors.push(`listen (${ENV_KEYS.top.listen}): ${r.error.issues[0]!.message}`)
  else if (!max.success)
    errors.push(`listenMaxBytes (${ENV_KEYS.top.listenMaxBytes}): must be a whole number of bytes, at least 1024`)
  else {
    const i = r.data.lastIndexOf(':')
    const p = port.safeParse(r.data.slice(i + 1))
    if (!p.success) errors.push(`listen (${ENV_KEYS.top.listen}): port ${p.error.issues[0]!.message}`)
    else return { host: r.data.slice(0, i).replace(/^\[|\]$/g, ''), port: p.data, maxBytes: max.data }
  }
  return null
}

/** A top-level setting checked against its schema; null when unset or wrong (then with its problem). */
function topValue<T>(
  top: Raw,
  key: 'mailDomain' | 'judgeName' | 'archiveAddress',
  schema: z.ZodType<T>,
  errors: string[],
): T | null {
  if (top[key] === undefined) return null
  const r = schema.safeParse(top[key])
  if (r.success) return r.data
  errors.push(`${key} (${ENV_KEYS.top[key]}): ${r.error.issues[0]!.message}`)
  return null
}

/** Where the archive mailbox's own refresh token was read (the environment wins over the file). */
function archiveGrantSource(env: NodeJS.ProcessEnv, path: string | undefined): GrantSource {
  const name = ENV_KEYS.archive.refreshToken
  return env[name] || !path
    ? { kind: 'env', name }
    : { kind: 'file', path: resolve(path), key: ['archive', 'refreshToken'] }
}

/** The mailbox the archive copies are read back from; host, port and TLS default to the IMAP intake's. */
function archiveOf(raw: Raw, imap: ImapSettings | null, errors: string[]): MailConfig['archiveImap'] {
  const r = archiveSchema.safeParse(raw)
  if (!r.success) {
    errors.push(...problems('archive', r.error, ENV_KEYS.archive))
    return null
  }
  const host = r.data.host ?? imap?.host
  const t = r.data.tls ?? imap?.tls ?? 'none'
  const a = r.data
  if (a.auth === 'password' && !a.pass)
    errors.push(`archive.pass (${ENV_KEYS.archive.pass}): is required (or set ${ENV_KEYS.archive.auth}=oauth2)`)
  if (a.auth === 'oauth2' && !a.refreshToken && !(imap?.auth === 'oauth2' && imap.user === a.user))
    errors.push(
      `archive.refreshToken (${ENV_KEYS.archive.refreshToken}): is required for an archive mailbox other than the intake's`,
    )
  if (!host) {
    errors.push(`archive.host (${ENV_KEYS.archive.host}): is required when there is no IMAP intake to take it from`)
    return null
  }
  return {
    host,
    port: r.data.port ?? (r.data.host ? undefined : imap?.port) ?? (t === 'tls' ? 993 : 143),
    tls: t,
    user: r.data.user,
    pass: r.data.pass ?? '',
    mailbox: r.data.mailbox,
    ...(a.auth === 'oauth2' ? { auth: a.auth, ...(a.refreshToken ? { refreshToken: a.refreshToken } : {}) } : {}),
  }
}

/** One line per configured part, for the start-up banner (no passwords). */
export function describeMailConfig(c: MailConfig): string[] {
  const lines: string[] = []
  if (c.imap)
    lines.push(
      `IMAP intake: ${c.imap.user}@${c.imap.host}:${c.imap.port} (${c.imap.tls}${c.imap.auth === 'oauth2' ? ', OAuth2' : ''}) ${c.imap.mailbox} -> ${c.imap.processed}`,
    )
  if (c.smtp)
    lines.push(
      `SMTP delivery: ${c.smtp.host}:${c.smtp.port} (${c.smtp.tls}${c.smtp.auth === 'oauth2' ? ', OAuth2' : ''})${c.smtp.user ? ` as ${c.smtp.user}` : ''}${c.smtp.maxPerHour ? `, at most ${c.smtp.maxPerHour} an hour` : ''}`,
    )
  if (c.oauth2) lines.push(`OAuth2 tokens from ${c.oauth2.tokenUrl}`)
  if (c.dkim) lines.push(`DKIM signing as ${c.dkim.selector}._domainkey.${c.dkim.domain}`)
  if (c.archiveAddress)
    lines.push(
      `archive copy of every sent mail to ${c.archiveAddress}${c.archiveImap ? ` (read back from ${c.archiveImap.user}@${c.archiveImap.host}:${c.archiveImap.port} ${c.archiveImap.mailbox})` : ' (not readable: mail interrupted by a crash is sent again)'}`,
    )
  if (c.listen) lines.push(`SMTP listener: ${c.listen.host}:${c.listen.port}`)
  return lines
}
