// The fleet commander at work in a move (digest 2.4, §4.4): the ship whose captain he stands in for,
// his flag shifted by his quality when the flagship is lost or at his order, and his signals.

import type { Dice, Input, NarrativeEntry } from '../contract.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { describeDirective } from './directives.ts'
import { isDirective, isTransfer, type RiverCommand } from './orderTypes.ts'
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

/**
 * Start of move, TRANSFER lines (§4 L151, L199-203): the commander shifts his flag from his damaged
 * flagship to a friend within reach (checked on receipt); an Intelligent one always goes, a Reckless
 * one on a 5-6 (a die only his side sees). The enemy hears of it if he saw either ship last move.
 */
export function applyTransfers(state: RiverState, input: Input<RiverCommand>, dice: Dice): NarrativeEntry[] {
  const told: NarrativeEntry[] = []
  for (const side of SIDES) {
    const order = (input.orders[side] ?? []).find(isTransfer)
    const fc = state.commanders[side]
    const from = fc.aboard ? state.ships[fc.aboard] : undefined
    const to = order ? state.ships[order.transfer.ship] : undefined
    if (!order || !fc.alive || !from || !to || lost(from) || lost(to) || to.side !== side) continue
    if (fc.quality === 'stubborn') continue // refused on receipt; a Stubborn commander never leaves
    const enemy = state.seen[side === 'USA' ? 'CSA' : 'USA']
    const audience = enemy.includes(from.id) || enemy.includes(to.id) ? PUBLIC : onlyRoles(side)
    if (fc.quality === 'reckless') {
      const roll = dice.roll(`m${state.move}:commander:${side}:transfer`, 6, onlyRoles(side))
      if (roll < 5) {
        told.push({
          audience: onlyRoles(side),
          rule: '§4 L199',
          text: `The ${side} fleet commander stays in ${from.name} (rolled ${roll}; a Reckless commander leaves on 5-6)`,
        })
        continue
      }
    }
    fc.aboard = to.id
    told.push({
      audience,
      rule: '§4 L151',
      text: `The ${side} fleet commander shifts his flag from ${from.name} to ${to.name}`,
    })
  }
  return told
}

/** End of move, FLEET SIGNAL lines (digest §4.4): the new directives stand from the next move; only the side hears. */
export function applySignals(state: RiverState, input: Input<RiverCommand>): NarrativeEntry[] {
  const told: NarrativeEntry[] = []
  for (const side of SIDES)
    for (const c of (input.orders[side] ?? []).filter(isDirective)) {
      const s = state.ships[c.directive.ship]
      if (!c.directive.signal || !s || s.side !== side || lost(s)) continue
      if (c.directive.order) state.directives[s.id] = c.directive.order
      else delete state.directives[s.id]
      const what = c.directive.order ? describeDirective(c.directive.order) : 'no directive'
      told.push({
        audience: onlyRoles(side),
        rule: 'digest §4.4',
        text: `Signal to ${s.name}: ${what}, from next move`,
      })
    }
  return told
}
