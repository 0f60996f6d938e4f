// The fault trial, shared by `npm run chaos` (scripts/chaos.ts, minutes long) and the trials tier's
// test/pg/chaos.test.ts (a minute or so): three `pbem serve` judges on one PostgreSQL and one
// mailbox (a real Postfix and Dovecot, scripts/mailstack.sh), order mails for new games mailed all
// along, and at seeded random moments a judge killed (SIGKILL) and started again, a judge paused
// (SIGSTOP) and resumed, every judge's connection cut (pg_terminate_backend), and PostgreSQL itself
// restarted once. At the end: every order mail filed exactly once, every game resolved once, every
// outbox mail in its recipient's mailbox exactly once (by Message-ID), `pbem game verify --all`
// clean.
//
// The trial starts a PostgreSQL of its own (never the test run's shared one: it restarts it). Its
// first faults are owed ones, in a seeded order: two kills, a pause and a connection cut; the
// restart comes between 30 and 70 % of the window; the window is stretched until all of them have
// happened, so a short trial makes each kind of fault whatever the machine's speed.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { openApp } from '../../src/cli/app.ts'
import { PgDatabase } from '../../src/log/pg/database.ts'
import { loadMailConfig } from '../../src/mail/config.ts'
import {
  DEFAULT_USERS,
  imapClient,
  inboxMessageIds,
  judgeMailEnv,
  type Mailstack,
  sendAs,
  startMailstack,
} from '../e2e/mailstack.ts'
import { type RunningPg, startPgServer } from '../pg/pgServer.ts'
import { type SeededRandom, seededRandom } from './random.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const JUDGES = 3
const MAX_CONNECTIONS = 200
const run = promisify(execFile)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface ChaosOptions {
  /** How long faults are made and games mailed (stretched until the owed faults have happened). */
  seconds: number
  /** The fault moments and choices, the games' pace; the same seed replays the same plan. */
  seed: number
  /** A pause's length in seconds, drawn between the two. */
  pauseS: [number, number]
  /** A new game's orders mailed about this often. */
  gameEveryS: number
  /** The mean gap between faults. */
  faultGapS: number
  /** The judges' PBEM_TAKEOVER_SECONDS (mailbox lease, send claims). */
  takeoverS: number
  /** The database's idle_in_transaction_session_timeout (docs/operating.md). */
  idleTxS: number
  /** The mail stack's base port (test/e2e/mailstack.ts). */
  basePort: number
  /** How long the judges may take to finish once the faults are over, in seconds. */
  settleS: number
  /** Keeps the folder with the judges' logs. */
  keep?: boolean
  /** Where the trial's progress lines go. */
  say?: (line: string) => void
}

export interface ChaosFaults {
  kills: number
  pauses: number
  terminations: number
  pgRestarts: number
  /** Judges that exited without being killed (each started again). */
  selfExits: number
  /** The trial's own game creations that failed and were tried again. */
  createRetries: number
}

export interface ChaosResult {
  seed: number
  games: number
  orderMails: number
  lost: number
  filedTwice: number
  /** Games resolved (at least once). */
  resolutions: number
  resolvedTwice: number
  deliveries: number
  deliveredTwice: number
  undelivered: number
  verify: 'clean' | 'failed' | 'not run'
  /** Every violation found, one line each. */
  problems: string[]
  faults: ChaosFaults
  /** Reconnection lines in the judges' logs. */
  reconnections: number
  /** The trial's length, set-up to verdict, in seconds. */
  elapsedS: number
  /** Whether everything mailed was finished within settleS. */
  settled: boolean
  /** How long the judges took to finish once the faults were over, in seconds. */
  finishS: number
  /** The last lines of each judge's log, when something went wrong. */
  logTails: string
  /** The judges' folder (gone unless kept). */
  dir: string
}

interface Judge {
  id: string
  data: string
  proc: ChildProcess | null
  paused: boolean
  /** Killed by the trial (not an exit of its own). */
  killing: boolean
  /** Past its start: its database open, its serving loop begun ("judge running on"). */
  ready: boolean
}

interface Mailed {
  game: string
  ids: string[]
}

type Fault = 'kill' | 'pause' | 'terminate'
/** Made first, in a seeded order, whatever else is drawn. */
const OWED: Fault[] = ['kill', 'kill', 'pause', 'terminate']

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())))

