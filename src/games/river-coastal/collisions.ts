// Step 4 (digest §1.3): what the contacts found in movement do. A ram at 45-90 degrees on an enemy
// deals chart damage: with the extra die when it was a controlled ram attack (§11 L983), without it
// when not (ruling RC-43); the rammer then rolls for the blow's effect on her. Slides, side-to-side
// collisions and contacts between friends do no damage (ruling RC-43).
import type { Dice } from '../contract.ts'
import { commanded } from './fleetCommand.ts'
import type { Audience } from '../contract.ts'
import type { Contact } from './movement.ts'
import { rollAudience } from './moveStep.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { applyRamDamage, applyRammerEffect, ramDamage, rammerEffect, ramTest } from './ramming.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'

/** §11 L987, §7 L449, L453: a bow contact at 45-90 degrees stops both; the way out is astern from the stop. */
const BOTH_STOP = 'both stop (to back off, order SPEED astern next move)'

export function resolveContacts(
  state: RiverState,
  contacts: Contact[],
  orders: Record<string, ShipOrder>,
  controlled: Set<string>,
  dice: Dice,
  pack: RiverPack,
): { state: RiverState; lines: { ship: string; text: string; rule: string }[] } {
  const t = pack.tables
  const n = state.move
  const next: RiverState = structuredClone(state)
  const lines: { ship: string; text: string; rule: string }[] = []
  for (const c of contacts) {
    const a = next.ships[c.striker]!
    const b = next.ships[c.other]!
    const q = `in the ${['1st', '2nd', '3rd', '4th'][c.quarter - 1]} quarter`
    // §9 L821-833: a spar torpedo goes off when the bow touches the ship it was ordered against.
    if (c.kind !== 'collision' && a.spar === 'fitted' && orders[a.id]?.spar === b.id && a.status === 'afloat')
      lines.push(...sparAttack(next, a.id, b.id, q, rollAudience(state, a), dice, pack))
    if (next.ships[b.id]!.status === 'sunk') continue
    if (
      c.kind !== 'ram' ||
      a.side === b.side ||
      a.status !== 'afloat' ||
      b.status === 'sunk' ||
      b.status === 'exploded'
    ) {
      const what =
        c.kind === 'slide' ? 'glances off and slides along' : c.kind === 'collision' ? 'collides with' : 'runs into'
      const stop = c.kind === 'ram' ? `; ${BOTH_STOP}` : ''
      lines.push({ ship: a.id, text: `${a.name} ${what} ${b.name} ${q}${stop}`, rule: '§11 L985' })
      continue
    }
    const label = `m${n}:${a.id}:ram:${b.id}`
    const aud = rollAudience(state, a)
    const ca = pack.classes[a.classKey]!
    const hasRam = ca.ramFitted && !a.ramLost
    const o = orders[a.id]?.ram
    let isControlled = !!o && controlled.has(a.id) && (!o.target || o.target === b.id)
    // An untargeted RAM IF BOW-ON is tested at the moment of contact (ruling RC-40b).
    if (o && !o.target && o.ifBowOn) {
      const r = ramTest(
        commanded(state, a),
        ca.ramClass,
        hasRam,
        b,
        pack.classes[b.classKey]!.ramClass,
        dice,
        `${label}:test`,
        aud,
        t,
      )
      isControlled = r.pass
    }
    const speed = Math.abs(a.speed)
    const dmg = ramDamage(speed, isControlled, hasRam, dice, `${label}:dmg`, aud, t)
    const ctx = { label, move: n, guns: pack.classes[b.classKey]!.guns, audience: aud }
    next.ships[b.id] = applyRamDamage(b, dmg.damage, ctx, dice)
    const rams = {
      ship: a.id,
      text: `${a.name} rams ${b.name} ${q} at ${speed} knots (${isControlled ? 'ram attack' : 'uncontrolled'}): dice ${dmg.dice.join('+')} -> ${dmg.damage} SPV${next.ships[b.id]!.status === 'sunk' ? `; ${b.name} sinks` : `; ${BOTH_STOP}`}`,
      rule: '§11 L1063-1081',
    }
    lines.push(rams)
    const eff = rammerEffect(speed, dice, `${label}:onRammer`, aud, t)
    const r = applyRammerEffect(a, eff, hasRam, { ...ctx, guns: ca.guns }, dice, t)
    next.ships[a.id] = r.ship
    if (eff) lines.push({ ship: a.id, text: `${a.name} suffers from the blow: ${eff}`, rule: '§11 L1083-1101' })
    if (r.jam > 0) {
      // Locked together (§11 L1103-1111), neither backs off until the lock runs out.
      rams.text = rams.text.replace(`; ${BOTH_STOP}`, '; both stop')
      next.jams.push({ a: a.id, b: b.id, until: n + r.jam })
      lines.push({
        ship: a.id,
        text: `${a.name} and ${b.name} are locked together for ${r.jam} moves`,
        rule: '§11 L1103-1111',
      })
    }
  }
  lines.push(...dragUnderJammed(next))
  return { state: next, lines }
}

