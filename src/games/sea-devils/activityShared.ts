// What Phase 4's single ships and squadrons share: a ship's record of its turn, the areas its
// script raids (4.34) and the owner's list of lines a lost ship never carried out (4.3).
import { describeStep } from './scriptChecks.ts'
import type { CsaStep } from './orderWords.ts'
import { CSA, type Resolution } from './resolution.ts'
import type { Activity } from './combat.ts'

export interface ShipTurn {
  activity: Activity
  /** The ship began and ended the phase in port without leaving it (11.5: no coaling needed). */
  wholeTurnInPort: boolean
  repair: boolean
  refit: boolean
}

/** One entry of the record: a ship's lines, or a squadron's (4.52) with its members. */
export type Script = { ship: string; steps: CsaStep[]; members?: string[] }

/** Areas in which the script raids, so an escape there uses the raid's MP (4.34). */
export function plannedRaids(start: string, steps: CsaStep[]): Set<string> {
  const areas = new Set<string>()
  let at = start
  for (const s of steps) {
    if (s.verb === 'MOVE') at = s.area!
    if (s.verb === 'RAID') areas.add(at)
  }
  return areas
}

/**
 * 4.3: the owner learns which lines of a ship lost mid-script (sunk, interned) were never carried
 * out; for a squadron's member (4.52), the squadron's lines it did not sail to the end.
 */
export function notCarriedOut(res: Resolution, ship: string, rest: CsaStep[], squadron?: string): void {
  const s = res.state.csa[ship]!
  const head = `${ship} is ${s.status}: `
  const loss = [...res.narrative].reverse().find((n) => n.text.startsWith(head))?.text
  const why = loss ? ` (${loss.slice(head.length).split('. The Federal')[0]})` : ''
  res.say(
    CSA,
    '4.3',
    `${ship} was ${s.status}${why} before the end of ${squadron ? `squadron ${squadron}'s` : 'its'} record; not carried out${squadron ? ' by it' : ''}: ${rest.map(describeStep).join(', ')}.`,
  )
}
