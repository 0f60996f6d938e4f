// What a judge opened on its data folder is (openApp, openAppAsync in app.ts): its handles, judge,
// clock, folders, mail settings and transport.
import type { AsyncDatabase, Database, EventStore, SqlEngine } from '../engine/database.ts'
import type { Judge } from '../engine/judge.ts'
import type { SecretConfig } from '../engine/secret.ts'
import type { MailConfig } from '../mail/config.ts'
import type { MailTransport } from '../mail/outbound.ts'
import type { TokenRefresher } from '../mail/oauth.ts'
import type { ArchiveLookup } from '../mail/smtp.ts'

export interface AppOptions {
  dataDir?: string
  /** a postgres:// URL or a SQLite file; default databaseTarget(dataDir) */
  database?: string
  clock?: () => Date
  newSecret?: (game: string, purpose: 'dice' | 'hidden', point: number) => string
  /** The moderator's address (default PBEM_MODERATOR); null: no moderator, so no copy of a report is drawn or mailed. */
  moderatorAddress?: string | null
  mailDomain?: string
  /** mail settings; default loadMailConfig() (PBEM_CONFIG and the PBEM_* environment) */
  mail?: MailConfig
  /** where the server secret lives; default serverSecretConfig(process.env, mail) */
  secret?: SecretConfig
}

export interface App {
  db: Database
  /**
   * The async handle on the same database, for the jobs that await the store (sending the outbox,
   * the IMAP checkpoint and lease) while the rest of the judge still runs on `db`.
   */
  jobsDb: AsyncDatabase
  store: EventStore
  judge: Judge
  clock: () => Date
  /** `db`: the SQLite file in the data folder, or PBEM_DATABASE_URL (postgres://...) */
  dirs: { data: string; inbox: string; outbox: string; db: string }
  engine: SqlEngine
  /** who this judge is to other judges on the same database (outbox claims, leases) */
  judgeId: string
  /** the mail settings in force (all null: embedded drop folders only) */
  mail: MailConfig
  /** where the outbox goes: SMTP when configured, else the outbox drop folder */
  transport: MailTransport
  /** where sent mail can be found again (to settle sends interrupted by a crash), if anywhere */
  archive: ArchiveLookup | null
  /** the mailbox's OAuth2 access tokens (kept in memory only), when it logs in by token */
  tokens: TokenRefresher | null
  close(): void
}
