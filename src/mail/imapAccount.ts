// An IMAP account: how to connect to it, the checkpoint (UIDVALIDITY and last UID) the intake
// keeps per mailbox in the database, and the options of the intake that reads it (imap.ts).
import type { ImapFlow, ImapFlowOptions } from 'imapflow'
import { type AsyncDatabase, findImapCheckpoint, storeImapCheckpoint } from '../engine/mailStore.ts'
import type { AsyncBatchFiling, BatchFiling } from './imapBatch.ts'
import { type AccessTokens, isAuthRefusal } from './oauth.ts'

export type TlsMode = 'tls' | 'starttls' | 'none'

export interface ImapAccount {
  host: string
  port: number
  user: string
  pass: string
  /** 'tls' = implicit TLS (993), 'starttls' = upgrade a plain connection, 'none' = plaintext */
  tls: TlsMode
  /** log in by OAuth2 access token (SASL XOAUTH2) instead of with `pass` */
  tokens?: AccessTokens | null
}

export interface ImapCheckpoint {
  uidValidity: string
  lastUid: number
  updatedAt: string
}

/** The raw message and a source label such as `imap:INBOX:<uidvalidity>:<uid>`. */
export type ImapHandler = (raw: Buffer, source: string) => Promise<unknown>

export interface ImapIntakeOptions extends ImapAccount {
  /** where the checkpoint is kept (the async handle: the intake awaits it between IMAP round trips) */
  db: AsyncDatabase
  handler: ImapHandler
  /** the handler in two steps: a fetched batch is then filed in one batch or transaction (imapBatch.ts) */
  filing?: BatchFiling | AsyncBatchFiling
  /** the mailbox read (default INBOX) */
  mailbox?: string
  /** where handled messages go (default Processed); created when missing */
  processedMailbox?: string
  /** where messages go that the handler failed on maxAttempts times (default Failed) */
  failedMailbox?: string
  /** polling fallback while idling (default 10 s) */
  pollMs?: number
  /** handler failures of one message before it is moved to the failed mailbox (default 5) */
  maxAttempts?: number
  /** reconnect backoff: first delay and cap (default 500 ms, 30 s) */
  backoffMs?: { initial: number; max: number }
  /** records a message the handler failed on maxAttempts times (before it goes to the failed mailbox) */
  onPermanentFailure?: (raw: Buffer, source: string, error: unknown) => Promise<void>
  /** called after each message was handled and moved */
  onHandled?: (info: { uid: number; uidValidity: string; source: string; result: unknown }) => void
  log?: (line: string) => void
  clock?: () => Date
  /** test seam: runs after the handler resolved and before the move */
  beforeMove?: (uid: number) => void | Promise<void>
}

export function imapClientOptions(a: ImapAccount): ImapFlowOptions {
  return {
    host: a.host,
    port: a.port,
    secure: a.tls === 'tls',
    doSTARTTLS: a.tls === 'starttls' ? true : a.tls === 'none' ? false : undefined,
    auth: { user: a.user, pass: a.pass },
    logger: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  }
}

/** imapClientOptions with a current access token when the account logs in by OAuth2. */
export async function imapLoginOptions(a: ImapAccount): Promise<ImapFlowOptions> {
  const base = imapClientOptions(a)
  return a.tokens ? { ...base, auth: { user: a.user, accessToken: await a.tokens.token() } } : base
}

/**
 * Connects a client made from imapLoginOptions; a refused log-in by token drops the token, so the
 * next attempt fetches a new one (a token revoked or expired early is replaced, not retried).
 */
export async function connectImap(client: ImapFlow, a: ImapAccount): Promise<void> {
  try {
    await client.connect()
  } catch (e) {
    if (a.tokens && isAuthRefusal(e)) a.tokens.refused()
    throw e
  }
}

export function accountKey(a: { user: string; host: string; port: number }): string {
  return `${a.user}@${a.host}:${a.port}`
}

/** The stored checkpoint of one account's mailbox, or null. */
export function readImapCheckpoint(
  db: AsyncDatabase,
  account: string,
  mailbox: string,
): Promise<ImapCheckpoint | null> {
  return findImapCheckpoint(db, account, mailbox)
}

export function writeImapCheckpoint(
  db: AsyncDatabase,
  account: string,
  mailbox: string,
  uidValidity: string,
  lastUid: number,
  now: Date,
): Promise<void> {
  return storeImapCheckpoint(db, account, mailbox, uidValidity, lastUid, now.toISOString())
}

/** Creates mailbox `path` unless it exists (another client may create it meanwhile). */
export async function ensureMailbox(client: ImapFlow, path: string, log: (line: string) => void): Promise<void> {
  const list = await client.list()
  if (list.some((m) => m.path === path)) return
  try {
    await client.mailboxCreate(path)
    log(`created mailbox ${path}`)
  } catch (e) {
    const again = await client.list()
    if (!again.some((m) => m.path === path)) throw e
  }
}
