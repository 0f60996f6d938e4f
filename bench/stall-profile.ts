// Where the event loop's longest stretches go while a PostgreSQL judge resolves due games with intake
// beside it (bench/stall-bench.ts, as `pbem serve` ticks): the tick run under V8's sampling profiler,
// every stretch between two runs of the 1 ms timer noted with the CPU time the thread spent in it,
// and for the longest stretches by CPU time, the functions their samples fell in (self and total).
// CPU time, not wall time: on a machine shared with other work, a stretch's wall time is mostly the
// scheduler's. Needs PostgreSQL (test/pg/pgServer.ts finds or starts one):
//   STALL_GAMES=100 STALL_TOP=3 npx tsx bench/stall-profile.ts
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import { SyncPgClient } from '../src/log/pg/syncClient.ts'
import { startPgStack } from '../test/pg/pgServer.ts'
import { type Gap, measureServe } from './stall-bench.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const games = Number(process.env.STALL_GAMES ?? 100)
const top = Number(process.env.STALL_TOP ?? 3)
/** Round trips on the synchronous driver (each blocks the loop until PostgreSQL answers): when, how long, from where. */
const blocking: { at: number; ms: number; where: string }[] = []
const proto = SyncPgClient.prototype as unknown as Record<string, (...a: unknown[]) => unknown>
const roundTrip = proto.roundTrip!
proto.roundTrip = function (this: unknown, ...a: unknown[]) {
  const at = performance.now()
  try {
    return roundTrip.apply(this, a)
  } finally {
    const where = (new Error().stack ?? '')
      .split('\n')
      .slice(3, 16)
      .map((l) => l.trim().replace(/\(.*\/(src|node_modules)\//, '($1/'))
    blocking.push({ at, ms: performance.now() - at, where: where.join(' < ') })
  }
}
Error.stackTraceLimit = 30
const stack = await startPgStack()
const session = new Session()
session.connect()
try {
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  const gaps: Gap[] = []
  await session.post('Profiler.start')
  // performance.now() (ms) to the profile's clock (µs, the monotonic clock process.hrtime reads).
  const offsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000
  const figures = await measureServe(stack.freshUrl(), games, gaps)
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile }
  console.log(
    `${figures.resolved} games: longest stall ${figures.loopStallMs.toFixed(1)} ms, CPU in one stretch ${figures.loopStallCpuMs?.toFixed(1)} ms, tick ${figures.resolveMs.toFixed(0)} ms`,
  )
  const during = blocking.filter((b) => b.at >= (gaps[0]?.from ?? 0))
  console.log(
    `${during.length} round trip(s) on the synchronous driver during the tick, ${during.reduce((t, b) => t + b.ms, 0).toFixed(1)} ms in all, the longest ${Math.max(0, ...during.map((b) => b.ms)).toFixed(1)} ms`,
  )
  const wheres = new Map<string, number>()
  for (const b of during) wheres.set(b.where, (wheres.get(b.where) ?? 0) + 1)
  for (const [w, n] of [...wheres].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${n}x ${w}`)
  const byCpu = [...gaps].sort((a, b) => (b.cpuMs ?? b.to - b.from) - (a.cpuMs ?? a.to - a.from))
  const own = (g: Gap) => g.to - g.from - (g.queuedMs ?? 0)
  const byOwn = [...gaps].sort((a, b) => own(b) - own(a)).filter((g) => !byCpu.slice(0, top).includes(g))
  const byWall = [...gaps].sort((a, b) => b.to - b.from - (a.to - a.from))
  const line = (g: Gap) =>
    `${(g.to - g.from).toFixed(1)} ms (cpu ${g.cpuMs?.toFixed(1)}, queued ${g.queuedMs?.toFixed(1)}, other ${(own(g) - (g.cpuMs ?? 0)).toFixed(1)})`
  console.log(`longest by wall: ${byWall.slice(0, 8).map(line).join('; ')}`)
  console.log(`longest by cpu: ${byCpu.slice(0, 8).map(line).join('; ')}`)
  for (const gap of [...byCpu.slice(0, top), ...byOwn.slice(0, top)]) report(profile, gap, offsetUs)
  const tick = { from: gaps[0]?.from ?? 0, to: gaps.at(-1)?.to ?? 0, cpuMs: null, queuedMs: null }
  if (process.env.STALL_WHOLE === '1') report(profile, tick, offsetUs)
} finally {
  session.disconnect()
  await stack.stop()
}

function report(profile: Profile, gap: Gap, offsetUs: number): void {
  const parent = new Map<number, number>()
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|node_modules|bench|test)\//, '$1/')}:${n.callFrame.lineNumber + 1}`
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const from = gap.from * 1000 + offsetUs
  const to = gap.to * 1000 + offsetUs
  let t = profile.startTime
  let samples = 0
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!
    if (t < from || t > to) return
    samples++
    const leaf = nodes.get(id)!
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + 1)
    const seen = new Set<string>()
    for (let n: ProfileNode | undefined = leaf; n; n = nodes.get(parent.get(n.id) ?? -1)) seen.add(name(n))
    for (const s of seen) total.set(s, (total.get(s) ?? 0) + 1)
  })
  console.log(
    `\nstretch of ${(gap.to - gap.from).toFixed(1)} ms, ${gap.cpuMs?.toFixed(1) ?? '?'} ms on a CPU, ${gap.queuedMs?.toFixed(1) ?? '?'} ms waiting for one, ${samples} samples`,
  )
  const show = (title: string, m: Map<string, number>, n: number) => {
    console.log(`  ${title}:`)
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`    ${((v * 100) / Math.max(samples, 1)).toFixed(0).padStart(3)}%  ${k}`)
  }
  show('self', self, 15)
  show('total', total, Number(process.env.STALL_TOTAL ?? 25))
}
