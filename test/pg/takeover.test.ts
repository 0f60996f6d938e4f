// A judge killed and left down, another finishing its work, over real mail (Postfix,
// Dovecot) and PostgreSQL. Two setups side by side, each its own database and judge mailbox:
// - mid-resolution: judge a is killed (SIGKILL) while it resolves the games whose orders are all
//   filed: after its tick has read a game's secrets, the last read before the decision, and before
//   the game is resolved. A game's resolution is written in one batch sent whole, BEGIN to COMMIT
//   (src/engine/resolutionBatch.ts): a batch not yet sent leaves nothing, and judge b's tick resolves
//   the game at once; one sent is written whole, its reports with it.
// - mid-send: a is killed while it holds outbox claims with SMTP sends under way (rows in doubt).
//   b leaves them until the claims lapse (outboxClaim.ts), settles those in doubt against the
//   archive and sends the rest.
// In both, orders for one more game reach the mailbox after the kill: b reads them once a's IMAP
// lease lapses. Every order filed once, every resolution recorded once, every mail delivered once,
// and each takeover within its bound.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import { openSqlDatabase } from '../../src/log/engines.ts'
import type { SqlDatabase } from '../../src/log/sql.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import { STANDBY_MS } from '../../src/mail/imapLease.ts'
import {
  DEFAULT_USERS,
  imapClient,
  inbox,
  type Mailstack,
  sendAs,
  startMailstack,
  waitFor,
  judgeMailEnv,
} from '../e2e/mailstack.ts'
import { type PgStack, connectPg } from './pgstack.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const SLACK_MS = 15_000 // a busy shared machine: passes, polls and sends after a lapse
/**
 * The judges' mailbox lease and send claims (PBEM_TAKEOVER_SECONDS): the shortest the settings
 * take, as b waits out a's lease and a never runs beside b, so a lease lapsing early under load
 * could not let two judges read at once here.
 */
const TAKEOVER_MS = 10_000
let ms: Mailstack
let pg: PgStack
let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  ms = await startMailstack({ basePort: 20900, users: DEFAULT_USERS })
  pg = await connectPg()
  dir = mkdtempSync(join(tmpdir(), 'pbem-takeover-'))
  env = judgeMailEnv(ms, null)
}, 600_000)

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  await ms?.stop()
  await pg?.close()
}, 60_000)

/** The mail settings of a judge reading `mailbox`'s INBOX. */
const judgeEnv = (mailbox: string) => ({ ...env, PBEM_IMAP_USER: mailbox, PBEM_IMAP_PASS: `${mailbox}-pw` })

/** `pbem serve` as judge `id` on `url`, reading `mailbox`'s INBOX. */
function judge(id: string, mailbox: string, url: string, data: string): ChildProcess {
  return spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '100', '--no-demo-game'], {
    cwd: root,
    env: {
      ...process.env,
      ...judgeEnv(mailbox),
      PBEM_JUDGE_ID: id,
      PBEM_DATA_DIR: data,
      PBEM_DATABASE_URL: url,
      PBEM_TAKEOVER_SECONDS: String(TAKEOVER_MS / 1000),
    },
    stdio: 'ignore',
  })
}

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function mailboxCount(user: string): Promise<number> {
  const c = await imapClient(user)
  try {
    const status = await c.status('INBOX', { messages: true })
    return status ? (status.messages ?? 0) : 0
  } finally {
    await c.logout()
  }
}

const count = (db: SqlDatabase, sql: string, ...args: unknown[]) =>
  Number(
    db
      .prepare(sql)
      .pluck()
      .get(...args),
  )
const resolutions = (db: SqlDatabase, game: string) =>
  count(db, `SELECT COUNT(*) FROM events WHERE stream = ? AND type = 'TurnAdjudicated'`, `game:${game}`)
const filed = (db: SqlDatabase, game: string) =>
  count(db, `SELECT COUNT(*) FROM events WHERE stream = ? AND type = 'OrdersAccepted'`, `game:${game}`)

