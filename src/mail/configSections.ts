// Each section of the mail settings read and checked: the IMAP intake, SMTP delivery, the loopback
// listener, a top-level value, and the archive mailbox with where its own grant was read. A problem
// is added to the list; loadMailConfig (config.ts) reports them all at once.
import { resolve } from 'node:path'
import { z } from 'zod'
import {
  archiveSchema,
  ENV_KEYS,
  imapSchema,
  listenSchema,
  port,
  problems,
  type Raw,
  smtpSchema,
} from './configFields.ts'
import type { ImapSettings, MailConfig, SmtpSettings } from './mailSettings.ts'
import type { GrantSource } from './oauthStore.ts'

const passRequired = `imap.pass (${ENV_KEYS.imap.pass}): is required (or set ${ENV_KEYS.imap.auth}=oauth2)`

export function imapOf(raw: Raw | undefined, errors: string[]): ImapSettings | null {
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

export function smtpOf(raw: Raw | undefined, errors: string[]): SmtpSettings | null {
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
export function listenOf(top: Raw, errors: string[]): MailConfig['listen'] {
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
export function topValue<T>(
  top: Raw,
  key: 'mailDomain' | 'judgeName' | 'archiveAddress' | 'takeoverSeconds',
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
export function archiveGrantSource(env: NodeJS.ProcessEnv, path: string | undefined): GrantSource {
  const name = ENV_KEYS.archive.refreshToken
  return env[name] || !path
    ? { kind: 'env', name }
    : { kind: 'file', path: resolve(path), key: ['archive', 'refreshToken'] }
}

/** The mailbox the archive copies are read back from; host, port and TLS default to the IMAP intake's. */
export function archiveOf(raw: Raw, imap: ImapSettings | null, errors: string[]): MailConfig['archiveImap'] {
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
