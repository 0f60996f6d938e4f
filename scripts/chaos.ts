// The fault trial (`npm run chaos`; docs/operating.md): three `pbem serve` judges on one PostgreSQL
// and one mailbox (a real Postfix and Dovecot, scripts/mailstack.sh), order mails for new games
// mailed all along, and at seeded random moments a judge killed (SIGKILL) and started again, a judge
// paused (SIGSTOP) and resumed, every judge's connection cut (pg_terminate_backend), and PostgreSQL
// itself restarted once. At the end: every order mail filed exactly once, every game resolved once,
// every outbox mail in its recipient's mailbox exactly once (by Message-ID), `pbem game verify
// --all` clean. Prints a summary and, last, one JSON line; exits non-zero on any violation.
//
//   CHAOS_MINUTES (22)      how long faults are made and games mailed
//   CHAOS_SEED (1862)       the fault moments and choices; the same seed replays the same plan
//   CHAOS_PAUSE_S           a pause's length in seconds (default 70 to 90, drawn)
//   CHAOS_GAME_EVERY_S (4)  a new game's orders mailed about this often
//   CHAOS_FAULT_GAP_S (8)   the mean gap between faults
//   CHAOS_TAKEOVER_S (60)   the judges' PBEM_TAKEOVER_SECONDS (mailbox lease, send claims)
//   CHAOS_IDLE_TX_S (60)    the database's idle_in_transaction_session_timeout (operating guide)
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { openApp } from '../src/cli/app.ts'
import { PgDatabase } from '../src/log/pg/database.ts'
import { loadMailConfig } from '../src/mail/config.ts'
import {
  DEFAULT_USERS,
  imapClient,
  inboxMessageIds,
  judgeMailEnv,
  type Mailstack,
  mulberry32,
  sendAs,
  startMailstack,
  waitFor,
} from '../test/e2e/mailstack.ts'
import { startPgServer } from '../test/pg/pgServer.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback)
const MINUTES = num('CHAOS_MINUTES', 22)
const SEED = num('CHAOS_SEED', 1862)
const PAUSE_S = process.env.CHAOS_PAUSE_S ? Number(process.env.CHAOS_PAUSE_S) : null
const GAME_EVERY_S = num('CHAOS_GAME_EVERY_S', 4)
const FAULT_GAP_S = num('CHAOS_FAULT_GAP_S', 8)
const TAKEOVER_S = num('CHAOS_TAKEOVER_S', 60)
const IDLE_TX_S = num('CHAOS_IDLE_TX_S', 60)
const JUDGES = 3
const MAX_CONNECTIONS = 200

const random = mulberry32(SEED)
const between = (lo: number, hi: number) => lo + random() * (hi - lo)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const stamp = () => new Date().toISOString().slice(11, 19)
const say = (line: string) => console.log(`[${stamp()}] ${line}`)
const run = promisify(execFile)

const stats = { kills: 0, pauses: 0, terminations: 0, pgRestarts: 0, selfExits: 0, createRetries: 0 }

interface Judge {
  id: string
  data: string
  proc: ChildProcess | null
  paused: boolean
  /** Killed by the trial (not an exit of its own). */
  killing: boolean
}

let dir: string
let url: string
let dbName: string
let mailEnv: NodeJS.ProcessEnv
let stopping = false

function startJudge(j: Judge): void {
  const log = createWriteStream(join(dir, `${j.id}.log`), { flags: 'a' })
  const proc = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '500', '--no-demo-game'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...mailEnv,
      PBEM_JUDGE_ID: j.id,
      PBEM_DATA_DIR: j.data,
      PBEM_DATABASE_URL: url,
      PBEM_TAKEOVER_SECONDS: String(TAKEOVER_S),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  proc.stdout!.pipe(log)
  proc.stderr!.pipe(log)
  j.proc = proc
  j.killing = false
  proc.once('exit', (code, signal) => {
    if (j.proc !== proc) return
    j.proc = null
    if (j.killing || stopping) return
    // A judge must not stop by itself: counted, and started again.
    stats.selfExits++
    say(`${j.id} exited by itself (${code ?? signal}); started again`)
    startJudge(j)
  })
}

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())))

async function kill(j: Judge): Promise<void> {
  const p = j.proc
  if (!p) return
  j.killing = true
  p.kill('SIGKILL')
  await exited(p)
  stats.kills++
  await sleep(between(300, 3000))
  if (!stopping) startJudge(j)
}

