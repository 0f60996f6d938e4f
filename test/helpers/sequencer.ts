import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Vitest orders projects by name, so on a fresh clone (no timings cached) the kill trials, the
// longest files by far and mostly waiting on child judges, started last and ran alone at the end
// of the run. Tiers whose files wait longest start first, and the CPU-bound tiers fill the other
// worker meanwhile; inside a tier Vitest's own order stands (slowest known first, else largest).
const FIRST = ['trials', 'pg', 'judge', 'mail', 'unit']

/**
 * The mail tier's files spend most of their time waiting on Postfix and Dovecot. Run after the
 * judge tier, two of them at once left a CPU idle for half a minute; spread among the judge tier's
 * files, each waits beside a file that computes.
 */
const SPREAD = 'mail'
const AMONG = 'judge'

const rank = (spec: TestSpecification) => {
  const i = FIRST.indexOf(spec.project.name)
  return i === -1 ? FIRST.length : i
}

export default class TiersSlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const inOrder = sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec)
    return spreadAmong(inOrder)
  }
}

/** The SPREAD tier's files placed at even intervals through the AMONG tier's, their order kept. */
export function spreadAmong(files: TestSpecification[]): TestSpecification[] {
  const spread = files.filter((f) => f.project.name === SPREAD)
  const rest = files.filter((f) => f.project.name !== SPREAD)
  const start = rest.findIndex((f) => f.project.name === AMONG)
  if (spread.length === 0 || start === -1) return files
  const among = rest.filter((f) => f.project.name === AMONG).length
  const out = [...rest]
  // From the last so that earlier insertion points keep their index.
  for (let i = spread.length - 1; i >= 0; i--)
    out.splice(start + Math.round(((i + 1) * among) / (spread.length + 1)), 0, spread[i]!)
  return out
}
