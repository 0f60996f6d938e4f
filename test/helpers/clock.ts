// The clock read model against a from-scratch computation: what the tests assert after
// every step they take.
import type { App } from '../../src/cli/app.ts'
import { type ClockCheck, checkClock, checkClockAhead } from '../../src/engine/clockCheck.ts'
import type { Judge } from '../../src/engine/judge.ts'

/** Every way the game_clock rows differ from the log, in words (empty when they agree). */
export function clockProblems(judge: Judge): string[] {
  return problems(checkClock(judge))
}

/** clockProblems, read on the judge's async handle (as `pbem verify --all` checks it). */
export async function clockProblemsAsync(app: App): Promise<string[]> {
  return problems(await checkClockAhead(app.jobsDb, app.judge))
}

function problems(c: ClockCheck): string[] {
  return [
    ...c.mismatched.map((m) => `${m.game}: row ${JSON.stringify(m.row)} but the log says ${JSON.stringify(m.log)}`),
    ...c.missing.map((g) => `${g}: row missing or behind its stream`),
  ]
}
