// River and Coastal's house player: the judge at one side, reading only that side's view (view.ts)
// and the scenario's table every player has (the data pack). It writes the same lines a person
// does and leaves the steering to the game's own helm: each ship gets a directive (§4 ship orders,
// directives.ts) that the autopilot steers by, and a FIRE clause (§9) with no helm order, so the
// helm keeps her off land, shoals and known minefields. `cautious` holds each ship where she lies
// and fires at whatever comes in sight; `standard` plays to its objective cards (§6 L391-423): a
// side that must run ships through runs every ship for the far edge at full speed, clear of the
// minefield squares, firing at the ships its cards name; otherwise it closes with the ships its cards
// name (else the nearest) when the guns it can fire match theirs (counted by class), rams bow-on
// with a ship that has a ram (§11 L983), and makes for the enemy's end when no enemy is in sight.
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

/** The side's kept objective cards (§6 L391-423), as its view shows them to it. */
function keptObjectives(view: View, side: string): string[] {
  const objectives = (view.objectives as { side: string; kept: string[] }[] | undefined) ?? []
  return objectives.filter((o) => o.side === side).flatMap((o) => o.kept)
}

/**
 * §6 L391-423: whether the side's kept objective cards send it toward the enemy's end: running ships through
 * always; taking a fort, port or town, or destroying ships, while no enemy is in sight to fight.
 */
function advances(kept: string[], enemies: SeenShip[]): boolean {
  if (kept.some((k) => k.startsWith('RUN'))) return true
  return !enemies.length && kept.some((k) => /^(SECURE|LAND|DESTROY)/.test(k))
}

const ARMOURED = new Set(['armouredRiver', 'ironclad', 'heavyIronclad'])

/**
 * The enemy ships the side's destroy objectives name (§6): the enemy flagship (the one her fleet
 * commander is seen aboard, else the scenario's), armoured ships for the ironclad cards; none else.
 */
function quarry(pack: RiverPack, view: View, kept: string[], side: string, enemies: SeenShip[]): SeenShip[] {
  const wanted: SeenShip[] = []
  if (kept.includes('DESTROY_FLAGSHIP')) {
    const other = side === 'USA' ? 'CSA' : 'USA'
    const commanders = (view.commanders as { side: string; aboard?: string | null }[] | undefined) ?? []
    const id = commanders.find((c) => c.side === other)?.aboard ?? scenarioOf(pack, view)?.flagships[other as 'USA']
    wanted.push(...enemies.filter((e) => e.id === id))
  }
  if (kept.some((k) => /^DESTROY_\d_IRONCLAD/.test(k)))
    wanted.push(...enemies.filter((e) => ARMOURED.has(classOf(pack, e)?.category ?? '')))
  return wanted
}

/**
 * The far end of the table for a side, upstream (y at the table's length) for the Union, downstream
 * (y 0) for the Confederacy, on the ship's run line (runLine): the same point every move, so her
 * directive stands (§4 L183).
 */
function farEnd(ship: SeenShip, side: string, sc: Scenario | undefined): string {
  const length = sc ? sc.length / 1000 : 72
  return `${runLine(ship, side, sc)},${side === 'USA' ? Math.floor(length) : 0}`
}

/** A polygon's bounding box, in inches. */
function box(polygon: { x: number; y: number }[]) {
  const xs = polygon.map((p) => p.x / 1000)
  const ys = polygon.map((p) => p.y / 1000)
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }
}

/**
 * The x a runner steers up or down the table on: the one nearest where she was set up whose course
 * to the far end passes a clear inch from every minefield square (placed openly, ruling in the
 * scenario's table; only which are real is hidden) and from the land.
 */
function runLine(ship: SeenShip, side: string, sc: Scenario | undefined): number {
  const setUp = sc?.ships.find((x) => x.id === ship.id)
  const from = setUp ? { x: setUp.pos.x / 1000, y: setUp.pos.y / 1000 } : { x: ship.x, y: ship.y }
  if (!sc) return Math.round(from.x)
  const [y0, y1] = side === 'USA' ? [from.y, sc.length / 1000] : [0, from.y]
  const blocks = [...sc.minefields, ...sc.land].map((m) => box(m.polygon))
  const clear = (x: number) => !blocks.some((b) => x > b.x0 - 1 && x < b.x1 + 1 && y1 > b.y0 && y0 < b.y1)
  for (let d = 0; d <= sc.width / 1000; d++)
    for (const x of [Math.round(from.x) + d, Math.round(from.x) - d])
      if (x >= 1 && x <= sc.width / 1000 - 1 && clear(x)) return x
  return Math.round(from.x)
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
  const standard = plan.level === 'standard'
  const running = standard && plan.runs
  const prey = plan.quarry.length ? plan.quarry : plan.enemies
  const target = !running && standard && prey.length > 0 && plan.closes ? nearest(ship, prey, choice) : null
  // A runner patrols to the far edge and back to it: a patrol keeps her top speed, where STEAM-TO
  // would stop her short of the edge, so she crosses it and is run through (§6).
  const end = farEnd(ship, plan.side, plan.sc)
  const directive = target
    ? `ENGAGE ${target.id}`
    : running
      ? `PATROL ${end} ${end}`
      : standard && plan.run
        ? `STEAM-TO ${end}`
        : 'HOLD'
  const anchor = anchorClause(ship, plan)
  // A runner fires at the quarry her side wants destroyed when it is in sight, else at the nearest.
  const aim = target ?? (running && plan.quarry.length ? nearest(ship, plan.quarry, choice) : null)
  const clauses = [
    ...(anchor ?? []),
    ...(fire ? [aim ? `FIRE ALL AT ${aim.id} ELSE NEAREST` : 'FIRE ALL AT NEAREST'] : []),
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
  /** Whether every ship runs for the far end, firing as she goes: the side's cards want ships run through. */
  runs: boolean
  /** The enemy ships the side's objectives name, closed with first. */
  quarry: SeenShip[]
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
  const kept = keptObjectives(view, side)
  const plan: Plan = {
    side,
    level,
    enemies,
    closes: weight(pack, own, true) >= weight(pack, enemies, false) && own.some((s) => readyGuns(s) > 0),
    rams: new Set(own.filter((s) => classOf(pack, s)?.ramFitted).map((s) => s.id)),
    run: advances(kept, enemies),
    runs: kept.some((k) => k.startsWith('RUN')),
    quarry: quarry(pack, view, kept, side, enemies),
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