const count = (db: PgDatabase, sql: string, values: unknown[] = []) => Number(db.query(sql, values).rows[0]![0])

class ChaosTrial {
  /** The faults' draws, apart from the games' so that the games' pace leaves the fault plan alone. */
  readonly random: SeededRandom
  readonly gameRandom: SeededRandom
  readonly faults: ChaosFaults = {
    kills: 0,
    pauses: 0,
    terminations: 0,
    pgRestarts: 0,
    selfExits: 0,
    createRetries: 0,
  }
  readonly dir = mkdtempSync(join(tmpdir(), 'pbem-chaos-'))
  readonly judges: Judge[] = Array.from({ length: JUDGES }, (_, i) => ({
    id: `j${i + 1}`,
    data: join(this.dir, `j${i + 1}`),
    proc: null,
    paused: false,
    killing: false,
    ready: false,
  }))
  url = ''
  mailEnv: NodeJS.ProcessEnv = {}
  stopping = false
  server: RunningPg | null = null

  constructor(
    readonly o: ChaosOptions,
    readonly say: (line: string) => void,
  ) {
    this.random = seededRandom(o.seed)
    this.gameRandom = seededRandom(o.seed + 0x5eed)
  }

  between(lo: number, hi: number): number {
    return lo + this.random() * (hi - lo)
  }

  startJudge(j: Judge): void {
    const log = createWriteStream(join(this.dir, `${j.id}.log`), { flags: 'a' })
    const proc = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '500', '--no-demo-game'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.mailEnv,
        PBEM_JUDGE_ID: j.id,
        PBEM_DATA_DIR: j.data,
        PBEM_DATABASE_URL: this.url,
        PBEM_TAKEOVER_SECONDS: String(this.o.takeoverS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    proc.stdout!.pipe(log)
    proc.stderr!.pipe(log)
    j.proc = proc
    j.killing = false
    j.ready = false
    let tail = '' // the end of the last chunk, for a line split between two
    const watch = (chunk: Buffer) => {
      const text = tail + chunk.toString()
      tail = text.slice(-40)
      if (!text.includes('judge running on')) return
      if (j.proc === proc) j.ready = true
      proc.stdout!.off('data', watch)
    }
    proc.stdout!.on('data', watch)
    proc.once('exit', (code, signal) => {
      if (j.proc !== proc) return
      j.proc = null
      if (j.killing || this.stopping) return
      // A judge must not stop by itself: counted, and started again.
      this.faults.selfExits++
      this.say(`${j.id} exited by itself (${code ?? signal}); started again`)
      this.startJudge(j)
    })
  }

  async kill(j: Judge): Promise<void> {
    const p = j.proc
    if (!p) return
    this.say(`SIGKILL ${j.id}`)
    j.killing = true
    p.kill('SIGKILL')
    await exited(p)
    this.faults.kills++
    await sleep(this.between(300, 3000))
    if (!this.stopping) this.startJudge(j)
  }

  async pause(j: Judge, seconds: number): Promise<void> {
    const p = j.proc
    if (!p) return
    j.paused = true
    this.faults.pauses++
    this.say(`pause ${j.id} for ${seconds.toFixed(0)} s`)
    p.kill('SIGSTOP')
    await sleep(seconds * 1000)
    p.kill('SIGCONT')
    j.paused = false
  }

  /** Cuts every connection to the judges' database (on a connection of its own, opened for it). */
  terminate(): void {
    const admin = new PgDatabase(this.server!.pg.url)
    try {
      const r = admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        ['chaos'],
      )
      this.faults.terminations++
      this.say(`pg_terminate_backend: ${r.rowCount} connections`)
    } finally {
      admin.close()
    }
  }

  /**
   * Waits (up to a minute) until every judge is past its start: a judge that cannot reach its
   * database while it opens it exits (its supervisor starts it again), which is no fault of a
   * running judge; the database's faults are aimed at running ones.
   */
  async judgesStarted(): Promise<void> {
    const until = Date.now() + 60_000
    while (this.judges.some((j) => j.proc && !j.ready) && Date.now() < until) await sleep(100)
  }

