// What the optional rules do as a phase is resolved and the next one opens (PB 18.32-18.34, 18.4;
// ruling RR-O1): resolve.ts calls one of these where it hands the turn on, so the player of the next
// phase writes his orders knowing the dice.
import { draftRiots, privateers, protectionDemand, protectionSettled } from './optionalRolls.ts'
import type { PhaseRun } from './phaseRun.ts'
import { resolveDrawPenalty, unionResolve } from './unionResolve.ts'
import { oceanUpgrade } from './unionOptions.ts'
import { yankeeRolls } from './yankeeIndustry.ts'
import type { RrCommand } from './orderTypes.ts'
import { lionsRunner } from './lionsRoar.ts'
import { leeDecember1861 } from './leeGoesWest.ts'

/** The Confederate build opens: the privateers' roll (18.34), the Lion's Roar runner (18.36), Lee's sure draw (18.51); the cards fewer to draw. */
export function openConfederateBuild(run: PhaseRun): number {
  privateers(run)
  lionsRunner(run)
  return leeDecember1861(run)
}

/** The Union move opens: a new count of failed assaults; the commercial interests' roll (18.33). */
export function openUnionMove(run: PhaseRun): void {
  if (run.s.marks) run.s.marks.failedAssaults = 0
  // 18.23: a pawn upgraded last build allows a second amphibious assault on an ocean port.
  if (oceanUpgrade(run.s)) run.s.extraOcean = 1
  else delete run.s.extraOcean
  protectionDemand(run)
}

/** The Union move is over: the raiders' zones (18.33), Union Resolve (18.4), Draft Riots (18.32), Yankee Industry (18.22); the cards fewer to draw. */
export function openUnionBuild(run: PhaseRun, commands: RrCommand[]): number {
  protectionSettled(run)
  unionResolve(run)
  draftRiots(run)
  yankeeRolls(run, commands)
  return resolveDrawPenalty(run.s)
}