/** §11 L1111: a ship locked to one that sinks goes down with her (mutates `state`; returns what happened). */
export function dragUnderJammed(state: RiverState): { ship: string; text: string; rule: string }[] {
  const lines: { ship: string; text: string; rule: string }[] = []
  const down = (s: ShipState) => s.status === 'sunk' || s.status === 'exploded'
  for (const j of state.jams.filter((j) => j.until >= state.move)) {
    const [a, b] = [state.ships[j.a]!, state.ships[j.b]!]
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const)
      if (down(x) && !down(y)) {
        y.status = 'sunk'
        lines.push({ ship: y.id, text: `${y.name} is dragged under, locked to ${x.name}`, rule: '§11 L1111' })
      }
  }
  return lines
}

/** §9 L825-833 ruling RC-38: 1 a dud, 2 goes off early (20 SPV to the attacker), 3-6 sinks the target; then a torpedo boat (ram class A) is lost on 1-2. Mutates `state`. */
function sparAttack(
  state: RiverState,
  attacker: string,
  target: string,
  when: string,
  aud: Audience,
  dice: Dice,
  pack: RiverPack,
) {
  const t = pack.tables.sparTorpedo
  const a = state.ships[attacker]!
  const b = state.ships[target]!
  a.spar = 'used'
  const label = `m${state.move}:${attacker}:spar:${target}`
  const roll = dice.roll(label, 6, aud)
  const result = (t as unknown as Record<string, 'dud' | 'attackerSpv20' | 'sinks'>)[String(roll)]!
  const lines: { ship: string; text: string; rule: string }[] = []
  if (result === 'sinks') b.status = 'sunk'
  if (result === 'attackerSpv20') {
    a.spv = Math.max(0, a.spv - 20)
    if (a.spv === 0) a.status = 'sunk'
  }
  const what = {
    dud: 'fails to go off',
    attackerSpv20: `goes off too early: 20 SPV to ${a.name}`,
    sinks: `sinks ${b.name}`,
  }[result]
  lines.push({ ship: attacker, text: `${a.name}'s spar torpedo ${when} (${roll}) ${what}`, rule: '§9 L825-831' })
  // §9 L833 ruling RC-96: the small craft named there (and the spar boat, RC-38) risk themselves; a tug
  // of the same ram class fitted with a spar does not. A torpedo that did not go off (L827) risks no one.
  const craft = pack.classes[a.classKey]!.craft
  if (
    result !== 'dud' &&
    craft !== undefined &&
    t.smallCraft.includes(craft) &&
    a.status === 'afloat' &&
    t.smallCraftLostOn.includes(dice.roll(`${label}:self`, 6, aud))
  ) {
    a.status = 'sunk'
    lines.push({ ship: attacker, text: `${a.name} is lost in the blast`, rule: '§9 L833' })
  }
  return lines
}

/** A SPAR order whose torpedo did not go off this move (no bow contact with her target): her side is told why. */
export function unusedSpars(state: RiverState, orders: Record<string, ShipOrder>) {
  const out: { ship: string; text: string; rule: string }[] = []
  for (const [id, o] of Object.entries(orders)) {
    const s = state.ships[id]
    if (!o.spar || !s || s.spar !== 'fitted' || s.status !== 'afloat') continue
    const target = state.ships[o.spar]?.name ?? o.spar
    out.push({
      ship: id,
      text: `${s.name}'s spar torpedo is not used: her bow did not touch ${target} this move; the order stands only for this move`,
      rule: '§9 L821-833',
    })
  }
  return out
}