async function pause(j: Judge): Promise<void> {
  const p = j.proc
  if (!p) return
  const seconds = PAUSE_S ?? between(70, 90)
  j.paused = true
  stats.pauses++
  say(`pause ${j.id} for ${seconds.toFixed(0)} s`)
  p.kill('SIGSTOP')
  await sleep(seconds * 1000)
  p.kill('SIGCONT')
  j.paused = false
}

async function terminate(admin: PgDatabase): Promise<number> {
  const r = admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [dbName],
  )
  stats.terminations++
  return r.rowCount
}

async function restartPg(root: string, port: string): Promise<void> {
  const env = {
    ...process.env,
    PGSTACK_ROOT: root,
    PGSTACK_PORT: port,
    PGSTACK_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  }
  const script = join(ROOT, 'scripts/pgstack.sh')
  await run('bash', [script, 'stop'], { env, timeout: 90_000 })
  await sleep(between(1000, 4000))
  await run('bash', [script, 'start'], { env, timeout: 120_000 })
  stats.pgRestarts++
}

/** The faults, until `end`: one at a time but for pauses, which run beside the others. */
async function faults(judges: Judge[], admin: PgDatabase, pg: { root: string; port: string }, end: number) {
  const start = Date.now()
  const restartAt = start + between(0.3, 0.7) * (end - start)
  let restarted = false
  const pausing: Promise<void>[] = []
  while (Date.now() < end) {
    await sleep(between(0.25, 1.75) * FAULT_GAP_S * 1000)
    if (Date.now() >= end) break
    try {
      if (!restarted && Date.now() >= restartAt) {
        restarted = true
        say('restart PostgreSQL')
        await restartPg(pg.root, pg.port)
        continue
      }
      const awake = judges.filter((j) => !j.paused && j.proc)
      const j = awake[Math.floor(random() * awake.length)]
      const roll = random()
      if (roll < 0.15 && j && !judges.some((x) => x.paused) && awake.length === JUDGES) {
        pausing.push(pause(j))
      } else if (roll < 0.4) {
        const n = await terminate(admin)
        say(`pg_terminate_backend: ${n} connections`)
      } else if (j) {
        say(`SIGKILL ${j.id}`)
        await kill(j)
      }
    } catch (e) {
      say(`fault failed: ${(e as Error).message}`)
    }
  }
  await Promise.all(pausing)
}

interface Mailed {
  game: string
  ids: string[]
}

/** A new game every few seconds, both sides' orders mailed (and now and then one mail twice). */
async function games(mailed: Mailed[], end: number): Promise<void> {
  let n = 0
  while (Date.now() < end) {
    const game = `ch${++n}`
    const keys = await createGame(game)
    if (!keys) continue
    const ids = [`${game}-fed@example.test`, `${game}-reb@example.test`]
    const fed = `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`
    const reb = `GAME ${game} CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`
    await sendAs('fed@example.test', 'judge@example.test', `orders ${game}`, fed, { messageId: `<${ids[0]}>` })
    await sendAs('reb@example.test', 'judge@example.test', `orders ${game}`, reb, { messageId: `<${ids[1]}>` })
    // A resend of the same message: to be absorbed, not filed again.
    if (random() < 0.3)
      await sendAs('fed@example.test', 'judge@example.test', `orders ${game}`, fed, { messageId: `<${ids[0]}>` })
    mailed.push({ game, ids })
    await sleep(between(0.5, 1.5) * GAME_EVERY_S * 1000)
  }
}

/** Creates a game through the judge's own code; a failure (PostgreSQL restarting, a lock) is tried again. */
async function createGame(game: string): Promise<Record<string, string> | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const app = openApp({
        dataDir: join(dir, 'setup'),
        database: url,
        mail: loadMailConfig(mailEnv),
        moderatorAddress: 'mod@example.test',
      })
      try {
        return app.judge.createGame({
          game,
          ruleset: 'sea-devils',
          scenario: 'weak-beginning',
          players: [
            { role: 'federal', address: 'fed@example.test', name: 'F' },
            { role: 'confederate', address: 'reb@example.test', name: 'C' },
          ],
        }).keys
      } finally {
        app.close()
      }
    } catch (e) {
      stats.createRetries++
      say(`game create ${game}: ${(e as Error).message}; trying again`)
      await sleep(2000)
    }
  }
  return null
}

