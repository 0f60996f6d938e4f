// Wiring: one data directory holds the database, the inbox drop folder and the outbox folder.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Database } from 'better-sqlite3'
import { Judge } from '../engine/judge.ts'
import { openDatabase } from '../log/db.ts'
import { EventSchemas } from '../log/schemas.ts'
import { EventStore } from '../log/store.ts'
import { scanDropFolder } from '../mail/dropFolder.ts'
import { handleInbound, type IntakeOutcome } from '../mail/intake.ts'
import { DropFolderTransport, drainOutbox } from '../mail/outbound.ts'
import { sqliteOutbox } from '../mail/outbox.ts'

export interface AppOptions {
  dataDir?: string
  clock?: () => Date
  newSecret?: (game: string, purpose: 'dice' | 'hidden', point: number) => string
  moderatorAddress?: string | null
  mailDomain?: string
}

export interface App {
  db: Database
  store: EventStore
  judge: Judge
  clock: () => Date
  dirs: { data: string; inbox: string; outbox: string; db: string }
  close(): void
}

export function defaultDataDir(): string {
  return resolve(process.env.PBEM_DATA_DIR ?? 'data')
}

export function openApp(opts: AppOptions = {}): App {
  const data = resolve(opts.dataDir ?? defaultDataDir())
  const dirs = { data, inbox: join(data, 'inbox'), outbox: join(data, 'outbox'), db: join(data, 'judge.sqlite') }
  for (const d of [data, dirs.inbox, dirs.outbox]) mkdirSync(d, { recursive: true })
  const db = openDatabase(dirs.db)
  const clock = opts.clock ?? (() => new Date())
  const store = new EventStore(db, new EventSchemas(), clock)
  const judge = new Judge({
    store,
    db,
    clock,
    outbox: sqliteOutbox(db, clock),
    mailDomain: opts.mailDomain ?? process.env.PBEM_MAIL_DOMAIN ?? 'judge.localhost',
    moderatorAddress: opts.moderatorAddress === undefined ? process.env.PBEM_MODERATOR ?? 'moderator@judge.localhost' : opts.moderatorAddress,
    ...(opts.newSecret ? { newSecret: opts.newSecret } : {}),
  })
  return { db, store, judge, clock, dirs, close: () => db.close() }
}

/** Reads every mail waiting in the drop folder through the intake. */
export async function readInbox(app: App): Promise<IntakeOutcome[]> {
  const outcomes: IntakeOutcome[] = []
  await scanDropFolder(app.dirs.inbox, async (raw, file) => {
    outcomes.push(await handleInbound(raw, `drop:${file.split('/').pop()}`, { judge: app.judge, store: app.store, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }))
  })
  return outcomes
}

/** Writes every queued mail to the outbox folder as a complete .eml. */
export async function sendOutbox(app: App): Promise<number> {
  let total = 0
  for (;;) {
    const { sent } = await drainOutbox(app.db, new DropFolderTransport(app.dirs.outbox), app.clock, { limit: 200 })
    total += sent
    if (sent === 0) return total
  }
}

/** One tick: adjudicate every game that is due (deadline passed, or all orders in). */
export function adjudicateDue(app: App, log: (line: string) => void = () => {}): string[] {
  const done: string[] = []
  for (const game of app.judge.dueGames(app.clock())) {
    const r = app.judge.adjudicate(game)
    log(`${game}: ${r.label} adjudicated${r.finished ? ' — game over' : ''}`)
    done.push(game)
  }
  return done
}
