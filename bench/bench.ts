// `npm run bench`: the judge's performance figures from one run on this machine.
//  1. events appended per second through the log (schema validation + hash chain + head update,
//     one transaction per event) next to raw better-sqlite3 inserts at the same durability;
//  2. the time to re-fold the Weak Beginning demo game (setup + every recorded resolution);
//  3. the hostile-mail corpus: worst time, reply and database growth per kind of attack
//     (bench/hostile.ts; BENCH_HOSTILE=0 skips it);
//  4. start-up of the pbem command against `node -e 0` (bench/startup.ts; BENCH_STARTUP=0 skips it);
//  5. mail throughput on a real Postfix + Dovecot (BENCH_MAIL=0 skips it);
//  6. the scale figures (bench/scale-bench.ts): the deadline sweep over BENCH_GAMES (10,000)
//     games idle and with 1% due, the RSS of a judge opened on them (processes of their own, sweep-child.ts), database bytes per game and per resolution, creation
//     time per game, the Campaign's cold and warm re-fold and its verify.
//  7. PostgreSQL (bench/pg-bench.ts): appends through the store against raw `pg` inserts, and through
//     the async store (src/log/async/) against raw inserts on its own `pg` pool (pgAppendToRawRatio),
//     on one server at the same durability (BENCH_PG_EVENTS, 5000), and the deadline sweep of 6.
//     over BENCH_PG_GAMES (BENCH_GAMES, 10,000) games on it (BENCH_PG=0 skips both), and the event
//     loop's longest stall while a judge on it resolves BENCH_PG_STALL_GAMES (100) due games with
//     intake running beside it (pgResolveLoopStallMs, goal under 50 ms; bench/stall-bench.ts).
//     BENCH_ONLY_PG=1 runs this part alone.
// BENCH_JSON=1 prints, as the last line, one JSON object with the headline figures.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { benchLog } from './log-bench.ts'
import { openApp } from '../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../src/cli/demo.ts'
import { benchStorage, type SweepFigures } from './scale-bench.ts'