async function judgeInboxCount(): Promise<number> {
  const c = await imapClient('judge')
  try {
    const status = await c.status('INBOX', { messages: true })
    return status ? (status.messages ?? 0) : 0
  } finally {
    await c.logout().catch(() => c.close())
  }
}

const count = (db: PgDatabase, sql: string, values: unknown[] = []) => Number(db.query(sql, values).rows[0]![0])

/** Waits until every game is resolved, the outbox is sent and the judges' mailbox is empty. */
async function settle(db: PgDatabase, mailed: Mailed[]): Promise<void> {
  const games = mailed.map((m) => `game:${m.game}`)
  let state = ''
  await waitFor(
    async () => {
      const resolved = count(
        db,
        `SELECT COUNT(DISTINCT stream) FROM events WHERE type = 'TurnAdjudicated' AND stream = ANY($1::text[])`,
        [games],
      )
      const unsent = count(db, 'SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL')
      const waiting = await judgeInboxCount()
      state = `${resolved}/${games.length} games resolved, ${unsent} mails unsent, ${waiting} in the judges' mailbox`
      return resolved === games.length && unsent === 0 && waiting === 0
    },
    (TAKEOVER_S * 3 + 300) * 1000,
    'the judges to finish',
  ).catch((e) => {
    say(`not settled: ${state}`)
    throw e
  })
  say(`settled: ${state}`)
}

interface Verdict {
  lost: number
  filedTwice: number
  resolutions: number
  resolvedTwice: number
  deliveries: number
  deliveredTwice: number
  undelivered: number
  verify: string
  problems: string[]
}

async function check(db: PgDatabase, mailed: Mailed[]): Promise<Verdict> {
  const v: Verdict = {
    lost: 0,
    filedTwice: 0,
    resolutions: 0,
    resolvedTwice: 0,
    deliveries: 0,
    deliveredTwice: 0,
    undelivered: 0,
    verify: '',
    problems: [],
  }
  const filed = new Map<string, number>()
  for (const [id, n] of db.query(
    `SELECT causation, COUNT(*) FROM events WHERE type IN ('OrdersAccepted', 'OrdersRejected') GROUP BY causation`,
  ).rows as [string, number][])
    filed.set(id, Number(n))
  for (const m of mailed)
    for (const id of m.ids) {
      const n = filed.get(id) ?? 0
      if (n === 0) v.lost++
      if (n > 1) v.filedTwice++
      if (n !== 1) v.problems.push(`${id} filed ${n} times`)
    }
  for (const m of mailed) {
    const n = count(db, `SELECT COUNT(*) FROM events WHERE stream = $1 AND type = 'TurnAdjudicated'`, [
      `game:${m.game}`,
    ])
    v.resolutions += Math.min(n, 1)
    if (n > 1) v.resolvedTwice++
    if (n !== 1) v.problems.push(`${m.game} resolved ${n} times`)
  }
  await checkDeliveries(db, v)
  try {
    await run(process.execPath, ['bin/pbem.js', 'game', 'verify', '--all'], {
      cwd: ROOT,
      env: { ...process.env, ...mailEnv, PBEM_DATA_DIR: join(dir, 'setup'), PBEM_DATABASE_URL: url },
      timeout: 600_000,
      maxBuffer: 64 << 20,
    })
    v.verify = 'clean'
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string }
    v.verify = 'failed'
    v.problems.push(`verify --all: ${(err.stdout ?? '').slice(-2000)}${(err.stderr ?? '').slice(-2000)}`)
  }
  return v
}

/** Every outbox mail to a mailbox of the stack, found there exactly once by its Message-ID. */
async function checkDeliveries(db: PgDatabase, v: Verdict): Promise<void> {
  const rows = db.query('SELECT message_id, recipient FROM outbox').rows as [string, string][]
  const boxes = new Map<string, string[]>()
  for (const user of ['fed', 'reb', 'mod', 'spy']) boxes.set(`${user}@example.test`, await inboxMessageIds(user))
  const other = rows.filter(([, to]) => !boxes.has(to.toLowerCase())).length
  if (other > 0) say(`${other} outbox mails to addresses outside the stack's mailboxes are not counted`)
  for (const [id, to] of rows) {
    const ids = boxes.get(to.toLowerCase())
    if (!ids) continue
    const copies = ids.filter((x) => x === id).length
    if (copies === 1) v.deliveries++
    else if (copies === 0) v.undelivered++
    else v.deliveredTwice++
    if (copies !== 1) v.problems.push(`${id} reached ${to} ${copies} times`)
  }
}

