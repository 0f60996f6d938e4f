// The event loop's longest stall while a PostgreSQL judge resolves due games with intake running
// beside it (pgResolveLoopStallMs, goal under 50 ms): what a player whose mail arrives during a
// deadline waits before the judge even looks at it, and what IMAP and SMTP work stands still.
// `games` Hidden Deck games are put on file, all due (bench/scale-bench.ts); a judge opened on them
// runs one deadline tick while, beside it, mails keep arriving at the intake one after another and a
// 1 ms timer notes the longest gap between its runs. Twice, each on a database of its own: the tick
// as `pbem serve` runs it (tickYielding on the judge's async handle: each game read there and its
// plan written in one batch, src/engine/resolutionBatch.ts), the figure; and in one go on the
// synchronous seam, as `pbem tick` runs it, for comparison. What the serve figure still holds the
// loop for is each game's own computation (folding, rules, rendering), and whatever else the machine
// runs: on a shared machine, the scheduler's gaps show in it too. Does not print;
// bench/pg-bench.ts calls it. BENCH_PG_STALL_RULESET=sea-devils puts Weak Beginning games on file
// instead, read by both players and the moderator: each reader's report draws its map as SVG.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type App, inboundHandler, openApp, tickJobs } from '../src/cli/app.ts'
import type { NewEvent } from '../src/log/store.ts'
import { registerRuleset } from '../src/games/index.ts'
import { type TickReport, tick, tickYielding } from '../src/schedule/tick.ts'
import { hiddenDeckFactory } from '../test/games/fixtures/hidden-deck.ts'
import { HOUR, makeSweepGames, START } from './scale-bench.ts'

export interface StallFigures {
  games: number
  resolved: number
  /** the tick's own duration */
  resolveMs: number
  /** the longest the event loop went without running the 1 ms timer, over the tick and a little either side */
  loopStallMs: number
  /**
   * loopStallMs less the time the thread sat ready to run but waiting for a CPU the machine gave to
   * other work (Linux's schedstat), so a machine busy with other work does not count; a thread
   * blocked on the database still does. Null where the kernel does not say.
   */
  loopStallOwnMs: number | null
  /**
   * the most CPU time the judge's thread spent in one stretch without running the timer (Linux's
   * schedstat): the loop's longest hold by the judge's own work, whatever else the machine runs.
   * Null where the kernel does not say.
   */
  loopStallCpuMs: number | null
  /** the longest stall over half a second of intake alone, before the tick */
  intakeOnlyStallMs: number
  /** mails the intake answered during that window, and the longest one took (arrival to answer) */
  intakeAnswered: number
  intakeLongestMs: number
}

