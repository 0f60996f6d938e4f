// River and Coastal's house player: the judge at one side, reading only that side's view (view.ts)
// and the scenario's table every player has (the data pack). It writes the same lines a person
// does and leaves the steering to the game's own helm: each ship gets a directive (§4 ship orders,
// directives.ts) that the autopilot steers by, and a FIRE clause (§9) with no helm order, so the
// helm keeps her off land, shoals and known minefields. `cautious` holds each ship where she lies
// and fires at whatever comes in sight; `standard` plays to its objective cards (§6 L391-423): it
// closes with the enemy it sees when the guns it can fire match theirs (counted by class), rams
// bow-on with a ship that has a ram (§11 L983), and otherwise makes for the enemy's end of the table
// when its objectives send it there.
import type { Choice, HouseLevel, HousePlayer, Question, View } from '../contract.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'

/** A ship as a side's view shows her: own ships in full, enemy ships only where they stand. */
interface SeenShip {
  id: string
  side: string
  x: number
  y: number
  heading: number
  class: string
  status: string
  exited?: unknown
  guns?: Record<string, { status: string; crewed: boolean }>
  anchored?: boolean
  speed?: number
  captain?: { quality: string; alive: boolean }
  crew?: { spare: number }
}

/** Whether a ship can still take orders: afloat and on the table. */
const active = (s: SeenShip) => s.status === 'afloat' && !s.exited

/** Guns fit to fire, from the own ship's view. */
const readyGuns = (s: SeenShip) => Object.values(s.guns ?? {}).filter((g) => g.status === 'ok' && g.crewed).length

const classOf = (pack: RiverPack, s: SeenShip) => Object.values(pack.classes).find((c) => c.name === s.class)

/**
 * The weight of a side's guns as the side can judge it: its own guns fit to fire, and an enemy's
 * mounts by her class (which her silhouette shows), since her damage is not seen.
 */
function weight(pack: RiverPack, ships: SeenShip[], own: boolean): number {
  return ships.reduce((sum, s) => sum + (own ? readyGuns(s) : (classOf(pack, s)?.guns.length ?? 0)), 0)
}

const distance = (a: SeenShip, b: SeenShip) => Math.hypot(a.x - b.x, a.y - b.y)

function scenarioOf(pack: RiverPack, view: View): Scenario | undefined {
  return Object.values(pack.scenarios).find((s) => s.title === view.scenario)
}

/** The nearest enemy in sight, ties broken by the choice source. */
function nearest(ship: SeenShip, enemies: SeenShip[], choice: Choice): SeenShip {
  const best = Math.min(...enemies.map((e) => distance(ship, e)))
  const near = enemies.filter((e) => distance(ship, e) === best)
  return near[choice.below(near.length, `target for ${ship.id}`)]!
}

/**
 * §6 L391-423: whether the side's kept objective cards send it toward the enemy's end: running ships through
 * always; taking a fort, port or town, or destroying ships, while no enemy is in sight to fight.
 */
function advances(view: View, side: string, enemies: SeenShip[]): boolean {
  const objectives = (view.objectives as { side: string; kept: string[] }[] | undefined) ?? []
  const kept = objectives.filter((o) => o.side === side).flatMap((o) => o.kept)
  if (kept.some((k) => k.startsWith('RUN'))) return true
  return !enemies.length && kept.some((k) => /^(SECURE|LAND|DESTROY)/.test(k))
}

/** The far end of the table for a side: upstream for the Union, downstream for the Confederacy. */
function farEnd(ship: SeenShip, side: string, sc: Scenario | undefined): string {
  const length = sc ? sc.length / 1000 : 72
  const y = side === 'USA' ? Math.max(1, Math.floor(length) - 2) : 2
  return `${Math.round(ship.x)},${y}`
}

/**
 * §4 L171, L183: after move 1 only the fleet commander changes a Stubborn or Reckless captain's
 * directive (by a signal the flagship must see); such a ship keeps hers, and is given targets only.
 */
function takesDirective(ship: SeenShip, plan: Plan): boolean {
  const q = ship.captain
  return plan.move <= 1 || plan.flagship === ship.id || !q || !q.alive || q.quality === 'intelligent'
}

/**
 * §12 L1143: an anchored ship under way must weigh; a stopped one may stay (SPEED 0). The
 * standard side weighs whenever it has the spare crew to do it, the cautious one only when it must;
 * null when she can do neither.
 */
function anchorClause(ship: SeenShip, plan: Plan): string[] | null {
  if (!ship.anchored) return []
  const mustWeigh = Math.abs(ship.speed ?? 0) > plan.maxSpeedChange
  const canWeigh = (ship.crew?.spare ?? 0) > 0
  if (canWeigh && (mustWeigh || plan.level === 'standard')) return ['ANCHOR WEIGH']
  return mustWeigh ? null : ['SPEED 0']
}