const figures: Record<string, number | null> = {}
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`

// Everything but PostgreSQL: SQLite's figures and the mail, start-up and hostile-mail benches.
if (process.env.BENCH_ONLY_PG !== '1') await benchAllButPg()

async function benchAllButPg(): Promise<void> {
  const n = Number(process.env.BENCH_EVENTS ?? 20000)
  const log = benchLog(n)
  console.log(
    `log append (${n} events, ${log.durability}): ${Math.round(log.logEventsPerSec)} events/s through EventStore vs ${Math.round(log.rawInsertsPerSec)} raw inserts/s (${((log.logEventsPerSec / log.rawInsertsPerSec) * 100).toFixed(0)}% of raw)`,
  )

  const dir = mkdtempSync(join(tmpdir(), 'pbem-bench-'))
  try {
    const demo = await runDemo({ dir })
    const app = openApp({ dataDir: demo.dataDir })
    const runs = 50
    app.judge.load(DEMO_GAME)
    // Cold: the fold cache emptied before every load (the stream read, parsed and folded again).
    const t0 = performance.now()
    for (let i = 0; i < runs; i++) {
      app.judge.folds.clear()
      app.judge.load(DEMO_GAME)
    }
    const plain = (performance.now() - t0) / runs
    const w0 = performance.now()
    for (let i = 0; i < runs; i++) app.judge.load(DEMO_GAME)
    const warm = (performance.now() - w0) / runs
    const t1 = performance.now()
    for (let i = 0; i < runs; i++) app.judge.load(DEMO_GAME, { check: true })
    const checked = (performance.now() - t1) / runs
    const events = app.store.version(`game:${DEMO_GAME}`)
    console.log(
      `re-fold of the demo game (${events} events, 7 resolutions): cold ${plain.toFixed(2)} ms, warm (fold cache hit) ${warm.toFixed(3)} ms; with result and dice checks (pbem verify): ${checked.toFixed(2)} ms (mean of ${runs})`,
    )
    app.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  const storage = benchStorage()
  const games = Number(process.env.BENCH_GAMES ?? 10_000)
  console.log(
    `creation: ${ms(storage.createMsPerGame)} per Weak Beginning (mean of ${storage.created}); database ${(storage.dbBytesPerGame / 1024).toFixed(1)} KiB per game at creation, ${(storage.dbBytesPerResolution / 1024).toFixed(1)} KiB per resolution (the Campaign, ${storage.resolutions} resolutions)`,
  )
  console.log(
    `the 16-turn Campaign (${storage.campaignEvents} events): re-fold cold (no fold cache) ${ms(storage.campaignColdRefoldMs)}, warm (cache hit) ${storage.campaignWarmRefoldMs.toFixed(3)} ms; pbem verify ${ms(storage.campaignVerifyMs)}`,
  )
  // Processes of their own, so that the RSS is that of a judge with the games on file (sweep-child.ts).
  const sweepDir = mkdtempSync(join(tmpdir(), 'pbem-sweep-'))
  const child = (mode: string) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, 'sweep-child.ts'), mode, sweepDir, String(games)],
        { encoding: 'utf8', maxBuffer: 2 ** 24 },
      )
        .trim()
        .split('\n')
        .at(-1)!,
    )
  let sweep: SweepFigures
  try {
    const { makeMs } = child('make') as { makeMs: number }
    sweep = { ...(child('sweep') as Omit<SweepFigures, 'makeMs'>), makeMs }
  } finally {
    rmSync(sweepDir, { recursive: true, force: true })
  }
  console.log(
    `deadline sweep over ${sweep.games} games (made in ${(sweep.makeMs / 1000).toFixed(1)} s): nothing due ${ms(sweep.idleMs)}; 1% due ${ms(sweep.onePercentDueMs)} (${sweep.resolved} resolutions); RSS of a judge freshly opened on them after both sweeps ${sweep.rssMb.toFixed(0)} MB (${sweep.rssBeforeMb.toFixed(0)} MB before it opened the database; JavaScript heap still in use after a full collection ${sweep.heapRetainedMb?.toFixed(0) ?? '?'} MB)`,
  )
  Object.assign(figures, {
    sweep10kIdleMs: sweep.idleMs,
    sweep10kOnePercentDueMs: sweep.onePercentDueMs,
    sweepGames: sweep.games,
    rssMb: sweep.rssMb,
    rssBeforeGamesMb: sweep.rssBeforeMb,
    heapRetainedMb: sweep.heapRetainedMb,
    dbBytesPerGame: storage.dbBytesPerGame,
    dbBytesPerResolution: storage.dbBytesPerResolution,
    createMsPerGame: storage.createMsPerGame,
    campaignColdRefoldMs: storage.campaignColdRefoldMs,
    campaignWarmRefoldMs: storage.campaignWarmRefoldMs,
    campaignVerifyMs: storage.campaignVerifyMs,
    intakeToStackRatio: null,
    cliStartRatio: null,
  })

  if (process.env.BENCH_STARTUP !== '0') {
    const { benchStartup, printStartup } = await import('./startup.ts')
    const s = benchStartup()
    printStartup(s)
    figures.cliStartRatio = s.status / s.floor
  }

  if (process.env.BENCH_HOSTILE !== '0') {
    const { benchHostile, printHostile } = await import('./hostile.ts')
    printHostile(await benchHostile())
  }

  if (process.env.BENCH_MAIL !== '0') {
    const { benchMail } = await import('./mail-bench.ts')
    const m = await benchMail(Number(process.env.BENCH_MAILS ?? 1000))
    console.log(
      `mail (${m.n} order mails, real Postfix + Dovecot on loopback): the stack alone ${m.rawPerSec.toFixed(0)} msg/s (nodemailer -> Postfix -> Dovecot, visible over IMAP); the judge ${m.ackPerSec.toFixed(1)} orders/s read over IMAP, filed and acknowledged by SMTP (visible in the players' inboxes; reading and filing ${m.readSeconds.toFixed(1)} s, sending ${m.sendSeconds.toFixed(1)} s)`,
    )
    figures.intakeToStackRatio = m.ackPerSec / m.rawPerSec
  }
}