/** A mail from a stranger naming no game: the intake reads, records and answers it (a reply queued). */
const strangerMail = (n: number) =>
  Buffer.from(
    [
      'From: Stranger <stranger@example.test>',
      'To: judge@judge.example.test',
      `Subject: question ${n}`,
      `Message-ID: <stall-${n}@example.test>`,
      'Date: Mon, 02 Mar 2026 13:00:10 +0000',
      '',
      `Which games are open? (${n})`,
      '',
    ].join('\r\n'),
  )

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`

/** This thread's time on a CPU and waiting, ready to run, for one (ms), or null where the kernel does not say. */
export function schedstat(): { ran: number; queued: number } | null {
  if (!existsSync(SCHEDSTAT)) return null
  const [ran, queued] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number)
  return Number.isFinite(ran) && Number.isFinite(queued) ? { ran: ran! / 1e6, queued: queued! / 1e6 } : null
}

/**
 * One stretch between two runs of the timer: when it began and ended (ms, performance.now()), the
 * CPU time the thread spent in it and the time it waited, ready to run, for a CPU.
 */
export interface Gap {
  from: number
  to: number
  cpuMs: number | null
  queuedMs: number | null
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The stall with the tick as `pbem serve` runs it (`serve`) and in one go (`whole`), each on a fresh database from `url()`. */
export async function benchResolveStall(
  url: () => string,
  games = 100,
): Promise<{ serve: StallFigures; whole: StallFigures }> {
  const serve = await measureServe(url(), games)
  const whole = await measure(url(), games, (app, now) => tick(app.judge, now))
  return { serve, whole }
}

/** The stall as `pbem serve` ticks; `gaps`, when given, receives every stretch of the tick (bench/stall-profile.ts). */
export function measureServe(url: string, games: number, gaps?: Gap[]): Promise<StallFigures> {
  return measure(url, games, (app, now) => tickYielding(app.judge, now, { jobs: tickJobs(app) }), gaps)
}

/** The longest gaps between runs of a 1 ms timer while `watch` runs, and a little after. */
class LoopWatch {
  stall = 0
  own = 0
  cpu = 0
  private last = performance.now()
  private lastStat = schedstat()
  private readonly timer = setInterval(() => this.beat(), 1)
  constructor(private gaps?: Gap[]) {}

  private beat(): void {
    const t = performance.now()
    const stat = schedstat()
    this.stall = Math.max(this.stall, t - this.last)
    const cpu = stat && this.lastStat ? stat.ran - this.lastStat.ran : null
    const queued = stat && this.lastStat ? stat.queued - this.lastStat.queued : null
    if (cpu !== null && queued !== null) {
      this.own = Math.max(this.own, t - this.last - queued)
      this.cpu = Math.max(this.cpu, cpu)
    }
    this.gaps?.push({ from: this.last, to: t, cpuMs: cpu, queuedMs: queued })
    this.last = t
    this.lastStat = stat
  }

  /** Starts again from nothing; `gaps` from now on. */
  reset(gaps?: Gap[]): void {
    this.stall = this.own = this.cpu = 0
    this.gaps = gaps
  }

  get stat(): boolean {
    return this.lastStat !== null
  }

  stop(): void {
    clearInterval(this.timer)
  }
}

async function measure(
  url: string,
  games: number,
  runTick: (app: App, now: Date) => TickReport | Promise<TickReport>,
  gaps?: Gap[],
): Promise<StallFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-stall-bench-'))
  const seaDevils = process.env.BENCH_PG_STALL_RULESET === 'sea-devils'
  // Game g00000 is the template, not due; copies 1..games are.
  if (seaDevils) makeSeaDevilsGames(dir, games + 1, url)
  else makeSweepGames(dir, games + 1, url, 1)
  const unregister = registerRuleset(hiddenDeckFactory)
  const now = new Date(START + HOUR + 10_000)
  const app = openApp({
    dataDir: dir,
    database: url,
    clock: () => now,
    mailDomain: 'judge.example.test',
    ...(seaDevils ? { moderatorAddress: MODERATOR } : {}),
  })
  try {
    const handle = inboundHandler(app)
    await handle(strangerMail(-1), 'bench:warm-up') // loads the intake's modules
    const watch = new LoopWatch()
    let running = true
    let answered = 0
    let longest = 0
    const intake = (async () => {
      for (let n = 0; running; n++) {
        const t0 = performance.now()
        await handle(strangerMail(n), `bench:${n}`)
        longest = Math.max(longest, performance.now() - t0)
        answered++
        await pause(5)
      }
    })()
    await pause(500)
    const intakeOnlyStall = watch.stall
    watch.reset(gaps)
    const t0 = performance.now()
    const report = await runTick(app, now)
    const resolveMs = performance.now() - t0
    await pause(200)
    running = false
    await intake
    watch.stop()
    const resolved = report.games.filter((g) => g.advanced).length
    if (resolved !== games) throw new Error(`the tick resolved ${resolved} of ${games} due games`)
    return {
      games,
      resolved,
      resolveMs,
      loopStallMs: watch.stall,
      loopStallOwnMs: watch.stat ? watch.own : null,
      loopStallCpuMs: watch.stat ? watch.cpu : null,
      intakeOnlyStallMs: intakeOnlyStall,
      intakeAnswered: answered,
      intakeLongestMs: longest,
    }
  } finally {
    app.close()
    unregister()
    rmSync(dir, { recursive: true, force: true })
  }
}

const MODERATOR = 'mod@judge.example.test'

/**
 * As makeSweepGames, with Weak Beginning (Sea Devils) games, every copy due an hour after START: a
 * game created by the judge, its events and secrets copied under each new id.
 */
function makeSeaDevilsGames(dir: string, games: number, database: string): void {
  const app = openApp({
    dataDir: dir,
    database,
    clock: () => new Date(START),
    mailDomain: 'judge.example.test',
    moderatorAddress: MODERATOR,
  })
  try {
    app.judge.createGame({
      game: 'g00000',
      ruleset: 'sea-devils',
      scenario: 'weak-beginning',
      players: [
        { role: 'federal', address: 'fed@example.test', name: 'Fed' },
        { role: 'confederate', address: 'reb@example.test', name: 'Reb' },
      ],
    })
    const template = app.store
      .read('game:g00000')
      .map((e): NewEvent => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, audience: e.audience }))
    const secrets = app.db.prepare("SELECT purpose, point, secret FROM secrets WHERE game = 'g00000'").all() as {
      purpose: string
      point: number
      secret: string
    }[]
    const insert = app.db.prepare('INSERT INTO secrets (game, purpose, point, secret) VALUES (?, ?, ?, ?)')
    const due = new Date(START + HOUR).toISOString()
    app.judge.transaction(() => {
      for (let i = 1; i < games; i++) {
        const game = `g${String(i).padStart(5, '0')}`
        for (const s of secrets) insert.run(game, s.purpose, s.point, s.secret)
        const copy = template.map((e) =>
          e.type === 'GameCreated'
            ? { ...e, data: { ...(e.data as object), game } }
            : e.type === 'DeadlineSet'
              ? { ...e, data: { ...(e.data as object), deadline: due } }
              : e,
        )
        app.store.append(`game:${game}`, 0, copy)
      }
    })
  } finally {
    app.close()
  }
}
