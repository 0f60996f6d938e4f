// River and Coastal's house player: the judge at one side, reading only that side's view (view.ts)
// and the scenario's table every player has (the data pack). It writes the same lines a person
// does and leaves the steering to the game's own helm: each ship gets a directive (§4 ship orders,
// directives.ts) that the autopilot steers by, and a FIRE clause (§9) with no helm order, so the
// helm keeps her off land, shoals and known minefields. `cautious` holds each ship where she lies
// and fires at whatever comes in sight; `standard` plays to its objective cards (§6 L391-423): a
// side that must run ships through runs every ship for the far edge at full speed on lanes clear of
// the minefield squares, the land and the shoals, its armoured ships nearest an enemy fort to draw
// its fire and first through the passage, the others following in a column, each ship given a RAM
// when an enemy hull stands in her lane ahead so that her helm drives on past it (houseRoutes.ts),
// firing at the ships its cards name; otherwise it closes with the ships its cards name (else the
// nearest) when the guns it can fire match theirs (counted by class), its wooden ships other than
// the flagship whatever the odds, all of them after one quarry and round a belt of minefield squares,
// land or shoals by its gap (houseHunt.ts), rams bow-on with a ship that has a ram (§11 L983), keeps
// its flagship off the minefields, and makes for the enemy's end when no enemy is in sight. Its
// answers are in houseAnswers.ts.
import type { Choice, HouseLevel, HousePlayer, Question, View } from '../contract.ts'
import { standardAnswer } from './houseAnswers.ts'
import { focusOf, huntDirective } from './houseHunt.ts'
import { blocker, columnLeaders, FOLLOW_GAP, lanes, runDirective } from './houseRoutes.ts'
import {
  active,
  armoured,
  classOf,
  commanderOf,
  distance,
  flagshipOf,
  keptObjectives,
  nearest,
  otherSide,
  readyGuns,
  scenarioOf,
  type SeenShip,
} from './houseSeen.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'

/**
 * The weight of a side's guns as the side can judge it: its own guns fit to fire, and an enemy's
 * mounts by her class (which her silhouette shows), since her damage is not seen.
 */
function weight(pack: RiverPack, ships: SeenShip[], own: boolean): number {
  return ships.reduce((sum, s) => sum + (own ? readyGuns(s) : (classOf(pack, s)?.guns.length ?? 0)), 0)
}

/**
 * §6 L391-423: whether the side's kept objective cards send it toward the enemy's end: running ships through
 * always; taking a fort, port or town, or destroying ships, while no enemy is in sight to fight.
 */
function advances(kept: string[], enemies: SeenShip[]): boolean {
  if (kept.some((k) => k.startsWith('RUN'))) return true
  return !enemies.length && kept.some((k) => /^(SECURE|LAND|DESTROY)/.test(k))
}

/**
 * The enemy ships the side's destroy objectives name (§6): the enemy flagship once her flag is
 * known, armoured ships for the ironclad cards, every ship for the fleet card; the unarmoured first,
 * as the likelier kill.
 */