/** Both sides' orders for `game`, mailed to the judge's `mailbox`. */
async function mailOrders(game: string, keys: Record<string, string>, mailbox: string): Promise<void> {
  const to = `${mailbox}@example.test`
  const fed = `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`
  const reb = `GAME ${game} CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`
  await sendAs('fed@example.test', to, `orders ${game}`, fed, { messageId: `<${game}-fed@example.test>` })
  await sendAs('reb@example.test', to, `orders ${game}`, reb, { messageId: `<${game}-reb@example.test>` })
}

interface Killed {
  at: Date
  what: string
}

/**
 * One setup: `games` created, the orders of all but the last mailed, judge a started alone and
 * killed as soon as `moment` names what it is in the middle of; then the last game's orders mailed
 * and judge b started; returns once b has finished everything, with its failures.
 */
async function takeover(
  name: string,
  mailbox: string,
  moment: (db: SqlDatabase, games: string[]) => string | null,
  check: (db: SqlDatabase, killed: Killed, snapshot: Snapshot) => string[],
): Promise<string[]> {
  const url = pg.freshUrl()
  const games = [1, 2, 3].map((n) => `${name}${n}`)
  const app = openApp({
    dataDir: join(dir, `${name}-setup`),
    database: url,
    mail: loadMailConfig(judgeEnv(mailbox)),
    moderatorAddress: 'mod@example.test',
  })
  const keys = games.map(
    (game) =>
      app.judge.createGame({
        game,
        ruleset: 'sea-devils',
        scenario: 'weak-beginning',
        players: [
          { role: 'federal', address: 'fed@example.test', name: 'F' },
          { role: 'confederate', address: 'reb@example.test', name: 'C' },
        ],
      }).keys,
  )
  app.close()
  const late = games.at(-1)!
  for (let i = 0; i < games.length - 1; i++) await mailOrders(games[i]!, keys[i]!, mailbox)
  await waitFor(async () => (await mailboxCount(mailbox)) >= 4, 10_000, `${name}: orders in ${mailbox}'s mailbox`)

  const db = openSqlDatabase(url)
  const failures: string[] = []
  let b: ChildProcess | null = null
  const a = judge('judge-a', mailbox, url, join(dir, `${name}-a`))
  try {
    let what: string | null = null
    const until = Date.now() + 30_000
    while (!what && Date.now() < until) {
      what = moment(db, games.slice(0, -1))
      if (!what) await sleep(1)
    }
    a.kill('SIGKILL')
    const killed: Killed = { at: new Date(), what: what ?? '' }
    await exited(a)
    if (!what) return [`${name}: judge a ${MISSED} (30 s)`]
    // a's connections are gone once PostgreSQL has seen their sockets close: its transaction rolled back.
    await waitFor(
      async () => count(db, 'SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()') === 1,
      10_000,
      `${name}: judge a's connections closed`,
    )
    const snapshot = takeSnapshot(db)
    await mailOrders(late, keys.at(-1)!, mailbox)
    b = judge('judge-b', mailbox, url, join(dir, `${name}-b`))
    let state = ''
    try {
      await waitFor(
        async () => {
          const done = games.filter((g) => resolutions(db, g) > 0).length
          const unsent = count(db, 'SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL')
          const waiting = await mailboxCount(mailbox)
          state = `${done} game(s) resolved, ${unsent} mail(s) unsent, ${waiting} in the mailbox`
          return done === games.length && unsent === 0 && waiting === 0
        },
        TAKEOVER_MS + STANDBY_MS + 2 * SLACK_MS,
        `${name}: b to finish`,
      )
    } catch {
      return [`${name} (a killed ${killed.what}): b did not finish: ${state}`]
    }
    for (const game of games) {
      const roles = db
        .prepare(
          `SELECT json_extract(data, '$.role') AS role, COUNT(*) AS n FROM events WHERE stream = ? AND type = 'OrdersAccepted' GROUP BY json_extract(data, '$.role')`,
        )
        .all(`game:${game}`) as { role: string; n: number }[]
      if (roles.length !== 2 || roles.some((r) => r.n !== 1))
        failures.push(`${game}: orders filed ${JSON.stringify(roles)}`)
      if (resolutions(db, game) !== 1) failures.push(`${game}: resolved ${resolutions(db, game)} times`)
    }
    // The mailbox: the late orders were read by b, after a's lease lapsed and within a standby try.
    const lateFiled = db
      .prepare(`SELECT MIN(recorded_at) FROM events WHERE stream = ? AND type = 'OrdersAccepted'`)
      .pluck()
      .get(`game:${late}`) as string
    const leaseEnd = Date.parse(snapshot.leaseUntil)
    if (!(Date.parse(lateFiled) >= leaseEnd && Date.parse(lateFiled) <= leaseEnd + STANDBY_MS + SLACK_MS))
      failures.push(`${name}: late orders filed at ${lateFiled}, a's lease ran to ${snapshot.leaseUntil}`)
    failures.push(...check(db, killed, snapshot))
    const notes = db
      .prepare(
        `SELECT send_note AS note, COUNT(*) AS n FROM outbox WHERE send_note IS NOT NULL GROUP BY send_note ORDER BY send_note`,
      )
      .all() as { note: string; n: number }[]
    const s = (iso: string) => ((Date.parse(iso) - killed.at.getTime()) / 1000).toFixed(1)
    console.log(
      `${name}: a killed ${killed.what}, holding ${snapshot.claims.length} claim(s); b read the mailbox ${s(lateFiled)} s` +
        ` after the kill (a's lease ran ${s(snapshot.leaseUntil)} s more); in doubt: ${JSON.stringify(notes)}`,
    )
    failures.push(...(await deliveredOnce(db, name)))
    return failures
  } finally {
    db.close()
    if (b) {
      b.kill('SIGTERM')
      await exited(b)
    }
  }
}