  async restartPg(): Promise<void> {
    await this.judgesStarted()
    this.say('restart PostgreSQL')
    const env = {
      ...process.env,
      PGSTACK_ROOT: this.server!.pg.root,
      PGSTACK_PORT: new URL(this.server!.pg.url).port,
      PGSTACK_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    }
    const script = join(ROOT, 'scripts/pgstack.sh')
    await run('bash', [script, 'stop'], { env, timeout: 90_000 })
    await sleep(this.between(1000, 4000))
    await run('bash', [script, 'start'], { env, timeout: 120_000 })
    this.faults.pgRestarts++
  }

  /**
   * One fault of `kind`; false when it could not be made now (no judge to take, or it failed). A
   * pause drawn at random is made only when it ends inside the window.
   */
  async fault(kind: Fault, pausing: Promise<void>[], end: number | null): Promise<boolean> {
    const awake = this.judges.filter((j) => !j.paused && j.proc)
    const j = awake[Math.floor(this.random() * awake.length)]
    if (!j) return false
    if (kind === 'pause') {
      const seconds = this.between(...this.o.pauseS)
      if (this.judges.some((x) => x.paused) || awake.length !== JUDGES) return false
      if (end !== null && Date.now() + seconds * 1000 > end) return false
      // Paused past its start, so that the database's faults need not wait for it.
      await this.judgesStarted()
      pausing.push(this.pause(j, seconds))
    } else if (kind === 'terminate') {
      await this.judgesStarted()
      this.terminate()
    } else await this.kill(j)
    return true
  }

  /** The faults, until `end` and until the owed ones and the restart have happened. */
  async makeFaults(end: number): Promise<void> {
    const start = Date.now()
    const restartAt = start + this.between(0.3, 0.7) * (end - start)
    const owed = [...OWED]
    for (let i = owed.length - 1; i > 0; i--) {
      const k = Math.floor(this.random() * (i + 1))
      ;[owed[i], owed[k]] = [owed[k]!, owed[i]!]
    }
    let restartTries = 0
    let misses = 0
    const pausing: Promise<void>[] = []
    const more = () =>
      Date.now() < end || (owed.length > 0 && misses < 10) || (!this.faults.pgRestarts && restartTries < 3)
    while (more()) {
      await sleep(this.between(0.25, 1.75) * this.o.faultGapS * 1000)
      if (!more()) break
      if (!this.faults.pgRestarts && restartTries < 3 && Date.now() >= restartAt) {
        restartTries++
        await this.restartPg().catch((e) => this.say(`restart failed: ${(e as Error).message}`))
        continue
      }
      const kind = owed.shift()
      const roll = this.random()
      const drawn: Fault = roll < 0.15 ? 'pause' : roll < 0.4 ? 'terminate' : 'kill'
      const made = await this.fault(kind ?? drawn, pausing, kind ? null : end).catch((e) => {
        this.say(`fault failed: ${(e as Error).message}`)
        return false
      })
      // An owed fault not made now is made at the next chance.
      if (kind && !made) {
        owed.unshift(kind)
        misses++
      }
    }
    await Promise.all(pausing)
  }

  /** A new game every few seconds, both sides' orders mailed (and now and then one mail twice). */
  async mailGames(mailed: Mailed[], end: number): Promise<void> {
    let n = 0
    while (Date.now() < end) {
      const game = `ch${++n}`
      const keys = await this.createGame(game)
      if (!keys) continue
      const ids = [`${game}-fed@example.test`, `${game}-reb@example.test`]
      const fed = `GAME ${game} FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`
      const reb = `GAME ${game} CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`
      await sendAs('fed@example.test', 'judge@example.test', `orders ${game}`, fed, { messageId: `<${ids[0]}>` })
      await sendAs('reb@example.test', 'judge@example.test', `orders ${game}`, reb, { messageId: `<${ids[1]}>` })
      // A resend of the same message: to be absorbed, not filed again.
      if (this.gameRandom() < 0.3)
        await sendAs('fed@example.test', 'judge@example.test', `orders ${game}`, fed, { messageId: `<${ids[0]}>` })
      mailed.push({ game, ids })
      await sleep((0.5 + this.gameRandom()) * this.o.gameEveryS * 1000)
    }
  }