function quarry(pack: RiverPack, view: View, kept: string[], side: string, enemies: SeenShip[]): SeenShip[] {
  const flag = flagshipOf(view, otherSide(side))
  const wanted = enemies.filter(
    (e) =>
      (kept.includes('DESTROY_FLAGSHIP') && e.id === flag) ||
      (kept.some((k) => /^DESTROY_\d_IRONCLAD/.test(k)) && armoured(pack, e)) ||
      kept.includes('DESTROY_FLEET'),
  )
  const soft = wanted.filter((e) => !armoured(pack, e))
  return soft.length ? soft : wanted
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
 * standard side weighs whenever it has the spare crew to do it and is not holding where she lies,
 * the cautious one only when it must; null when she can do neither.
 */
function anchorClause(ship: SeenShip, plan: Plan, holding: boolean): string[] | null {
  if (!ship.anchored) return []
  const mustWeigh = Math.abs(ship.speed ?? 0) > plan.maxSpeedChange
  const canWeigh = (ship.crew?.spare ?? 0) > 0
  // A holding ship at anchor stays there: she rides out the current rather than drift with it.
  if (canWeigh && (mustWeigh || (plan.level === 'standard' && !holding))) return ['ANCHOR WEIGH']
  return mustWeigh ? null : ['SPEED 0']
}

/** Whether an enemy lies within `inches` of any minefield square: a ship chasing her there could drift onto one. */
function nearMines(sc: Scenario | undefined, e: SeenShip, inches: number): boolean {
  return (sc?.minefields ?? []).some((m) => {
    const xs = m.polygon.map((p) => p.x / 1000)
    const ys = m.polygon.map((p) => p.y / 1000)
    const dx = Math.max(Math.min(...xs) - e.x, 0, e.x - Math.max(...xs))
    const dy = Math.max(Math.min(...ys) - e.y, 0, e.y - Math.max(...ys))
    return Math.hypot(dx, dy) < inches
  })
}

/**
 * The enemy a standard ship closes with, or null: when the side's guns match the enemy's, or an
 * unarmoured ship its cards name is in sight, the nearest of the ships its cards name (the
 * unarmoured first, else all in sight). Its flagship, whose loss scores for the enemy
 * (§6), goes only for one within her rifles' medium reach (§9 L593-601) and clear of the minefields, where the current
 * could set her onto one (§9 L805-813: a mine strikes any ship).
 */
function targetOf(ship: SeenShip, plan: Plan, choice: Choice): SeenShip | null {
  if (plan.level !== 'standard' || plan.runs) return null
  if (plan.focus && expendable(ship, plan)) return plan.focus
  // An unarmoured ship the cards name is worth closing with whatever the odds: she is the likely kill.
  const soft = plan.quarry.filter((e) => !armoured(plan.pack, e))
  if (!plan.closes && !soft.length && !expendable(ship, plan)) return null
  const prey = soft.length ? soft : plan.quarry.length ? plan.quarry : plan.enemies
  if (ship.id !== plan.ownFlag) return prey.length ? nearest(ship, prey, choice) : null
  const near = prey.filter((e) => distance(ship, e) <= FLAG_REACH && !nearMines(plan.sc, e, MINE_BERTH))
  return near.length ? nearest(ship, near, choice) : null
}

/**
 * §6 L391-423: a wooden ship other than the flagship closes with the quarry her side's cards name
 * whatever the odds: her loss scores for the enemy only on the card that wants the whole fleet
 * destroyed, while the flagship's loss scores on his flagship card and an armoured ship's on his
 * ironclad cards; and her guns hurt an armoured quarry as they hurt any (§9: a hit does the gun's
 * damage, halved only by sloped armour).
 */
function expendable(ship: SeenShip, plan: Plan): boolean {
  return plan.quarry.length > 0 && ship.id !== plan.ownFlag && !armoured(plan.pack, ship)
}

/** Inches: how far the flagship goes after a quarry, and the berth she keeps from a minefield (§9 L805-813). */
const FLAG_REACH = 20
const MINE_BERTH = 5

/** How far she steams this move at the most: her speed and the change allowed, within her class's top speed (§7 L441). */
function reachOf(ship: SeenShip, plan: Plan): number {
  const top = classOf(plan.pack, ship)?.maxSpeed ?? 8
  return Math.max(1, Math.min(top, Math.abs(ship.speed ?? 0) + plan.maxSpeedChange))
}

/** Inches within which a ship with a ram runs at her quarry to ram her (§11 L983, L1031-1045). */
const RAM_REACH = 8

/** One ship's directive and order line. */
function shipLines(ship: SeenShip, plan: Plan, choice: Choice): string[] {
  const fire = readyGuns(ship) > 0
  const standard = plan.level === 'standard'
  const running = standard && plan.runs
  const target = targetOf(ship, plan, choice)
  const lane = plan.lanes.get(ship.id) ?? Math.round(ship.x)
  const end = `${lane},${plan.side === 'USA' ? Math.floor((plan.sc?.length ?? 72_000) / 1000) : 0}`
  const hunt = target ? huntDirective(ship, target, plan.sc, plan.rams.has(ship.id) ? RAM_REACH : null) : null
  const ramming = hunt?.rams ? target : null
  const directive = hunt
    ? hunt.directive
    : running && plan.leaders.has(ship.id)
      ? `FOLLOW ${plan.leaders.get(ship.id)} ${FOLLOW_GAP}`
      : running
        ? runDirective(ship, lane, plan.side, plan.sc, reachOf(ship, plan))
        : standard && plan.run && ship.id !== plan.ownFlag
          ? `STEAM-TO ${end}`
          : 'HOLD'
  const anchor = anchorClause(ship, plan, directive === 'HOLD')
  // A ship fires at the quarry her side wants destroyed when it is in sight, else at the nearest.
  const aim = target ?? (plan.quarry.length ? nearest(ship, plan.quarry, choice) : null)
  const clauses = [
    ...(anchor ?? []),
    ...(fire ? [aim ? `FIRE ALL AT ${aim.id} ELSE NEAREST` : 'FIRE ALL AT NEAREST'] : []),
    ...(ramming
      ? [`RAM ${ramming.id} FALLBACK SLOW`]
      : target && plan.rams.has(ship.id)
        ? ['RAM IF BOW-ON']
        : running && blocker(ship, lane, plan.side, plan.enemies)
          ? ['RAM']
          : []),
  ]
  const line = `${ship.id}:${clauses.length ? ` ${clauses.join('; ')}` : ''}`
  // An anchored ship that can neither stop nor weigh gets no line: she rides to her anchor.
  const lines = anchor ? [line] : []
  return takesDirective(ship, plan) ? [`DIRECTIVE ${ship.id} ${directive}`, ...lines] : lines
}

/** What the side decides for the whole move. */
interface Plan {
  pack: RiverPack
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
  /** The one enemy ship the side's hunters all go for, when its cards name one it can safely reach. */
  focus: SeenShip | null
  /** The ships fitted with a ram (§11 L983): only they try one, bow-on. */
  rams: Set<string>
  sc: Scenario | undefined
  move: number
  /** §7 L441: the most a ship's speed changes in a move. */
  maxSpeedChange: number
  /** The ship the side's fleet commander is aboard, when he lives. */
  flagship: string | null
  /** The side's own flagship, whose loss the enemy's flagship card scores. */
  ownFlag: string | null
  /** The x each ship runs up or down the table on. */
  lanes: Map<string, number>
  /** The runner each runner follows through the passage, when one leads her on her lane. */
  leaders: Map<string, string>
}

/** The side's move orders: a directive and a line for each ship, then its standing policies. */
function moveOrders(pack: RiverPack, view: View, side: string, level: HouseLevel, choice: Choice): string {
  const ships = (view.ships as SeenShip[]).filter(active)
  // A captain of a divided side orders his own ships; only the senior one writes POLICY ALL (RC-92).
  const captain = view.captain as { ships: string[]; senior: boolean } | undefined
  const own = ships.filter((s) => s.side === side && (!captain || captain.ships.includes(s.id)))
  const enemies = ships.filter((s) => s.side !== side)
  const kept = keptObjectives(view, side)
  const fc = commanderOf(view, side)
  const laneOf = lanes(pack, own, side, scenarioOf(pack, view))
  const runs = kept.some((k) => k.startsWith('RUN'))
  const rams = new Set(own.filter((s) => classOf(pack, s)?.ramFitted).map((s) => s.id))
  const wanted = quarry(pack, view, kept, side, enemies)
  const sc = scenarioOf(pack, view)
  const hunter = own.find((s) => rams.has(s.id)) ?? own[0]
  const plan: Plan = {
    pack,
    side,
    level,
    enemies,
    closes: weight(pack, own, true) >= weight(pack, enemies, false) && own.some((s) => readyGuns(s) > 0),
    rams,
    focus: level === 'standard' && !runs ? focusOf(pack, wanted, flagshipOf(view, otherSide(side)), hunter, sc) : null,
    run: advances(kept, enemies),
    runs,
    quarry: wanted,
    sc,
    move: view.move as number,
    maxSpeedChange: pack.tables.movement.maxSpeedChange,
    flagship: fc.alive && fc.aboard ? fc.aboard : null,
    ownFlag: flagshipOf(view, side),
    lanes: laneOf,
    leaders: runs && level === 'standard' ? columnLeaders(pack, own, side, laneOf) : new Map(),
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
    answer(view: View, question: Question, level: HouseLevel, choice: Choice): string {
      // The cautious side takes the book's default; the standard one chooses.
      if (level === 'cautious' || !question.options.length) return question.defaultOption
      return standardAnswer(pack, view, question, choice)
    },
  }
}
