// The hostile-mail corpus (test/mail/hostile/corpus.ts) through the real intake: for every entry
// its outcome, and for every message what it may cost at most (time, reply size, database growth),
// plus the invariants that hold for all mail (one record per message, robots never answered, no
// header smuggled into a reply, strangers told nothing about other games). One judge per group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_ENTRIES, HOSTILE_GROUPS } from './hostile/corpus.ts'
import { type HostileJudge, openHostileJudge, problemsOf, runEntry } from './hostile/runner.ts'

it('the corpus has at least 110 entries with distinct names', () => {
  const names = HOSTILE_ENTRIES.map((e) => e.name)
  expect(names.length).toBeGreaterThanOrEqual(110)
  expect(new Set(names).size).toBe(names.length)
})

for (const group of HOSTILE_GROUPS) {
  describe(`hostile mail: ${group.name}`, () => {
    let judge: HostileJudge
    beforeAll(() => {
      judge = openHostileJudge(`hostile-${group.name}`)
    })
    afterAll(() => judge.close())

    for (const entry of group.entries) {
      it(`${entry.name}: ${entry.expect.map((o) => o.join('|')).join(', ')} — ${entry.attacks}`, async () => {
        const run = await runEntry(judge, entry)
        const problems = await problemsOf(judge, entry, run)
        try {
          entry.check?.(run, judge.world)
        } catch (e) {
          problems.push(`check: ${(e as Error).message}`)
        }
        expect(problems).toEqual([])
      })
    }
  })
}
