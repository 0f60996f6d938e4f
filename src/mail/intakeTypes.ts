// The intake's contract with whoever runs it: what it is given, and what it makes of one message.
import type { AsyncDatabase, Database } from '../engine/mailStore.ts'
import type { Judge, Outbox } from '../engine/judge.ts'
import type { DnsResolver } from './auth.ts'

export interface IntakeDeps {
  judge: Judge
  db: Database
  /**
   * The judge's async handle on the same database (`app.jobsDb`): when given, the duplicate checks
   * made before filing (outside its transaction) read through it.
   */
  jobsDb?: AsyncDatabase
  outbox: Outbox
  clock: () => Date
  /** larger messages are refused politely (default 2 MiB) */
  maxBytes?: number
  /** replies to one address per hour before the intake records and stays silent (default 20, or PBEM_REPLY_LIMIT) */
  replyLimit?: number
  /** DKIM/SPF/DMARC checking: a DNS resolver and timeout (default: offline unless PBEM_DNS=system); false skips it */
  auth?: { resolver?: DnsResolver; timeoutMs?: number } | false
}

export type IntakeOutcome =
  | 'unreadable'
  | 'failed'
  | 'orders-accepted'
  | 'orders-rejected'
  | 'refused'
  | 'ignored-automated'
  | 'duplicate'
  | 'command'
  | 'unidentified'

export type Recorded = Exclude<IntakeOutcome, 'duplicate'>