function reconnectLines(judges: Judge[]): number {
  let n = 0
  for (const j of judges) {
    const log = readFileSync(join(dir, `${j.id}.log`), 'utf8')
    n += (log.match(/connection re-established|PostgreSQL: reconnected/g) ?? []).length
  }
  return n
}

async function main(): Promise<number> {
  dir = mkdtempSync(join(tmpdir(), 'pbem-chaos-'))
  say(`fault trial: ${MINUTES} min, seed ${SEED}, ${JUDGES} judges, folder ${dir}`)
  const server = await startPgServer(MAX_CONNECTIONS)
  let ms: Mailstack | null = null
  const judges: Judge[] = Array.from({ length: JUDGES }, (_, i) => ({
    id: `j${i + 1}`,
    data: join(dir, `j${i + 1}`),
    proc: null,
    paused: false,
    killing: false,
  }))
  const admin = new PgDatabase(server.pg.url)
  try {
    dbName = 'chaos'
    admin.exec(`CREATE DATABASE ${dbName}`)
    admin.exec(`ALTER DATABASE ${dbName} SET idle_in_transaction_session_timeout = '${IDLE_TX_S}s'`)
    url = server.pg.url.replace(/\/[^/]+$/, `/${dbName}`)
    const port = new URL(server.pg.url).port
    ms = await startMailstack({ basePort: 21700, users: DEFAULT_USERS })
    mailEnv = judgeMailEnv(ms)
    mkdirSync(join(dir, 'setup'), { recursive: true })
    // The migrations run once, before the judges race for them.
    openApp({ dataDir: join(dir, 'setup'), database: url, mail: loadMailConfig(mailEnv) }).close()
    for (const j of judges) startJudge(j)
    const end = Date.now() + MINUTES * 60_000
    const mailed: Mailed[] = []
    await Promise.all([games(mailed, end), faults(judges, admin, { root: server.pg.root, port }, end)])
    say(`faults over: ${mailed.length} games mailed; waiting for the judges to finish`)
    for (const j of judges) if (!j.proc) startJudge(j)
    const db = new PgDatabase(url)
    let v: Verdict
    try {
      await settle(db, mailed)
      v = await check(db, mailed)
    } finally {
      db.close()
    }
    return report(v, mailed, judges)
  } finally {
    stopping = true
    for (const j of judges) j.proc?.kill('SIGCONT')
    await Promise.all(judges.map(async (j) => j.proc && (j.proc.kill('SIGTERM'), await exited(j.proc))))
    admin.close()
    await ms?.stop().catch(() => {})
    await server.stop()
    if (!process.env.CHAOS_KEEP) rmSync(dir, { recursive: true, force: true })
  }
}

function report(v: Verdict, mailed: Mailed[], judges: Judge[]): number {
  const orderMails = mailed.reduce((n, m) => n + m.ids.length, 0)
  for (const p of v.problems.slice(0, 50)) say(`VIOLATION ${p}`)
  say(
    `${orderMails} order mails for ${mailed.length} games: ${v.lost} lost, ${v.filedTwice} filed twice; ` +
      `${v.resolutions} resolutions (${v.resolvedTwice} twice); ${v.deliveries} deliveries once ` +
      `(${v.deliveredTwice} twice, ${v.undelivered} missing); verify --all ${v.verify}`,
  )
  say(
    `faults: ${stats.kills} SIGKILLs, ${stats.pauses} pauses, ${stats.terminations} pg_terminate_backend, ` +
      `${stats.pgRestarts} PostgreSQL restarts; ${stats.selfExits} judge exits of their own, ` +
      `${stats.createRetries} game creations tried again, ${reconnectLines(judges)} reconnections logged`,
  )
  const ok = v.problems.length === 0 && stats.selfExits === 0 && v.verify === 'clean' && v.resolutions === mailed.length
  console.log(
    JSON.stringify({
      lost: v.lost,
      filedTwice: v.filedTwice,
      resolutions: v.resolutions,
      deliveries: v.deliveries,
      kills: stats.kills,
      pauses: stats.pauses,
      terminations: stats.terminations,
      pgRestarts: stats.pgRestarts,
      verify: v.verify,
      orderMails,
      resolvedTwice: v.resolvedTwice,
      deliveredTwice: v.deliveredTwice,
      undelivered: v.undelivered,
      selfExits: stats.selfExits,
      seed: SEED,
      minutes: MINUTES,
    }),
  )
  return ok ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    process.exit(2)
  },
)
