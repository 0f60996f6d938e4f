// The standard house player's answers to River and Coastal's questions between points, from its
// side's view alone: which ship flies its flag, on which radius a side-wheeler turns; any other
// question gets one of its offered options, drawn from the seeded choice.
import type { Choice, Question, View } from '../contract.ts'
import { armoured, type SeenShip } from './houseSeen.ts'
import type { RiverPack } from './pack.ts'

/**
 * §4 L133-155: the fleet commander's qualities replace the captain's while he is aboard, and only he
 * can hold a Reckless captain, who otherwise steams at any enemy he sees, minefields or not (L169-175).
 * So the flag goes to a ship with a Reckless captain: a commander who is not Reckless holds her, and
 * a Reckless one makes no second ship reckless. Else it goes to the ship hardest to destroy
 * (armoured, then the most SPV), since the enemy's flagship card is scored on her.
 */
function flagship(pack: RiverPack, view: View, question: Question): string {
  const ids = question.options.map((o) => o.id)
  const own = (view.ships as SeenShip[]).filter((s) => ids.includes(s.id) && s.status === 'afloat')
  const armour = own.filter((s) => armoured(pack, s))
  const base = armour.length ? armour : own
  const reckless = base.filter((s) => s.captain?.alive && s.captain.quality === 'reckless')
  const pool = reckless.length ? reckless : base
  const hardest = [...pool].sort(
    (a, b) => Number(armoured(pack, b)) - Number(armoured(pack, a)) || (b.spv ?? 0) - (a.spv ?? 0),
  )[0]
  return hardest?.id ?? question.defaultOption
}

export function standardAnswer(pack: RiverPack, view: View, question: Question, choice: Choice): string {
  if (/^FLAGSHIP-/.test(question.decisionId)) return flagship(pack, view, question)
  // §7 L479: the tightest radius lets the helm turn her clear of shoals, mines and other hulls soonest.
  if (/^RADIUS-/.test(question.decisionId)) {
    const radii = question.options.map((o) => Number(o.id)).filter((r) => Number.isFinite(r))
    if (radii.length) return String(Math.min(...radii))
  }
  const i = choice.below(question.options.length, `answer ${question.decisionId}`)
  return question.options[i]!.id
}