  /** Creates a game through the judge's own code; a failure (PostgreSQL restarting, a lock) is tried again. */
  async createGame(game: string): Promise<Record<string, string> | null> {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        const app = openApp({
          dataDir: join(this.dir, 'setup'),
          database: this.url,
          mail: loadMailConfig(this.mailEnv),
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
        this.faults.createRetries++
        this.say(`game create ${game}: ${(e as Error).message}; trying again`)
        await sleep(2000)
      }
    }
    return null
  }

  /** Waits (polling each second) until every game is resolved, the outbox sent and the judges' mailbox empty. */
  async settle(db: PgDatabase, mailed: Mailed[]): Promise<boolean> {
    const games = mailed.map((m) => `game:${m.game}`)
    const until = Date.now() + this.o.settleS * 1000
    let state = ''
    for (;;) {
      try {
        const resolved = count(
          db,
          `SELECT COUNT(DISTINCT stream) FROM events WHERE type = 'TurnAdjudicated' AND stream = ANY($1::text[])`,
          [games],
        )
        const unsent = count(db, 'SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL')
        const waiting = resolved === games.length && unsent === 0 ? await judgeInboxCount() : -1
        state = `${resolved}/${games.length} games resolved, ${unsent} mails unsent, ${waiting < 0 ? '?' : waiting} in the judges' mailbox`
        if (waiting === 0) {
          this.say(`settled: ${state}`)
          return true
        }
      } catch (e) {
        state = `${state} (last error: ${(e as Error).message})`
      }
      if (Date.now() > until) {
        this.say(`not settled in ${this.o.settleS} s: ${state}`)
        return false
      }
      await sleep(1000)
    }
  }

  reconnections(): number {
    let n = 0
    for (const j of this.judges)
      n += (this.log(j).match(/connection re-established|PostgreSQL: reconnected/g) ?? []).length
    return n
  }

  log(j: Judge): string {
    try {
      return readFileSync(join(this.dir, `${j.id}.log`), 'utf8')
    } catch {
      return ''
    }
  }

  logTails(lines: number): string {
    return this.judges
      .map((j) => `--- ${j.id}\n${this.log(j).trimEnd().split('\n').slice(-lines).join('\n')}`)
      .join('\n')
  }

