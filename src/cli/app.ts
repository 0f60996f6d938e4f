// Wiring: one data directory holds the database, the inbox drop folder and the outbox folder. The
// inbound mail jobs (drop folder, IMAP, the intake's handler) are in appInbox.ts.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  type AsyncDatabase,
  asyncBeside,
  type Database,
  EventSchemas,
  EventStore,
  engineOf,
  openJudgeDatabases,
  openSqlDatabase,
} from '../engine/database.ts'
import { Judge } from '../engine/judge.ts'
import { rulesetFactory } from '../games/index.ts'
import { type SecretConfig, useServerSecret } from '../engine/secret.ts'
import type { ResolutionJobs } from '../engine/resolutionBatch.ts'
import { runTick, runTickYielding, type TickReport, tickLines } from '../schedule/tick.ts'
import { loadMailConfig, type MailConfig } from '../mail/config.ts'
import {
  DropFolderTransport,
  drainOutbox,
  enqueueMailSteps,
  type MailTransport,
  SMTP_PARALLEL,
} from '../mail/outbound.ts'
import { sqliteOutbox } from '../mail/outbox.ts'
import { judgeIdentity } from '../mail/outboxClaim.ts'
import { archiveTokenSource, TokenRefresher } from '../mail/oauth.ts'
import { outboxAllowance } from '../mail/pacing.ts'
import type { ArchiveLookup, SmtpTransport, SmtpTransportOptions } from '../mail/smtp.ts'
import { webSettings } from '../web/settings.ts'
import type { App, AppOptions } from './appTypes.ts'

export { imapIntake, inboundHandler, intakeFailureRecorder, readInbox } from './appInbox.ts'
export type { App, AppOptions } from './appTypes.ts'

export function defaultDataDir(): string {
  return resolve(process.env.PBEM_DATA_DIR ?? 'data')
}

/**
 * PBEM_SERVER_SECRET_FILE or PBEM_SERVER_SECRET (both set is refused by useServerSecret), else
 * `serverSecretFile` of PBEM_CONFIG, else the database.
 */
export function serverSecretConfig(env: NodeJS.ProcessEnv, mail: MailConfig): SecretConfig {
  const file = env.PBEM_SERVER_SECRET_FILE ? resolve(env.PBEM_SERVER_SECRET_FILE) : null
  const value = env.PBEM_SERVER_SECRET || null
  if (file || value) return { file, value }
  if (mail.serverSecretFile) return { file: mail.serverSecretFile, fileSetting: 'serverSecretFile (PBEM_CONFIG)' }
  return {}
}

/**
 * Where the judge's database is: PBEM_DATABASE_URL when set (a postgres:// URL), else
 * judge.sqlite in the data folder. Anything else in the variable is refused, never taken for a file.
 */
export function databaseTarget(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = env.PBEM_DATABASE_URL
  if (!url) return join(dataDir, 'judge.sqlite')
  if (engineOf(url) !== 'postgres')
    throw new Error(
      'PBEM_DATABASE_URL must be a postgres:// (or postgresql://) URL; unset it to use judge.sqlite in the data folder',
    )
  return url
}

/** A database target fit to print: a URL's password is masked. */
export function shownTarget(target: string): string {
  return target.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@]*@/i, '$1:***@')
}

/**
 * The judge on its data folder, its database opened and migrated synchronously: SQLite's way, and
 * on PostgreSQL the synchronous driver started at once to check the migrations. The commands and
 * `pbem serve` open theirs with openAppAsync.
 */
export function openApp(opts: AppOptions = {}): App {
  const where = appPlace(opts)
  const db = openSqlDatabase(where.dirs.db)
  return assemble(opts, where, db, asyncBeside(db))
}

/**
 * As openApp; on PostgreSQL the migrations are checked and applied on the async handle, and the
 * synchronous driver is not started: its worker thread comes only with a way back to it (logged).
 * On SQLite it is openApp.
 */
export async function openAppAsync(opts: AppOptions = {}): Promise<App> {
  const where = appPlace(opts)
  const { db, jobsDb } = await openJudgeDatabases(where.dirs.db)
  return assemble(opts, where, db, jobsDb)
}

interface AppPlace {
  dirs: App['dirs']
  mail: MailConfig
}

