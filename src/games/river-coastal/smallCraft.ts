// Small craft at a spar chain or boom (rulebook §8 L523-527, digest A19, rulings RC-19 and RC-74):
// only a submarine, a David or a torpedo boat may try to get over, and only under way at 4 knots or
// more ahead; one D6 at the moment her hull meets the chain, 5-6 over. Any other ship, a small craft
// going slower or astern, or one in tow (she makes no way of her own, RC-72), is stopped short of it.
import type { Audience, Dice } from '../contract.ts'
import type { ShipClass } from './derive.ts'
import type { HazardOutcome } from './movement.ts'
import type { Tables } from './packSchema.ts'
import type { ShipState } from './ship.ts'

/** Whether this class may try a chain at all (§8 L525): the pack's crossers name the craft. */
export const mayTryChain = (c: ShipClass, t: Tables): boolean =>
  !!c.craft && t.hazards.sparChain.crossers.includes(c.craft)

/**
 * The outcome of a ship meeting a chain this move: 'pass' when she gets over, 'stuck' when she is
 * stopped short. The die is thrown only for a craft that may try, with the label
 * `m<move>:<ship>:<chain>:chain`, for the audience of her other movement rolls.
 */
export function tryChain(
  s: ShipState,
  c: ShipClass,
  inTow: boolean,
  dice: Dice,
  chain: string,
  audience: Audience,
  t: Tables,
  move: number,
): HazardOutcome {
  const rule = t.hazards.sparChain
  if (inTow || !mayTryChain(c, t) || s.speed < rule.minSpeed) return 'stuck'
  return rule.crossOn.includes(dice.roll(`m${move}:${s.id}:${chain}:chain`, 6, audience)) ? 'pass' : 'stuck'
}