/** One ship's directive and order line. */
function shipLines(ship: SeenShip, plan: Plan, choice: Choice): string[] {
  const fire = readyGuns(ship) > 0
  const engage = plan.enemies.length > 0 && plan.level === 'standard' && plan.closes
  const target = engage ? nearest(ship, plan.enemies, choice) : null
  const directive = target
    ? `ENGAGE ${target.id}`
    : plan.level === 'standard' && plan.run
      ? `STEAM-TO ${farEnd(ship, plan.side, plan.sc)}`
      : 'HOLD'
  const anchor = anchorClause(ship, plan)
  const clauses = [
    ...(anchor ?? []),
    ...(fire ? [target ? `FIRE ALL AT ${target.id} ELSE NEAREST` : 'FIRE ALL AT NEAREST'] : []),
    ...(target && plan.rams.has(ship.id) ? ['RAM IF BOW-ON'] : []),
  ]
  const line = `${ship.id}:${clauses.length ? ` ${clauses.join('; ')}` : ''}`
  // An anchored ship that can neither stop nor weigh gets no line: she rides to her anchor.
  const lines = anchor ? [line] : []
  return takesDirective(ship, plan) ? [`DIRECTIVE ${ship.id} ${directive}`, ...lines] : lines
}

/** What the side decides for the whole move. */
interface Plan {
  side: string
  level: HouseLevel
  enemies: SeenShip[]
  /** Whether to close: its guns fit to fire at least match the guns it sees on the enemy. */
  closes: boolean
  /** Whether ships with no enemy to close make for the far end. */
  run: boolean
  /** The ships fitted with a ram (§11 L983): only they try one, bow-on. */
  rams: Set<string>
  sc: Scenario | undefined
  move: number
  /** §7 L441: the most a ship's speed changes in a move. */
  maxSpeedChange: number
  /** The ship the side's fleet commander is aboard, when he lives. */
  flagship: string | null
}

function flagshipOf(view: View, side: string): string | null {
  const commanders = (view.commanders as { side: string; alive: boolean; aboard?: string | null }[] | undefined) ?? []
  const fc = commanders.find((c) => c.side === side)
  return fc?.alive && fc.aboard ? fc.aboard : null
}

/** The side's move orders: a directive and a line for each ship, then its standing policies. */
function moveOrders(pack: RiverPack, view: View, side: string, level: HouseLevel, choice: Choice): string {
  const ships = (view.ships as SeenShip[]).filter(active)
  // A captain of a divided side orders his own ships; only the senior one writes POLICY ALL (RC-92).
  const captain = view.captain as { ships: string[]; senior: boolean } | undefined
  const own = ships.filter((s) => s.side === side && (!captain || captain.ships.includes(s.id)))
  const enemies = ships.filter((s) => s.side !== side)
  const plan: Plan = {
    side,
    level,
    enemies,
    closes: weight(pack, own, true) >= weight(pack, enemies, false) && own.some((s) => readyGuns(s) > 0),
    rams: new Set(own.filter((s) => classOf(pack, s)?.ramFitted).map((s) => s.id)),
    run: advances(view, side, enemies),
    sc: scenarioOf(pack, view),
    move: view.move as number,
    maxSpeedChange: pack.tables.movement.maxSpeedChange,
    flagship: flagshipOf(view, side),
  }
  const lines = own.flatMap((s) => shipLines(s, plan, choice))
  const policies = !captain || captain.senior ? ['POLICY ALL ON NO-ORDERS: DIRECTIVE', STANDING[level]] : []
  return [...lines, ...policies].join('\n')
}

/** A cautious ship turns away from a failed ram; a standard one presses on slowly. */
const STANDING: Record<HouseLevel, string> = {
  cautious: 'POLICY ALL ON RAM-FAILED: TURN-AWAY',
  standard: 'POLICY ALL ON RAM-FAILED: SLOW',
}

/** §6.3 hidden deployment: each ship where the scenario sets her, at her heading, stopped. */
function deploymentOrders(view: View, side: string): string {
  const captain = view.captain as { ships: string[] } | undefined
  return (view.ships as SeenShip[])
    .filter((s) => s.side === side && s.status === 'afloat' && (!captain || captain.ships.includes(s.id)))
    .map((s) => `${s.id}: AT ${s.x},${s.y} HEADING ${s.heading}`)
    .join('\n')
}

export function riverCoastalHouse(pack: RiverPack): HousePlayer {
  return {
    orders(view: View, role: string, level: HouseLevel, choice: Choice): string {
      const side = role.slice(0, 3).toUpperCase()
      if (side !== 'USA' && side !== 'CSA') throw new Error(`River and Coastal has no role ${role}`)
      if (view.phase === 'deployment') return deploymentOrders(view, side)
      return moveOrders(pack, view, side, level, choice)
    },
    answer(_view: View, question: Question, level: HouseLevel, choice: Choice): string {
      // The cautious side takes the book's default; the standard one any option the question offers.
      if (level === 'cautious' || !question.options.length) return question.defaultOption
      const i = choice.below(question.options.length, `answer ${question.decisionId}`)
      return question.options[i]!.id
    },
  }
}
