// The fleet commander (rulebook §4 L151-155, L199-203). He is rolled like a captain and sails in
// the flagship; while aboard, his qualities replace her captain's for behaviour, morale and the
// ram test (ruling RC-6). When his ship is lost he leaves by his quality: an Intelligent commander
// always shifts to the nearest friendly ship afloat within 12", a Reckless one on a 5-6, a Stubborn
// one stays and is lost with her. Signals to Stubborn captains go out from the ship he is in.
import type { Dice } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import { distance } from '../kit/geometry.ts'
import type { RiverPack } from './pack.ts'
import { SIDES, type Side } from './scenario.ts'
import type { Officer, ShipState } from './ship.ts'
import type { RiverState } from './state.ts'

export interface Commander extends Officer {
  /** The ship he is in, or null once lost. */
  aboard: string | null
}

/** How far (table units) a commander may shift from a lost flagship (ruling RC-6, digest A6). */
const TRANSFER_REACH = 12_000

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

/** The ship as her commanding officer sees it: the fleet commander's qualities while he is aboard. */
export function commanded(state: RiverState, s: ShipState): ShipState {
  const fc = state.commanders?.[s.side]
  if (!fc || !fc.alive || fc.aboard !== s.id) return s
  const { aboard: _aboard, ...officer } = fc
  return { ...s, captain: { ...officer, ...(s.captain.atGun ? { atGun: s.captain.atGun } : {}) } }
}

const lost = (s: ShipState) => s.status !== 'afloat'

/** End of move: a commander whose ship is lost leaves her, or not, by his quality. Mutates `state`. */
export function shiftCommanders(state: RiverState, dice: Dice): { ship: string; text: string; rule: string }[] {
  const lines: { ship: string; text: string; rule: string }[] = []
  for (const side of SIDES) {
    const fc = state.commanders[side]
    const ship = fc.aboard ? state.ships[fc.aboard] : undefined
    if (!fc.alive || !ship || !lost(ship)) continue
    const leaves =
      fc.quality === 'intelligent' ||
      (fc.quality === 'reckless' && dice.roll(`m${state.move}:commander:${side}:leave`, 6, onlyRoles(side)) >= 5)
    const refuge = Object.values(state.ships)
      .filter((o) => o.side === side && !lost(o) && !(o.id in state.exited))
      .map((o) => ({ o, d: distance(o.pose.pos, ship.pose.pos) }))
      .filter((x) => x.d <= TRANSFER_REACH)
      .sort((a, b) => a.d - b.d || (a.o.id < b.o.id ? -1 : 1))[0]?.o
    if (leaves && refuge) {
      fc.aboard = refuge.id
      lines.push({
        ship: refuge.id,
        text: `The ${side} fleet commander shifts his flag from ${ship.name} to ${refuge.name}`,
        rule: '§4 L199-203',
      })
    } else {
      fc.alive = false
      fc.aboard = null
      lines.push({ ship: ship.id, text: `The ${side} fleet commander is lost with ${ship.name}`, rule: '§4 L199-203' })
    }
  }
  return lines
}
