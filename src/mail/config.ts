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
 *   PBEM_TAKEOVER_SECONDS                       [takeoverSeconds] mailbox lease and send claims
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
import { address, displayName, domain, ENV_KEYS, type Raw, section, takeoverSeconds } from './configFields.ts'
import { archiveGrantSource, archiveOf, imapOf, listenOf, smtpOf, topValue } from './configSections.ts'
import type { MailConfig } from './mailSettings.ts'
import { dkimOf, OAUTH_ENV_KEYS, oauth2Of, secretFileProblem } from './oauthConfig.ts'

export type { ImapSettings, MailAuth, MailConfig, SmtpSettings } from './mailSettings.ts'

export class MailConfigError extends Error {
  override name = 'MailConfigError'
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
        takeoverSeconds: file.takeoverSeconds,
      },
      env,
      ENV_KEYS.top,
    ) ?? {}
  const listen = top.listen === undefined ? null : listenOf(top, errors)
  const mailDomain = topValue(top, 'mailDomain', domain, errors)
  const judgeName = topValue(top, 'judgeName', displayName, errors)
  const archiveAddress = topValue(top, 'archiveAddress', address, errors)
  const takeover = topValue(top, 'takeoverSeconds', takeoverSeconds, errors)
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
    ...(takeover ? { takeoverMs: takeover * 1000 } : {}),
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
  'takeoverSeconds',
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
