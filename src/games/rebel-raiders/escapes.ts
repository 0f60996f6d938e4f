// Runners and raiders that slipped past the search in a port the Union has just taken (7.72, 10.42)
// stay there and must leave with the Confederate player's next move: where to is his choice, made
// by the MOVE he writes for them then. A ship he gives no move leaves by default at the end of that
// move to the port's blockade station, or up the river to a Confederate port or fort next to it;
// with neither it is lost.
import { onlyRoles, type Parsed } from '../contract.ts'
import type { RrCommand } from './orderTypes.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { RrState } from './state.ts'

/** Marks a ship that escaped the search in `at`: it leaves with the next Confederate move. */
export function mustLeave(run: PhaseRun, id: string, at: string): void {
  run.s.mustLeave = [...(run.s.mustLeave ?? []), id]
  run.say('10.42', `${id} escapes the search and must leave ${run.name(at)} with the next Confederate move (7.72).`, at)
}

/** The ships that must leave this move, where they are now. */
function waiting(s: RrState): RrState['pieces'] {
  return s.pieces.filter((p) => s.mustLeave?.includes(p.id) && p.side === 'CSA')
}

/** On receipt of Confederate move orders: a warning for each such ship the orders leave where it is. */
export function mustLeaveWarnings(s: RrState, out: Parsed<RrCommand>, ends: ReadonlyMap<string, string>): void {
  if (s.phase !== 'csa-move') return
  for (const p of waiting(s))
    if ((ends.get(p.id) ?? p.at) === p.at)
      out.warnings.push({
        line: 0,
        text: '',
        message: `${p.id} must leave ${p.at} this move (7.72, 10.42); without a MOVE for it, it goes to the nearest open space at the end of the move, or is lost`,
      })
}

/** At the end of the Confederate move: the ships still waiting leave by default; the duty ends. */
export function leaveByDefault(run: PhaseRun): void {
  for (const p of waiting(run.s)) {
    if (run.holder(p.at) === 'CSA') continue
    const to = defaultWayOut(run, p.at)
    // That no move was written is the Confederate's to know; the Union sees only where the ship went.
    run.tell(onlyRoles('confederate'), '10.42', `${p.id} was given no move: it leaves by default (ruling RR-D1).`)
    if (to) {
      run.say('10.42', `${p.id} leaves ${run.name(p.at)} for ${run.name(to)} (7.72).`, to)
      p.at = to
    } else {
      run.remove([p.id])
      run.say('10.42', `${p.id} has no way out of ${run.name(p.at)}: it is lost (7.72).`, p.at)
    }
  }
  delete run.s.mustLeave
}

function defaultWayOut(run: PhaseRun, at: string): string | null {
  const station = run.pack.map.neighbours(at, ['port']).find((n) => run.space(n).kind === 'blockadeStation')
  if (station) return station
  return (
    run.pack.map
      .neighbours(at, ['river'])
      .find((n) => run.holder(n) === 'CSA' && ['riverPort', 'fort', 'oceanPort'].includes(run.space(n).kind)) ?? null
  )
}