/** The data folder with its inbox and outbox made, the database's target and the mail settings. */
function appPlace(opts: AppOptions): AppPlace {
  const data = resolve(opts.dataDir ?? defaultDataDir())
  const target = opts.database ?? databaseTarget(data)
  const dirs = { data, inbox: join(data, 'inbox'), outbox: join(data, 'outbox'), db: target }
  for (const d of [data, dirs.inbox, dirs.outbox]) mkdirSync(d, { recursive: true })
  return { dirs, mail: opts.mail ?? loadMailConfig() }
}

/** The judge wired over its two opened handles. */
function assemble(opts: AppOptions, { dirs, mail }: AppPlace, db: Database, jobsDb: AsyncDatabase): App {
  const data = dirs.data
  const engine = engineOf(dirs.db)
  const clock = opts.clock ?? (() => new Date())
  const store = new EventStore(db, new EventSchemas(), clock)
  try {
    useServerSecret(db, store, opts.secret ?? serverSecretConfig(process.env, mail))
  } catch (e) {
    void jobsDb.close()
    db.close()
    throw e
  }
  const judge = newJudge(opts, mail, db, store, clock)
  const tokens = mailTokens(mail)
  const smtp = mail.smtp
    ? lazySmtp({
        ...mail.smtp,
        tokens: mail.smtp.auth === 'oauth2' ? tokens : null,
        dkim: mail.dkim ?? null,
        mailDomain: judge.mailDomain,
        archiveAddress: mail.archiveAddress,
        db: jobsDb,
        clock,
      })
    : null
  const transport: MailTransport = smtp ?? new DropFolderTransport(dirs.outbox)
  const archiveAccount = mail.archiveImap
  const archiveTokens = archiveAccount?.auth === 'oauth2' ? archiveTokenSource(mail, tokens) : null
  const archive: ArchiveLookup | null = archiveAccount
    ? {
        find: async (ids) =>
          new (await import('../mail/smtp.ts')).ImapArchive({ ...archiveAccount, tokens: archiveTokens }).find(ids),
      }
    : null
  const close = () => {
    smtp?.close()
    // A pool's connections end in the background; SQLite's handle borrows `db`'s connection.
    void jobsDb.close().catch(() => undefined)
    db.close()
  }
  const judgeId = judgeIdentity(data)
  return { db, jobsDb, store, judge, clock, dirs, engine, judgeId, mail, transport, archive, close, tokens }
}

// The composition root: the engine is given the registry of games, it never imports one.
function newJudge(opts: AppOptions, mail: MailConfig, db: Database, store: EventStore, clock: () => Date): Judge {
  return new Judge({
    registry: rulesetFactory,
    store,
    db,
    clock,
    outbox: sqliteOutbox(db, clock),
    mailDomain: opts.mailDomain ?? mail.mailDomain ?? 'judge.localhost',
    judgeName: mail.judgeName ?? null,
    moderatorAddress:
      opts.moderatorAddress === undefined
        ? (process.env.PBEM_MODERATOR ?? 'moderator@judge.localhost')
        : opts.moderatorAddress,
    ...(opts.newSecret ? { newSecret: opts.newSecret } : {}),
    webBase: webSettings().base,
  })
}

/** One token source for the judge's mailbox, shared by IMAP and SMTP (null: no OAuth2 log-in). */
export function mailTokens(mail: MailConfig): TokenRefresher | null {
  const wanted = mail.imap?.auth === 'oauth2' || mail.smtp?.auth === 'oauth2'
  return wanted && mail.oauth2 ? new TokenRefresher(mail.oauth2) : null
}

/** The SMTP transport, loaded and connected on the first send: commands that send nothing start without it. */
function lazySmtp(options: SmtpTransportOptions): MailTransport & { close(): void } {
  let real: SmtpTransport | null = null
  let loading: Promise<SmtpTransport> | null = null
  const load = () => {
    loading ??= import('../mail/smtp.ts').then((m) => {
      real = new m.SmtpTransport(options)
      return real
    })
    return loading
  }
  return {
    name: 'smtp',
    parallel: options.parallel ?? SMTP_PARALLEL,
    willSend: async (ids) => (await load()).willSend(ids),
    send: async (mail, eml, outboxId) => (await load()).send(mail, eml, outboxId),
    close: () => real?.close(),
  }
}

