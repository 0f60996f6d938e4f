// The mail settings' names and checks: each setting's environment variable beside its file key, the
// schema every section is checked against, and how a section is gathered from the file and the
// environment (the environment wins) and its problems named.
import { z } from 'zod'
import type { TlsMode } from './imapAccount.ts'

export const ENV_KEYS = {
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
    takeoverSeconds: 'PBEM_TAKEOVER_SECONDS',
  },
} as const

const text = z.string().trim().min(1, 'must not be empty')
/** A display name goes into a From header: one line of printable text, short. */
export const displayName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .refine(
    (s) => ![...s].some((c) => c < ' ' || c === '\u007f' || '<>"'.includes(c)),
    'must be one line without <, > or "',
  )
export const port = z.coerce
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
/** Between ten seconds (a judge renews a third of the way) and an hour. */
export const takeoverSeconds = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number of seconds')
  .min(10, 'must be 10-3600 (seconds)')
  .max(3600, 'must be 10-3600 (seconds)')
const millis = z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100 (milliseconds)')
export const address = z
  .string()
  .trim()
  .regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be a plain address like archive@example.org')
export const domain = z
  .string()
  .trim()
  .regex(/^[a-z0-9.-]+$/i, 'must be a domain name like example.org')

const auth = z.enum(['password', 'oauth2'], { error: 'must be password or oauth2' })
export const imapSchema = z.object({
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
export const smtpSchema = z.object({
  host: text,
  port: port.optional(),
  user: text.optional(),
  pass: z.string().optional(),
  tls: tls.optional(),
  auth: auth.default('password'),
  maxPerHour: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).optional(),
})
export const archiveSchema = z.object({
  host: text.optional(),
  port: port.optional(),
  user: text,
  pass: z.string().min(1, 'must not be empty').optional(),
  tls: tls.optional(),
  mailbox: mailboxName.default('INBOX'),
  auth: auth.default('password'),
  refreshToken: text.optional(),
})
export const listenSchema = z
  .string()
  .trim()
  .regex(/^(\[[0-9a-f:]+\]|[^:\s]+):\d{1,5}$/i, 'must be host:port, e.g. 127.0.0.1:2526')

export type Raw = Record<string, unknown>

/** A section from the file, each field overridden by its environment variable when set; undefined when nothing is set. */
export function section(file: Raw | undefined, env: NodeJS.ProcessEnv, keys: Record<string, string>): Raw | undefined {
  const out: Raw = { ...(file ?? {}) }
  for (const [field, name] of Object.entries(keys)) {
    const v = env[name]
    if (v !== undefined && v !== '') out[field] = v
  }
  const set = Object.values(out).some((v) => v !== undefined && v !== null && v !== '')
  return set ? out : undefined
}

/** A section's schema problems, each named by its file key and its environment variable. */
export function problems(prefix: string, error: z.ZodError, keys: Record<string, string>): string[] {
  return error.issues.map((i) => {
    const field = String(i.path[0] ?? '')
    const env = keys[field]
    const missing = i.code === 'invalid_type' && /undefined/.test(i.message)
    return `${prefix}${field ? `.${field}` : ''}${env ? ` (${env})` : ''}: ${missing ? 'is required' : i.message}`
  })
}
