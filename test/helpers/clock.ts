// The clock read model against a from-scratch computation: what the tests assert after
// every step they take.
import type { Judge } from '../../src/engine/judge.ts'
import { checkClock } from '../../src/engine/clockCheck.ts'

/** Every way the game_clock rows differ from the log, in words (empty when they agree). */
export function clockProblems(judge: Judge): string[] {
  const c = checkClock(judge)
  return [
    ...c.mismatched.map((m) => `${m.game}: row ${JSON.stringify(m.row)} but the log says ${JSON.stringify(m.log)}`),
    ...c.missing.map((g) => `${g}: row missing or behind its stream`),
  ]
}
