// The hostile-mail corpus (test/mail/hostile/corpus.ts) through the real intake, with
// what each message actually cost: per kind of attack the worst time, the largest reply and the
// largest database growth, and the worst of all. The test suite asserts the bounds; this prints the
// figures. Alone: `npx tsx bench/hostile.ts` (HOSTILE_VERBOSE=1 prints every entry as it runs,
// HOSTILE_ONLY=<regexp> runs the entries whose name matches).
import { pathToFileURL } from 'node:url'
import { HOSTILE_GROUPS, type HostileEntry } from '../test/mail/hostile/corpus.ts'
import { openHostileJudge, problemsOf, runEntry } from '../test/mail/hostile/runner.ts'

interface Worst {
  ms: number
  msEntry: string
  replyBytes: number
  replyEntry: string
  growth: number
  growthEntry: string
  /** the growth as a multiple of the raw message size, for the entry with the most growth */
  rawBytes: number
}

export interface HostileFigures {
  entries: number
  messages: number
  byKind: Map<string, Worst & { entries: number }>
  overall: Worst
  /** entries whose outcome, bounds or extra assertion failed, with why */
  failures: { entry: string; problems: string[] }[]
}

const blank = (): Worst => ({
  ms: 0,
  msEntry: '',
  replyBytes: 0,
  replyEntry: '',
  growth: 0,
  growthEntry: '',
  rawBytes: 0,
})

export async function benchHostile(
  opts: { only?: RegExp; log?: (line: string) => void; verbose?: boolean } = {},
): Promise<HostileFigures> {
  const log = opts.log ?? console.log
  const figures: HostileFigures = { entries: 0, messages: 0, byKind: new Map(), overall: blank(), failures: [] }
  for (const group of HOSTILE_GROUPS) {
    const entries = group.entries.filter((e) => !opts.only || opts.only.test(e.name))
    if (!entries.length) continue
    const judge = openHostileJudge(`bench-${group.name}`)
    try {
      for (const entry of entries) {
        const run = await runEntry(judge, entry)
        const problems = await problemsOf(judge, entry, run)
        try {
          entry.check?.(run, judge.world)
        } catch (e) {
          problems.push((e as Error).message.split('\n')[0]!)
        }
        if (problems.length) figures.failures.push({ entry: entry.name, problems })
        figures.entries++
        figures.messages += run.messages.length
        const kind = figures.byKind.get(entry.kind) ?? { ...blank(), entries: 0 }
        kind.entries++
        figures.byKind.set(entry.kind, kind)
        for (const m of run.messages) {
          const reply = Math.max(
            0,
            ...m.replies.map((r) => Buffer.byteLength(r.mail.text ?? '') + Buffer.byteLength(r.mail.html ?? '')),
          )
          for (const w of [kind, figures.overall]) note(w, entry, m.ms, reply, m.dbGrowth, m.raw.length)
        }
        if (opts.verbose) {
          const worst = run.messages.reduce((a, m) => (m.ms > a.ms ? m : a))
          log(
            `  ${entry.name.padEnd(40)} ${run.messages
              .map((m) => m.outcome)
              .join(',')
              .slice(0, 40)
              .padEnd(
                40,
              )} ${worst.ms.toFixed(0).padStart(6)} ms  raw ${kib(worst.raw.length)}  growth ${kib(worst.dbGrowth)}${problems.length ? `  FAIL: ${problems.join('; ').slice(0, 300)}` : ''}`,
          )
        }
      }
    } finally {
      judge.close()
    }
  }
  return figures
}

function note(w: Worst, entry: HostileEntry, ms: number, reply: number, growth: number, raw: number): void {
  if (ms > w.ms) Object.assign(w, { ms, msEntry: entry.name })
  if (reply > w.replyBytes) Object.assign(w, { replyBytes: reply, replyEntry: entry.name })
  if (growth > w.growth) Object.assign(w, { growth, growthEntry: entry.name, rawBytes: raw })
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** The figures as `npm run bench` prints them. */
export function printHostile(f: HostileFigures, log: (line: string) => void = console.log): void {
  log(`hostile mail (${f.entries} corpus entries, ${f.messages} messages through the intake): worst per kind of attack`)
  const rows = [...f.byKind.entries()].sort((a, b) => b[1].ms - a[1].ms)
  for (const [kind, w] of rows)
    log(
      `  ${kind.padEnd(22)} ${String(w.entries).padStart(3)} entries  ${w.ms.toFixed(0).padStart(6)} ms (${w.msEntry})  reply ${kib(w.replyBytes)} (${w.replyEntry || '-'})  db +${kib(w.growth)} (${w.growthEntry})`,
    )
  const o = f.overall
  log(
    `  worst overall: ${o.ms.toFixed(0)} ms (${o.msEntry}); largest reply ${kib(o.replyBytes)} text+HTML (${o.replyEntry}); largest database growth ${kib(o.growth)} for a ${kib(o.rawBytes)} message (${o.growthEntry}, ${(o.growth / Math.max(1, o.rawBytes)).toFixed(2)}x its size)`,
  )
  if (f.failures.length) {
    log(`  ${f.failures.length} entries outside the issue's bounds or expectations:`)
    for (const x of f.failures) log(`    ${x.entry}: ${x.problems.join('; ').slice(0, 400)}`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.env.HOSTILE_ONLY ? new RegExp(process.env.HOSTILE_ONLY) : undefined
  const figures = await benchHostile({ ...(only ? { only } : {}), verbose: process.env.HOSTILE_VERBOSE === '1' })
  printHostile(figures)
}
