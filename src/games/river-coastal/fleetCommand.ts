// The fleet commander at work in a move (digest 2.4): the ship whose captain he stands in for, and
// his flag shifted by his quality when the flagship is lost.

import type { Dice } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import { distance } from '../kit/geometry.ts'
import { SIDES } from './scenario.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { lost, TRANSFER_REACH } from './commander.ts'

/** The ship as her commanding officer sees it: the fleet commander's qualities while he is aboard. */
export function commanded(state: RiverState, s: ShipState): ShipState {
  const fc = state.commanders?.[s.side]
  if (!fc || !fc.alive || fc.aboard !== s.id) return s
  const { aboard: _aboard, ...officer } = fc
  return { ...s, captain: { ...officer, ...(s.captain.atGun ? { atGun: s.captain.atGun } : {}) } }
}

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
