// The fleet commander (rulebook §4 L151-155, L199-203). He is rolled like a captain and sails in
// the flagship; while aboard, his qualities replace her captain's for behaviour, morale and the
// ram test (ruling RC-6). When his ship is lost he leaves by his quality: an Intelligent commander
// always shifts to the nearest friendly ship afloat within 12", a Reckless one on a 5-6, a Stubborn
// one stays and is lost with her. Signals to Stubborn captains go out from the ship he is in.
import type { Dice } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import type { Side } from './scenario.ts'
import type { Officer, ShipState } from './ship.ts'

export interface Commander extends Officer {
  /** The ship he is in, or null once lost. */
  aboard: string | null
}

/** How far (table units) a commander may shift from a lost flagship (ruling RC-6, digest A6). */
export const TRANSFER_REACH = 12_000

export function rollCommander(side: Side, flagship: string, hidden: Dice, pack: RiverPack): Commander {
  const c = pack.tables.captain
  const d = (colour: string) => String(hidden.roll(`commander:${side}:${colour}`, 6, onlyRoles(side))) as '1'
  return {
    quality: c.quality[d('white')]! as Officer['quality'],
    green: c.green[d('green')]!,
    red: c.red[d('red')]!,
    yellow: c.yellow[d('yellow')]!,
    alive: true,
    aboard: flagship,
  }
}

export const lost = (s: ShipState) => s.status !== 'afloat'
