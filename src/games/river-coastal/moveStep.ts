// Steps 1-4 of a move (digest §1.3): refloat attempts, ram tests, movement in sub-steps with hazard
// dice, then the results of rams and collisions. Narrative is written later by the caller, once it
// knows who could see what; this step returns facts.
import type { Audience, Dice } from '../contract.ts'
import { angleDiff, normalise } from '../kit/geometry.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { applyHit } from './damage.ts'
import type { Contact, HazardEntry, HazardOutcome, Mover } from './movement.ts'
import { simulateMove } from './movement.ts'
import { commanded } from './fleetCommand.ts'
import type { Pose } from './hull.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { buildPlan, forcedSteering, type PlottedTurn, type Steering } from './plan.ts'
import { shipFacts, standing } from './policies.ts'
import { ramTest } from './ramming.ts'
import type { Scenario } from './scenario.ts'
import { bearingFrom } from './sight.ts'
import { canMove, maxSpeedNow, type ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'
import { radiusOf } from './radius.ts'
import { towPairs, towSpeedCap } from './towing.ts'
import { assisting } from './upkeep.ts'
import { balloonSpeed, setBalloons } from './balloons.ts'
import { tryChain } from './smallCraft.ts'
import { wreckHazards } from './wrecks.ts'

export interface MoveFacts {
  lines: { ship: string; text: string; rule: string }[]
  contacts: Contact[]
  /** Ships whose ram attack is controlled this move (test passed or none needed). */
  controlled: Set<string>
  /** Ships stopped during the move (ram, grounding, held against a hull): they end it at speed 0. */
  stopped: string[]
  /** Poses at the end of each quarter of the move. */
  quarters: Record<string, Pose>[]
}

/** A roll about a ship: its own side always; the enemy too if it saw the ship at the start of the move. */
export function rollAudience(state: RiverState, ship: ShipState): Audience {
  const enemy = ship.side === 'USA' ? 'CSA' : 'USA'
  return state.seen[enemy].includes(ship.id) ? PUBLIC : onlyRoles(ship.side)
}

/** The speed and steering a ship really gets: damage and crew override the plotted order (digest §1.3 step 0). */
function effectiveOrder(
  s: ShipState,
  o: ShipOrder,
  move: number,
  pack: RiverPack,
): { speed: number; steering: Steering } {
  const c = pack.classes[s.classKey]!
  const active = s.effects.filter((e) => e.until === 'game' || e.until >= move)
  const steer = forcedSteering(s.effects, move)
  if (s.status !== 'afloat' || !canMove(s, c.maxSpeed, move)) {
    // §9 table 3 L767: a destroyed boiler slows the ship 2 knots a move to a stop.
    const coasting = active.some((e) => e.kind === 'boilerDestroyed')
      ? Math.max(0, Math.abs(s.speed) - 2) * Math.sign(s.speed)
      : 0
    return { speed: s.status === 'afloat' ? coasting : 0, steering: steer }
  }
  const max = maxSpeedNow(s, c.maxSpeed, move)
  return { speed: Math.max(-max, Math.min(max, o.speed)), steering: steer }
}

interface Moving {
  state: RiverState
  next: RiverState
  orders: Record<string, ShipOrder>
  sc: Scenario
  dice: Dice
  pack: RiverPack
  facts: MoveFacts
  say: (ship: string, text: string, rule: string) => void
}

/** §8 L497-513: one refloat attempt a move for a ship aground (ruling RC-18); it floats free next move. */
function refloat(m: Moving) {
  const { state, next, orders, dice, pack, say } = m
  const t = pack.tables
  const n = state.move
  for (const [id, a] of Object.entries(next.aground).sort(([x], [y]) => (x < y ? -1 : 1))) {
    const s = next.ships[id]!
    if (a.kind === 'land' || a.attemptsLeft <= 0 || s.status !== 'afloat') continue
    // §8 L499, L513: a friend alongside gives a sandbar eight attempts in all, stakes four at 5-6 (ruling RC-59).
    const helped = assisting(state, state.ships[id]!, orders[id]?.assist, pack)
    if (a.kind === 'wreck') {
      // §8 L531 ruling RC-20: two attempts off a wreck, each on a 6, and no help; then she is there for good.
      a.attemptsLeft--
      if (t.hazards.wreck.freeOn.includes(dice.roll(`m${n}:${id}:refloat`, 6, rollAudience(state, s)))) {
        delete next.aground[id]
        s.aground = false
        say(id, `${s.name} works clear of the wreck`, '§8 L531')
      } else say(id, `${s.name} stays snagged (${a.attemptsLeft} attempts left)`, '§8 L531')
      continue
    }
    const bar = a.kind === 'stakes' ? t.hazards.stakes : t.hazards.sandbar
    if (helped && !a.assisted) {
      a.attemptsLeft += bar.attemptsAssisted - bar.attempts
      a.assisted = true
    }
    const on: number[] = helped && a.kind === 'stakes' ? t.hazards.stakes.assistedRefloatOn : bar.refloatOn
    if (helped) say(id, `${state.ships[orders[id]!.assist!]!.name} helps ${s.name} off`, '§8 L499, L513')
    a.attemptsLeft--
    if (on.includes(dice.roll(`m${n}:${id}:refloat`, 6, rollAudience(state, s)))) {
      delete next.aground[id]
      s.aground = false
      say(id, `${s.name} backs off and floats free`, '§8 L497')
    } else say(id, `${s.name} fails to get off (${a.attemptsLeft} attempts left)`, '§8 L497')
  }
}

/** §12 L1143: anchors go down or come up at the start of the move, with a CPV to work them (not used up); the order is refused at receipt when she has none (orderClauses.ts). */
function workAnchors(m: Moving, onTable: ShipState[]) {
  const { orders, say } = m
  for (const s of onTable) {
    const a = orders[s.id]?.anchor
    const hands = s.crew.spare + s.crew.engine + s.crew.boiler + Object.values(s.guns).filter((g) => g.crewed).length
    if (a === 'DROP' && hands > 0 && s.status === 'afloat') {
      s.anchored = true
      say(s.id, `${s.name} drops anchor`, '§12 L1143')
    } else if (a === 'WEIGH' && hands > 0) {
      s.anchored = false
      say(s.id, `${s.name} weighs anchor`, '§12 L1143')
    } else if (a && s.status === 'afloat') say(s.id, `${s.name} has no CPV left to work the anchor`, '§12 L1143')
  }
}

/** Ruling RC-49: a tow carries her friend; the pair goes at half the tow's speed. */
function takeTows(m: Moving) {
  const { next, orders, pack, say } = m
  const { pairs: tows, ended } = towPairs(next, orders, pack)
  for (const e of ended) {
    delete next.ships[e.tow]!.towing
    const [a, b] = [next.ships[e.tow]!.name, next.ships[e.towed]!.name]
    say(e.tow, e.how === 'cast off' ? `${a} casts off ${b}` : `the tow between ${a} and ${b} parts`, 'ruling RC-49')
  }
  for (const [towed, tow] of tows) {
    const again = next.ships[tow]!.towing === towed
    next.ships[tow]!.towing = towed
    say(tow, `${next.ships[tow]!.name} ${again ? 'has' : 'takes'} ${next.ships[towed]!.name} in tow`, 'ruling RC-49')
  }
  return tows
}

/** Step 2, §11 L995-997: a ram attack on a named ship is tested before anything moves; a failed test sheers her off (L989). */
function testRam(
  m: Moving,
  s: ShipState,
  o: ShipOrder,
  course: { speed: number; steering: Steering; turns: PlottedTurn[] },
) {
  const { state, next, dice, pack, facts, say } = m
  const t = pack.tables
  const n = state.move
  let { speed, steering, turns } = course
  const target = o.ram?.target ? next.ships[o.ram.target] : undefined
  if (o.ram && s.status === 'afloat') {
    if (!target || target.status !== 'afloat') facts.controlled.add(s.id)
    else {
      const c = pack.classes[s.classKey]!
      const hasRam = c.ramFitted && !s.ramLost
      const r = ramTest(
        commanded(state, s),
        c.ramClass,
        hasRam,
        target,
        pack.classes[target.classKey]!.ramClass,
        dice,
        `m${n}:${s.id}:ramTest`,
        rollAudience(state, s),
        t,
      )
      if (r.pass) {
        facts.controlled.add(s.id)
        say(
          s.id,
          `${s.name} ${r.tested ? `passes her ram test (${r.roll}, total ${r.total})` : `needs no ram test (${r.reason})`}`,
          '§11 L997',
        )
      } else {
        // §11 L989: a failed test means doing everything to avoid the target.
        say(
          s.id,
          `${s.name} fails her ram test${r.tested ? ` (${r.roll}, total ${r.total})` : ` (${r.reason})`} and sheers off`,
          '§11 L989',
        )
        const fallback = standing(state.policies[s.side], 'RAM-FAILED', s.id, shipFacts(s, n, true), o.ram.fallback)
        speed = Math.max(0, speed - t.movement.maxSpeedChange)
        if (fallback === 'TURN-AWAY') {
          steering = bearingFrom(s.pose, target.pose.pos) > 0 ? 'hardPort' : 'hardStarboard'
          turns = []
        }
      }
    }
  }
  return { speed, steering, turns }
}

/** Each ship on the table as the movement takes her: her speed and plan after the ram test, a tow's cap and a balloon's. */
function moversOf(m: Moving, onTable: ShipState[], tows: Map<string, string>): Mover[] {
  const { next, orders, pack } = m
  const t = pack.tables
  const n = m.state.move
  const towing = new Set(tows.values())
  const movers: Mover[] = []
  for (const s of onTable) {
    // The ship in tow makes no way of her own: she is carried by the tow and meets what lies on the way (RC-72).
    if (tows.has(s.id)) {
      s.speed = 0
      const c = pack.classes[s.classKey]!
      movers.push({
        id: s.id,
        pose: s.pose,
        hull: { length: c.length, beam: c.beam },
        plan: buildPlan(0, radiusOf(s, pack), [], 'free'),
        speed: 0,
        spv: s.spv,
        draught: s.draught,
        held: false,
        towedBy: tows.get(s.id)!,
      })
      continue
    }
    const o = orders[s.id] ?? { ship: s.id, speed: s.speed, turns: [], fire: [], turrets: {} }
    const ram = testRam(m, s, o, { ...effectiveOrder(s, o, n, pack), turns: o.turns })
    const { steering, turns } = ram
    let speed = ram.speed
    if (towing.has(s.id)) {
      const cap = towSpeedCap(maxSpeedNow(s, pack.classes[s.classKey]!.maxSpeed, n))
      speed = Math.max(-cap, Math.min(cap, speed))
    }
    speed = balloonSpeed(s, speed, t) // §7 L483: at most 3 knots towing an inflated balloon
    const jammed = next.jams.some((j) => j.until >= n && (j.a === s.id || j.b === s.id))
    const c = pack.classes[s.classKey]!
    s.speed = speed
    movers.push({
      id: s.id,
      pose: s.pose,
      hull: { length: c.length, beam: c.beam },
      plan: buildPlan(speed, radiusOf(s, pack), turns, steering),
      speed,
      spv: s.spv,
      draught: s.draught,
      held: s.id in next.aground || jammed || s.anchored,
    })
  }
  return movers
}

/** The movement's question at each hazard a ship meets: a mine's throw, a wreck, a chain, a shoal's throw. */
function hazardCheck(
  m: Moving,
  tows: Map<string, string>,
  mineDamage: { ship: string; damage: number; field: string }[],
) {
  const { state, next, sc, dice, pack } = m
  const t = pack.tables
  const n = state.move
  return (e: HazardEntry): HazardOutcome => {
    const s = next.ships[e.ship]!
    const aud = rollAudience(state, s)
    if (e.kind === 'mine') {
      const field = sc.minefields.find((m) => m.id === e.hazard)!
      // Ruling RC-37: a dummy is never rolled for, so "no explosion" tells the enemy nothing.
      if (!field.real) return 'pass'
      const r = t.mine[String(dice.roll(`m${n}:${s.id}:${field.id}:mine`, 6, onlyRoles(field.owner))) as '1']
      if (r === 'sinks') return 'sunk'
      if (r === 'spv20' || r === 'spv30') mineDamage.push({ ship: s.id, damage: Number(r.slice(3)), field: field.id })
      return 'pass'
    }
    // §8 L529-531 ruling RC-20: a ship crossing a sunken vessel is always snagged.
    if (e.kind === 'wreck') return 'stuck'
    // §8 L525 rulings RC-19, RC-74: only a submarine, David or torpedo boat under way at 4 knots may try.
    if (e.kind === 'chain') return tryChain(s, pack.classes[s.classKey]!, tows.has(s.id), dice, e.hazard, aud, t, n)
    const table = e.kind === 'stakes' ? t.hazards.stakes : t.hazards.sandbar
    const shallow = s.draught <= t.hazards.shallowDraughtMaxFt * 10
    const roll = dice.roll(`m${n}:${s.id}:${e.hazard}:aground`, 6, aud)
    return (shallow ? table.stuckShallow : table.stuckDeep).includes(roll) ? 'stuck' : 'pass'
  }
}

/** What the movement did: new places, the anchored swinging, ships off the table, groundings, mines. */
function afterMove(
  m: Moving,
  moved: ReturnType<typeof simulateMove>,
  onTable: ShipState[],
  mineDamage: { ship: string; damage: number; field: string }[],
) {
  const { state, next, dice, pack, say } = m
  const t = pack.tables
  const n = state.move
  for (const [id, pose] of Object.entries(moved.poses)) next.ships[id]!.pose = pose
  // §12 L1143 ruling RC-47: a ship under 60 SPV at anchor swings bow into the current, 90 degrees a move at most.
  for (const s of onTable)
    if (s.anchored && s.spv < t.anchor.swingBelowSpv) {
      const swing = t.anchor.swingDegreesPerMove * 100
      const d = angleDiff(s.pose.heading, 0)
      next.ships[s.id]!.pose = { ...s.pose, heading: normalise(s.pose.heading + Math.max(-swing, Math.min(swing, d))) }
    }
  for (const [id, edge] of Object.entries(moved.exited)) {
    next.exited[id] = edge
    say(id, `${next.ships[id]!.name} leaves the table ${edge}`, 'digest §3.5')
  }
  for (const h of moved.hazards) {
    const s = next.ships[h.ship]!
    if (h.kind === 'chain') {
      say(
        s.id,
        `${s.name} ${h.outcome === 'pass' ? 'gets over' : 'is stopped at'} the chain ${h.hazard}`,
        '§8 L523-527',
      )
      continue
    }
    if (h.kind === 'mine' && h.outcome === 'sunk') {
      s.status = 'sunk'
      say(s.id, `a torpedo explodes under ${s.name}: she sinks`, '§9 L819')
    } else if (h.outcome === 'stuck') {
      next.aground[s.id] = {
        kind: h.kind === 'land' || h.kind === 'stakes' || h.kind === 'wreck' ? h.kind : 'sandbar',
        attemptsLeft:
          h.kind === 'wreck'
            ? t.hazards.wreck.attempts
            : h.kind === 'stakes'
              ? t.hazards.stakes.attempts
              : t.hazards.sandbar.attempts,
      }
      s.aground = true
      s.morale.push('aground')
      say(s.id, `${s.name} runs aground on ${h.hazard}${h.kind === 'land' ? ' (hard on the shore)' : ''}`, '§8 L491')
    } else if (h.kind !== 'mine') say(s.id, `${s.name} passes ${h.hazard} without grounding`, '§8 L491')
  }
  for (const m of mineDamage) {
    const s = next.ships[m.ship]!
    if (s.status !== 'afloat') continue
    const c = pack.classes[s.classKey]!
    const hit = applyHit(
      s,
      m.damage,
      { label: `m${n}:${s.id}:${m.field}`, move: n, guns: c.guns, audience: rollAudience(state, s) },
      dice,
      t,
    )
    next.ships[m.ship] = hit.ship
    say(s.id, `a torpedo explodes against ${s.name}: ${m.damage} SPV`, '§9 L815-817')
  }
}

export function runMovement(
  state: RiverState,
  orders: Record<string, ShipOrder>,
  sc: Scenario,
  dice: Dice,
  pack: RiverPack,
): { state: RiverState; facts: MoveFacts } {
  const t = pack.tables
  const next: RiverState = structuredClone(state)
  const facts: MoveFacts = { lines: [], contacts: [], controlled: new Set(), stopped: [], quarters: [] }
  const say = (ship: string, text: string, rule: string) => facts.lines.push({ ship, text, rule })
  const m: Moving = { state, next, orders, sc, dice, pack, facts, say }
  const onTable = Object.values(next.ships).filter(
    (s) => s.status !== 'sunk' && s.status !== 'exploded' && !(s.id in next.exited),
  )
  refloat(m)
  workAnchors(m, onTable)
  // §7 L483-485 ruling RC-73: balloons go up or come down at the start of the move.
  facts.lines.push(...setBalloons(next, orders))
  const tows = takeTows(m)
  const movers = moversOf(m, onTable, tows)
  const mineDamage: { ship: string; damage: number; field: string }[] = []
  const check = hazardCheck(m, tows, mineDamage)
  const moved = simulateMove(
    movers,
    {
      width: sc.width,
      length: sc.length,
      land: sc.land,
      hazards: [...sc.hazards, ...wreckHazards(state)],
      minefields: sc.minefields,
      current: sc.current,
    },
    {
      maxStep: inches(t.movement.subStepMaxInches),
      minSubSteps: t.movement.minSubSteps,
      shoreBuffer: inches(t.hazards.shoreBufferInches),
      minRamAngle: t.ramming.minAngleDegrees * 100,
      halfDriftFromSpv: t.movement.driftHalfFromSpv,
    },
    check,
  )
  afterMove(m, moved, onTable, mineDamage)
  facts.contacts = moved.contacts
  facts.stopped = Object.keys(moved.stopped)
  facts.quarters = moved.quarters
  return { state: next, facts }
}