  async stop(ms: Mailstack | null): Promise<void> {
    this.stopping = true
    for (const j of this.judges) j.proc?.kill('SIGCONT')
    await Promise.all(
      this.judges.map(async (j) => {
        const p = j.proc
        if (!p) return
        p.kill('SIGTERM')
        const late = setTimeout(() => p.kill('SIGKILL'), 20_000)
        await exited(p)
        clearTimeout(late)
      }),
    )
    await ms?.stop().catch(() => {})
    await this.server?.stop()
    if (!this.o.keep) rmSync(this.dir, { recursive: true, force: true })
  }
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

type Verdict = Pick<
  ChaosResult,
  'lost' | 'filedTwice' | 'resolutions' | 'resolvedTwice' | 'deliveries' | 'deliveredTwice' | 'undelivered' | 'verify'
> & { problems: string[] }

/** Each order mail filed once, each game resolved once, `verify --all`. */
async function check(t: ChaosTrial, db: PgDatabase, mailed: Mailed[], env: NodeJS.ProcessEnv): Promise<Verdict> {
  const v: Verdict = {
    lost: 0,
    filedTwice: 0,
    resolutions: 0,
    resolvedTwice: 0,
    deliveries: 0,
    deliveredTwice: 0,
    undelivered: 0,
    verify: 'not run',
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
  await checkDeliveries(db, v, t.say)
  try {
    await run(process.execPath, ['bin/pbem.js', 'game', 'verify', '--all'], {
      cwd: ROOT,
      env,
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
async function checkDeliveries(db: PgDatabase, v: Verdict, say: (line: string) => void): Promise<void> {
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

const stamp = () => new Date().toISOString().slice(11, 19)

/** Runs the trial and returns its figures; it throws only when the set-up fails. */
export async function runChaosTrial(o: ChaosOptions): Promise<ChaosResult> {
  const began = Date.now()
  const t = new ChaosTrial(o, o.say ?? ((line) => console.log(`[${stamp()}] ${line}`)))
  t.say(`fault trial: ${o.seconds} s, seed ${o.seed}, ${JUDGES} judges, folder ${t.dir}`)
  let ms: Mailstack | null = null
  try {
    t.server = await startPgServer(MAX_CONNECTIONS)
    const admin = new PgDatabase(t.server.pg.url)
    try {
      admin.exec('CREATE DATABASE chaos')
      admin.exec(`ALTER DATABASE chaos SET idle_in_transaction_session_timeout = '${o.idleTxS}s'`)
    } finally {
      admin.close()
    }
    t.url = t.server.pg.url.replace(/\/[^/]+$/, '/chaos')
    ms = await startMailstack({ basePort: o.basePort, users: DEFAULT_USERS })
    t.mailEnv = judgeMailEnv(ms)
    mkdirSync(join(t.dir, 'setup'), { recursive: true })
    // The migrations run once, before the judges race for them.
    openApp({ dataDir: join(t.dir, 'setup'), database: t.url, mail: loadMailConfig(t.mailEnv) }).close()
    for (const j of t.judges) t.startJudge(j)
    const end = Date.now() + o.seconds * 1000
    const mailed: Mailed[] = []
    await Promise.all([t.mailGames(mailed, end), t.makeFaults(end)])
    t.say(`faults over: ${mailed.length} games mailed; waiting for the judges to finish`)
    for (const j of t.judges) if (!j.proc) t.startJudge(j)
    const db = new PgDatabase(t.url)
    try {
      const over = Date.now()
      const settled = await t.settle(db, mailed)
      const finishS = Math.round((Date.now() - over) / 1000)
      const env = { ...process.env, ...t.mailEnv, PBEM_DATA_DIR: join(t.dir, 'setup'), PBEM_DATABASE_URL: t.url }
      const v = await check(t, db, mailed, env)
      if (!settled) v.problems.unshift(`the judges did not finish within ${o.settleS} s`)
      const bad = v.problems.length > 0 || t.faults.selfExits > 0
      return {
        seed: o.seed,
        games: mailed.length,
        orderMails: mailed.reduce((n, m) => n + m.ids.length, 0),
        ...v,
        faults: { ...t.faults },
        reconnections: t.reconnections(),
        elapsedS: Math.round((Date.now() - began) / 1000),
        settled,
        finishS,
        logTails: bad ? t.logTails(40) : '',
        dir: t.dir,
      }
    } finally {
      db.close()
    }
  } finally {
    await t.stop(ms)
  }
}

/** Whether the trial found nothing wrong (the figures of the faults aside). */
export const chaosClean = (r: ChaosResult) =>
  r.problems.length === 0 && r.faults.selfExits === 0 && r.verify === 'clean' && r.resolutions === r.games

/** The summary lines. */
export function chaosSummary(r: ChaosResult): string[] {
  const f = r.faults
  return [
    ...r.problems.slice(0, 50).map((p) => `VIOLATION ${p}`),
    `${r.orderMails} order mails for ${r.games} games: ${r.lost} lost, ${r.filedTwice} filed twice; ` +
      `${r.resolutions} resolutions (${r.resolvedTwice} twice); ${r.deliveries} deliveries once ` +
      `(${r.deliveredTwice} twice, ${r.undelivered} missing); verify --all ${r.verify}`,
    `faults: ${f.kills} SIGKILLs, ${f.pauses} pauses, ${f.terminations} pg_terminate_backend, ` +
      `${f.pgRestarts} PostgreSQL restarts; ${f.selfExits} judge exits of their own, ` +
      `${f.createRetries} game creations tried again, ${r.reconnections} reconnections logged; ` +
      `the judges finished ${r.finishS} s after the faults; ${r.elapsedS} s in all`,
  ]
}

/** The figures as one JSON object (the script's last line). */
export function chaosFigures(r: ChaosResult, minutes: number) {
  const f = r.faults
  return {
    lost: r.lost,
    filedTwice: r.filedTwice,
    resolutions: r.resolutions,
    deliveries: r.deliveries,
    kills: f.kills,
    pauses: f.pauses,
    terminations: f.terminations,
    pgRestarts: f.pgRestarts,
    verify: r.verify,
    orderMails: r.orderMails,
    resolvedTwice: r.resolvedTwice,
    deliveredTwice: r.deliveredTwice,
    undelivered: r.undelivered,
    selfExits: f.selfExits,
    seed: r.seed,
    minutes,
  }
}