/**
 * Sends every queued mail through the app's transport: the outbox drop folder (a complete .eml
 * per message) or SMTP. With SMTP, sends interrupted by a crash are settled first against the
 * archive (see resolveInDoubt in src/mail/smtp.ts).
 */
export async function sendOutbox(app: App, log: (line: string) => void = () => {}): Promise<number> {
  if (!(await smtpTokenReady(app, log))) return 0
  let total = 0
  for (;;) {
    const limit = await pacedLimit(app, 200, log)
    if (limit === 0) return total
    const { sent } =
      app.transport.name === 'smtp'
        ? await (await import('../mail/smtp.ts')).drainOutboxResolving(app.jobsDb, app.transport, app.clock, {
            archive: app.archive,
            owner: app.judgeId,
            limit,
            log,
            ...(app.mail.takeoverMs ? { claimMs: app.mail.takeoverMs } : {}),
          })
        : await drainOutbox(app.jobsDb, app.transport, app.clock, {
            limit,
            owner: app.judgeId,
            ...(app.mail.takeoverMs ? { claimMs: app.mail.takeoverMs } : {}),
          })
    total += sent
    if (sent === 0) return total
  }
}

/** How many mails may go now under the SMTP sending limit (PBEM_SMTP_MAX_PER_HOUR), at most `batch`. */
async function pacedLimit(app: App, batch: number, log: (line: string) => void): Promise<number> {
  const max = app.transport.name === 'smtp' ? app.mail.smtp?.maxPerHour : null
  if (!max) return batch
  const { allowed, nextAt } = await outboxAllowance(app.jobsDb, app.clock(), max)
  // Said once per wait, not on every pass of the serve loop.
  if (allowed === 0 && nextAt && pacingSaid.get(app) !== nextAt.toISOString()) {
    pacingSaid.set(app, nextAt.toISOString())
    log(`outbox: ${max} mails sent in the last hour (PBEM_SMTP_MAX_PER_HOUR); the next goes at ${nextAt.toISOString()}`)
  }
  return Math.min(batch, allowed)
}
const pacingSaid = new WeakMap<App, string>()

/**
 * False while SMTP logs in by token and no token can be had: the outbox then waits, its mails
 * neither tried nor counted as failed (a refused grant is no fault of theirs). Said once per error.
 */
async function smtpTokenReady(app: App, log: (line: string) => void): Promise<boolean> {
  if (app.transport.name !== 'smtp' || app.mail.smtp?.auth !== 'oauth2' || !app.tokens) return true
  try {
    await app.tokens.token()
    tokenSaid.delete(app)
    return true
  } catch (e) {
    const why = (e as Error).message
    if (tokenSaid.get(app) !== why) log(`outbox: not sent, no access token: ${why}`)
    tokenSaid.set(app, why)
    return false
  }
}
const tokenSaid = new WeakMap<App, string>()

/** One tick of the schedule (src/schedule/tick.ts): due resolutions, reminders, decisions, outage guard. */
export function adjudicateDue(app: App, log: (line: string) => void = () => {}): string[] {
  return tickDone(runTick(app.judge, app.clock()), log)
}

/**
 * adjudicateDue for `pbem serve`: the event loop is handed back between games, so that mail is read,
 * answered and sent while many games resolve.
 */
export async function adjudicateDueYielding(app: App, log: (line: string) => void = () => {}): Promise<string[]> {
  return tickDone(await runTickYielding(app.judge, app.clock(), tickJobs(app)), log)
}

/** The tick's async handle: each due game read and resolved there, its writes and letters in one batch. */
export function tickJobs(app: App): ResolutionJobs {
  return {
    db: app.jobsDb,
    letterSteps: (letter, meta) => enqueueMailSteps(app.jobsDb.engine, letter, meta, app.clock()),
  }
}

/** The tick's lines logged (its summary only when something was recorded); the games that recorded a result. */
function tickDone(report: TickReport, log: (line: string) => void): string[] {
  for (const line of tickLines(report))
    if (!line.startsWith('tick at') || report.games.some((g) => g.committed)) log(line)
  return report.games.filter((g) => g.committed).map((g) => g.game)
}
