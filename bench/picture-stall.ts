// The event loop while a report's pictures are drawn for sending (src/mail/composeEml.ts): the
// longest gap between runs of a 1 ms timer while the Sea Devils map at Weak Beginning's set-up and
// Rebel Raiders' theatre are drawn, in one go (`rasterise`, as the outbox drew them before) and off
// the loop (`rasteriseAsync`: resvg in libuv's thread pool, the palette a slice of pixels at a time),
// each `PICTURE_RUNS` (3) times, with the PNGs compared byte for byte. Wall time, where a shared
// machine's scheduler shows too, and the most CPU time the thread spent in one gap (Linux's schedstat).
//   npx tsx bench/picture-stall.ts
import { performance } from 'node:perf_hooks'
import { LabelledDice } from '../test/helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../src/games/rebel-raiders/index.ts'
import { createSeaDevils, seaDevilsFactory } from '../src/games/sea-devils/index.ts'
import { rasterise, rasteriseAsync } from '../src/reports/pictures.ts'
import { schedstat } from './stall-bench.ts'

/** The longest gap of a 1 ms timer while `work` runs, and its result. */
async function longestGap<T>(
  work: () => T | Promise<T>,
): Promise<{ value: T; gapMs: number; cpuMs: number | null; ms: number }> {
  let gap = 0
  let cpu: number | null = null
  let last = performance.now()
  let lastRan = schedstat()?.ran ?? null
  const timer = setInterval(() => {
    const t = performance.now()
    const ran = schedstat()?.ran ?? null
    gap = Math.max(gap, t - last)
    if (ran !== null && lastRan !== null) cpu = Math.max(cpu ?? 0, ran - lastRan)
    last = t
    lastRan = ran
  }, 1)
  await new Promise((r) => setTimeout(r, 5))
  const t0 = performance.now()
  const value = await work()
  const ms = performance.now() - t0
  await new Promise((r) => setTimeout(r, 5))
  clearInterval(timer)
  return { value, gapMs: gap, cpuMs: cpu, ms }
}

function pictures(): { name: string; svg: string }[] {
  const sdPack = seaDevilsFactory.defaultPack()
  const sd = createSeaDevils(sdPack as never)
  const sdState = sd.setup('weak-beginning', {}, sdPack, new LabelledDice([]))
  const rrPack = rebelRaidersFactory.defaultPack()
  const rr = createRebelRaiders(rrPack as never)
  const rrState = rr.setup('1861', {}, rrPack, new LabelledDice([]))
  return [
    { name: 'Sea Devils map', svg: sd.figures!(sdState, { kind: 'moderator' }, [])[0]!.svg },
    { name: 'Rebel Raiders theatre', svg: rr.figures!(rrState, { kind: 'observer' }, [])[0]!.svg },
  ]
}

const runs = Number(process.env.PICTURE_RUNS ?? 3)
for (const { name, svg } of pictures()) {
  rasterise(svg) // resvg and the fonts loaded once
  for (let i = 0; i < runs; i++) {
    const once = await longestGap(() => rasterise(svg))
    const off = await longestGap(() => rasteriseAsync(svg))
    if (!off.value.equals(once.value)) throw new Error(`${name}: the PNG drawn off the loop differs`)
    const cpu = (x: number | null) => (x === null ? '' : `, ${x.toFixed(1)} ms of it on a CPU`)
    console.log(
      `${name} (${(once.value.length / 1024).toFixed(0)} KiB PNG): in one go the loop stood ${once.gapMs.toFixed(0)} ms${cpu(once.cpuMs)}; off the loop its longest stall ${off.gapMs.toFixed(1)} ms${cpu(off.cpuMs)} (drawing ${off.ms.toFixed(0)} ms); the same bytes`,
    )
  }
}
