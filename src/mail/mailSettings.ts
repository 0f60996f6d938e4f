// The mail settings' shape, as loadMailConfig (config.ts) returns them: the mailboxes, the SMTP
// delivery, the listener, the domain, the archive, OAuth2 and DKIM.
import type { ImapAccount } from './imapAccount.ts'
import type { OAuth2Settings } from './oauth.ts'
import type { DkimSettings } from './oauthConfig.ts'
import type { GrantSource } from './oauthStore.ts'
import type { SmtpAccount } from './smtp.ts'

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
  /**
   * How long this judge's mailbox lease and send claims last unless renewed (default 60 s): a judge
   * standing by takes over a dead one's mailbox and unfinished sends that long after its last renewal.
   */
  takeoverMs?: number
  /** `serverSecretFile` of the PBEM_CONFIG file, resolved against the file's folder */
  serverSecretFile?: string
}