interface Snapshot {
  /** when judge a's IMAP lease lapses */
  leaseUntil: string
  /** the outbox rows judge a held, unsent, when it died */
  claims: { id: number; claimed_until: string; in_doubt: number }[]
}

function takeSnapshot(db: SqlDatabase): Snapshot {
  return {
    leaseUntil: String(db.prepare(`SELECT expires_at FROM leases WHERE holder = 'judge-a'`).pluck().get()),
    claims: db
      .prepare(
        `SELECT id, claimed_until, CASE WHEN send_started_at IS NULL THEN 0 ELSE 1 END AS in_doubt FROM outbox
         WHERE claimed_by = 'judge-a' AND sent_at IS NULL AND claimed_until > ? ORDER BY id`,
      )
      .all(new Date().toISOString()) as Snapshot['claims'],
  }
}

/** Every outbox row of the setup's games reached its recipient exactly once. */
async function deliveredOnce(db: SqlDatabase, name: string): Promise<string[]> {
  const rows = db.prepare('SELECT message_id, recipient FROM outbox').all() as {
    message_id: string
    recipient: string
  }[]
  const failures: string[] = []
  for (const user of ['fed', 'reb', 'mod']) {
    const mine = rows.filter((r) => r.recipient === `${user}@example.test`)
    const ids = await waitFor(
      async () => {
        const got = (await inbox(user)).map((m) => m.messageId)
        return mine.every((r) => got.includes(r.message_id)) ? got : null
      },
      30_000,
      `${name}: ${user}'s mail`,
    )
    for (const r of mine) {
      const copies = ids.filter((id) => id === r.message_id).length
      if (copies !== 1) failures.push(`${name}: ${r.message_id} reached ${user} ${copies} times`)
    }
  }
  const others = rows.filter((r) => !['fed', 'reb', 'mod'].some((u) => r.recipient === `${u}@example.test`))
  if (others.length) failures.push(`${name}: mail to unexpected recipients ${JSON.stringify(others)}`)
  return failures
}

/**
 * Judge a resolving: a game with all its orders filed is unresolved, and the last statement on one of
 * a's connections is the read of a game's dice secret, the last read before a resolution is decided.
 */
