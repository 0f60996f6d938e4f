import { BaseSequencer, type TestSpecification } from 'vitest/node'

// Vitest orders projects by name, so on a fresh clone (no timings cached) the kill trials, the
// longest files by far and mostly waiting on child judges, started last and ran alone at the end
// of the run. Tiers whose files wait longest start first, and the CPU-bound tiers fill the other
// worker meanwhile; inside a tier Vitest's own order stands (slowest known first, else largest).
const FIRST = ['trials', 'pg', 'judge', 'mail', 'unit']

const rank = (spec: TestSpecification) => {
  const i = FIRST.indexOf(spec.project.name)
  return i === -1 ? FIRST.length : i
}

export default class TiersSlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec)
  }
}
