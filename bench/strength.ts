// `npm run strength`: how strongly the house player plays. For each two-player game it plays
// STRENGTH_GAMES (200) seeded games of the house's `standard` level against a random legal player,
// the house taking each side in turn, and as many between two `standard` house players, every mail
// through the judge's intake (strengthMatch.ts). It prints, per game, the house's win rate against
// random (by side), the average game length, and the share of house-against-house games a side won
// by the book's victory conditions (rather than a draw or the win the turn limit gives by default);
// the last line is JSON: each game's `standard` win rate against random, keyed by game id.
// STRENGTH_ONLY=<game id> measures one game. Each game's line of house failures counts the house
// mails refused and the house seats that failed; any at all and the run exits with status 1.
import { performance } from 'node:perf_hooks'
import { type MatchResult, playMatch, STRENGTH_GAMES, strengthApp } from './strengthMatch.ts'

const n = Number(process.env.STRENGTH_GAMES ?? 200)
const only = process.env.STRENGTH_ONLY
const rates: Record<string, number> = {}
const failed: string[] = []
const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
const started = performance.now()

for (const [rulesetId, spec] of Object.entries(STRENGTH_GAMES)) {
  if (only && only !== rulesetId) continue
  const t0 = performance.now()
  const app = strengthApp(`strength-${rulesetId}`)
  const vsRandom: (MatchResult & { house: string })[] = []
  const hvh: MatchResult[] = []
  try {
    for (let i = 0; i < n; i++) {
      const house = spec.roles[i % 2]!
      const seats = Object.fromEntries(spec.roles.map((r) => [r, r === house ? 'house:standard' : 'random'] as const))
      vsRandom.push({ ...playMatch(app, rulesetId, `vr-${i}`, seats, i + 1), house })
    }
    for (let i = 0; i < n; i++) {
      const seats = Object.fromEntries(spec.roles.map((r) => [r, 'house:standard'] as const))
      hvh.push(playMatch(app, rulesetId, `hh-${i}`, seats, i + 1))
    }
  } finally {
    app.cleanup()
  }
  const won = vsRandom.filter((m) => m.winner === m.house).length
  rates[rulesetId] = Number((won / n).toFixed(3))
  const bySide = spec.roles
    .map((r) => {
      const as = vsRandom.filter((m) => m.house === r)
      return `as ${r} ${pct(as.filter((m) => m.winner === r).length / Math.max(1, as.length))}`
    })
    .join(', ')
  const all = [...vsRandom, ...hvh]
  const hvhWins = spec.roles.map((r) => `${r} ${hvh.filter((m) => m.winner === r).length}`).join(', ')
  console.log(`${rulesetId} (${spec.scenario}, ${n} games each):`)
  console.log(`  standard vs random: won ${pct(won / n)} (${bySide})`)
  console.log(
    `  length: ${mean(all.map((m) => m.turns)).toFixed(1)} turns, ${mean(all.map((m) => m.points)).toFixed(1)} resolutions on average`,
  )
  console.log(
    `  house vs house: decided by the victory conditions ${pct(hvh.filter((m) => m.decided).length / n)}, ended before the turn limit ${pct(hvh.filter((m) => m.early).length / n)} (wins: ${hvhWins})`,
  )
  const failures = all.reduce((a, m) => a + m.houseFailures, 0)
  if (failures) failed.push(`${rulesetId} ${failures}`)
  console.log(
    `  house failures ${failures}, random lines refused ${vsRandom.reduce((a, m) => a + m.randomRefused, 0)}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
}
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`)
console.log(JSON.stringify(rates))
if (failed.length) {
  console.error(`house failures: ${failed.join(', ')}`)
  process.exitCode = 1
}
