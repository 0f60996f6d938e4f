// The SQLite deadline sweep of `npm run bench` in processes of its own: `make <dir> <games>` puts the
// games on file, `sweep <dir> <games>` opens a fresh judge on them and sweeps, so that the RSS it
// reports is that of a judge with those games on file, not the residue of making them or of the
// benches run before. Prints its figures as one JSON line.
import { makeSweepGames, sweepGamesOnFile } from './scale-bench.ts'

const [mode, dir, count] = process.argv.slice(2)
const games = Number(count ?? 10_000)
if (!dir) throw new Error('usage: sweep-child.ts make|sweep <dir> <games>')
if (mode === 'make') console.log(JSON.stringify({ makeMs: makeSweepGames(dir, games) }))
else {
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20
  const figures = sweepGamesOnFile(dir, games)
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const heapRetainedMb = gc ? process.memoryUsage().heapUsed / 2 ** 20 : null
  console.log(JSON.stringify({ ...figures, rssBeforeMb, heapRetainedMb }))
}