if (process.env.BENCH_PG !== '0') await benchPostgres()

async function benchPostgres(): Promise<void> {
  const { benchPg } = await import('./pg-bench.ts')
  let p: Awaited<ReturnType<typeof benchPg>>
  try {
    p = await benchPg(
      Number(process.env.BENCH_PG_EVENTS ?? 5000),
      Number(process.env.BENCH_PG_GAMES ?? process.env.BENCH_GAMES ?? 10_000),
      Number(process.env.BENCH_PG_STALL_GAMES ?? 100),
    )
  } catch (e) {
    if (!/not installed/.test((e as Error).message)) throw e
    console.log(`PostgreSQL figures skipped: ${(e as Error).message}`)
    figures.pgAppendToRawRatio = null
    figures.pgResolveLoopStallMs = null
    return
  }
  console.log(
    `log append on PostgreSQL (${p.durability}): ${p.logEventsPerSec} events/s through EventStore vs ${p.rawInsertsPerSec} raw pg inserts/s (${((p.logEventsPerSec / p.rawInsertsPerSec) * 100).toFixed(0)}% of raw)`,
  )
  console.log(
    `log append on PostgreSQL through the async store (a pg pool): ${p.asyncAppendsPerSec} events/s vs ${p.poolInsertsPerSec} raw inserts/s through the same pool (pgAppendToRawRatio ${(p.asyncAppendsPerSec / p.poolInsertsPerSec).toFixed(2)}, goal 0.6)`,
  )
  Object.assign(figures, {
    pgLogEventsPerSec: p.logEventsPerSec,
    pgAppendsPerSec: p.logEventsPerSec,
    pgRawInsertsPerSec: p.rawInsertsPerSec,
    pgAsyncAppendsPerSec: p.asyncAppendsPerSec,
    pgPoolInsertsPerSec: p.poolInsertsPerSec,
    pgAppendToRawRatio: p.asyncAppendsPerSec / p.poolInsertsPerSec,
  })
  const sw = p.sweep
  if (sw) {
    console.log(
      `deadline sweep on PostgreSQL over ${sw.games} games (made in ${(sw.makeMs / 1000).toFixed(1)} s): nothing due ${ms(sw.idleMs)}; 1% due ${ms(sw.onePercentDueMs)} (${sw.resolved} resolutions)`,
    )
    Object.assign(figures, {
      pgSweep10kIdleMs: sw.idleMs,
      pgSweep10kOnePercentDueMs: sw.onePercentDueMs,
      pgSweepGames: sw.games,
    })
  }
  const st = p.stall
  if (st) {
    const { serve, whole } = st
    console.log(
      `event loop on PostgreSQL while ${serve.resolved} due games resolve with intake beside: longest stall ${ms(serve.loopStallMs)} as pbem serve ticks, each game read and written on the async store (pgResolveLoopStallMs, goal under 50; ${serve.loopStallOwnMs === null ? 'no schedstat here' : `${ms(serve.loopStallOwnMs)} less the time waiting for a CPU, ${ms(serve.loopStallCpuMs ?? 0)} the most CPU time in one stretch`}; tick ${ms(serve.resolveMs)}, ${serve.intakeAnswered} mail(s) answered meanwhile, the slowest in ${ms(serve.intakeLongestMs)}); ${ms(whole.loopStallMs)} when the tick runs in one go (tick ${ms(whole.resolveMs)}); intake alone ${ms(serve.intakeOnlyStallMs)}`,
    )
    Object.assign(figures, {
      pgResolveLoopStallMs: serve.loopStallMs,
      pgResolveLoopStallOwnMs: serve.loopStallOwnMs,
      pgResolveLoopStallCpuMs: serve.loopStallCpuMs,
      pgResolveLoopStallWholeTickMs: whole.loopStallMs,
      pgIntakeLoopStallMs: serve.intakeOnlyStallMs,
    })
  }
}

if (process.env.BENCH_JSON === '1') {
  const rounded = Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [k, v === null ? null : Math.round(v * 1000) / 1000]),
  )
  console.log(JSON.stringify(rounded))
}