function midResolution(db: SqlDatabase, games: string[]): string | null {
  const pending = games.filter((game) => filed(db, game) === 2 && resolutions(db, game) === 0)
  if (!pending.length) return null
  const reading = count(
    db,
    `SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
       AND query LIKE 'SELECT secret FROM secrets WHERE game = %'`,
  )
  return reading > 0 ? `resolving ${pending.join(' ')}` : null
}

/**
 * Judge a holding claims with sends under way after it resolved the games (so it has read the
 * mailbox and holds its lease; the welcome mails of the new games go out before that).
 */
function midSend(db: SqlDatabase, games: string[]): string | null {
  if (games.some((g) => resolutions(db, g) === 0)) return null
  const n = count(
    db,
    `SELECT COUNT(*) FROM outbox WHERE claimed_by = 'judge-a' AND sent_at IS NULL AND send_started_at IS NOT NULL`,
  )
  return n > 0 ? `sending (${n} mail(s) in doubt)` : null
}

const MISSED = 'finished before the moment came'

/**
 * takeover(), set up again (fresh games and database) when judge a finished before the moment came:
 * a send to the loopback SMTP is over in milliseconds, so on a busy machine the poll can miss it.
 */
async function caughtTakeover(
  name: string,
  ...rest: Parameters<typeof takeover> extends [string, ...infer R] ? R : never
): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const failures = await takeover(attempt === 1 ? name : `${name}${attempt}x`, ...rest)
    if (attempt >= 3 || !(failures.length === 1 && failures[0]!.includes(MISSED))) return failures
  }
}

it('a judge killed mid-resolution and one killed mid-send stay down; the other finishes their resolutions, sends and mailboxes', async () => {
  const [resolving, sending] = await Promise.all([
    caughtTakeover('tr', 'judge', midResolution, (db, killed) => {
      // Each game a was resolving was resolved once (checked for every game): by b after the kill,
      // or by a's batch sent before it, whole: the reports its result says it sent queued with it.
      const failures: string[] = []
      for (const game of killed.what.replace('resolving ', '').split(' ')) {
        const dispatched = db
          .prepare(`SELECT data FROM events WHERE stream = ? AND type = 'ReportsDispatched' ORDER BY version DESC`)
          .pluck()
          .get(`game:${game}`)
        const sent = (JSON.parse(String(dispatched)) as { sent: string[] }).sent.length
        const reports = count(
          db,
          `SELECT COUNT(*) FROM outbox WHERE game = ? AND kind = 'report' AND message_id LIKE ?`,
          game,
          `report.${game}.r1.%`,
        )
        if (reports !== sent) failures.push(`tr: ${game} resolved with ${reports} report(s) queued, not ${sent}`)
      }
      const byB = killed.what
        .replace('resolving ', '')
        .split(' ')
        .filter((game) => {
          const at = db
            .prepare(`SELECT recorded_at FROM events WHERE stream = ? AND type = 'TurnAdjudicated'`)
            .pluck()
            .get(`game:${game}`)
          return Date.parse(String(at)) > killed.at.getTime()
        })
      console.log(`tr: of the games a was resolving, b resolved ${byB.length ? byB.join(', ') : 'none'}`)
      return failures
    }),
    caughtTakeover('ts', 'spy', midSend, (db, killed, snapshot) => {
      const failures: string[] = []
      if (!snapshot.claims.some((c) => c.in_doubt)) failures.push(`ts: no row in doubt when a died (${killed.what})`)
      // Each row a held was left alone until its claim lapsed, then sent (or found in the archive) at once.
      for (const c of snapshot.claims) {
        const sentAt = String(db.prepare('SELECT sent_at FROM outbox WHERE id = ?').pluck().get(c.id))
        const lapse = Date.parse(c.claimed_until)
        if (!(Date.parse(sentAt) >= lapse && Date.parse(sentAt) <= lapse + SLACK_MS))
          failures.push(`ts: row ${c.id} sent at ${sentAt}, a's claim ran to ${c.claimed_until}`)
      }
      return failures
    }),
  ])
  expect([...resolving, ...sending]).toEqual([])
}, 480_000)
