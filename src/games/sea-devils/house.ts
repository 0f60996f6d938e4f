// Sea Devils' house player: the judge at one side, reading only that side's view (view.ts) and the
// map and tables every player has (the data pack). `cautious` holds: Confederate ships keep their
// place, the Federal deploys what the track gives and keeps its ships where they are. `standard`
// plays to the victory conditions (12.1): raiders go where the raid table's expected merchant loss
// is highest and no Federal ship was seen, hunters sail for where a raider was last seen.
import type { Choice, HouseLevel, HousePlayer, Question, View } from '../contract.ts'
import type { SeaDevilsPack } from './pack.ts'
import { homewardLine, inPortLine, type OwnShip, positionFromView, wantsRefit } from './housePorts.ts'
import { contextFor, type Ctx, neighbours, type SdState, typeClass } from './state.ts'
import { raidLoss } from './tables.ts'

interface FederalEntry {
  id: string
  type: string
  loc: string
  area: string | null
  damage: number
  spent: number
  availability: number | null
  fleet: string | null
  blockading: string | null
}

interface Seen {
  id: string
  status: string
  lastSeen: { turn: number; area: string } | null
}

/** The scenario the view names, for the map and the tables. */
function ctxOf(pack: SeaDevilsPack, view: View): Ctx {
  const sc = pack.scenarios.find((s) => s.title === view.scenario) ?? pack.scenarios[0]!
  return contextFor(pack, sc.id)
}

/** 5.11: the raid table's mean loss at an area's density (whaling grounds count at their mean density). */
function expectedLoss(ctx: Ctx, area: string): number {
  const a = ctx.area(area)
  let sum = 0
  for (let die = 1; die <= 6; die++) sum += raidLoss(ctx.pack.tables, die, a.density)
  return sum / 6
}

/** 5.41, 5.43: whether a ship of this class may raid the area at all. */
function mayRaid(ctx: Ctx, ship: OwnShip, area: string): boolean {
  const cls = typeClass(ship.type)
  if (cls === 'IC' || !ship.commissioned || ship.cannotRaidUntilRefit) return false
  if ((cls === 'GB' || cls === 'AUX') && ctx.area(area).kind === 'D') return false
  return !(cls === 'AUX' && ctx.area(area).density < 1)
}

/** The best raid among `areas` (no Federal ship seen there), ties broken by the choice source. */
function bestRaid(ctx: Ctx, ship: OwnShip, areas: string[], watched: Set<string>, choice: Choice): string | null {
  const open = areas.filter((a) => mayRaid(ctx, ship, a) && !watched.has(a) && expectedLoss(ctx, a) > 0)
  if (!open.length) return null
  const top = Math.max(...open.map((a) => expectedLoss(ctx, a)))
  const best = open.filter((a) => expectedLoss(ctx, a) === top)
  return best[choice.below(best.length, `raid area for ${ship.id}`)]!
}

/** One Confederate ship's record line for the standard level: port business first, then a raid, or STAY. */
function raiderLine(ctx: Ctx, sea: Sea, ship: OwnShip, choice: Choice): string {
  const here = ship.area!
  const mp = ship.ma - ship.damage
  if (ship.port !== null) {
    const business = inPortLine(ctx, sea.pos, ship, sea.commissioned)
    if (business) return business
  } else if (wantsRefit(ship)) return homewardLine(ctx, sea.pos, ship) ?? `${ship.id}: STAY`
  // A blockaded ship runs past its blockaders (7.21, 1 MP); a free one leaves a neutral port at no cost.
  const leave =
    ship.port === null ? [] : ship.port === 'CSA' ? ['RUN-OUT'] : [sea.blockaded.has(ship.id) ? 'RUN' : 'LEAVE-PORT']
  const cost = leave[0] === 'LEAVE-PORT' ? 0 : leave.length
  const reach = mp - cost >= 2 ? [here, ...neighbours(ctx, here)] : [here]
  const target = bestRaid(ctx, ship, reach, sea.watched, choice)
  if (!target || mp - cost < (target === here ? 1 : 2)) return `${ship.id}: STAY`
  const steps = target === here ? ['RAID'] : [`MOVE ${target} +RAID`]
  return `${ship.id}: ${[...leave, ...steps].join(', ')}`
}

/** What the Confederate house knows of the sea this turn, from its view. */
interface Sea {
  pos: SdState
  watched: Set<string>
  blockaded: Set<string>
  /** Whether this record already commissions a ship in a neutral port (10.51: one a year). */
  commissioned: { neutral: boolean }
}

function confederateOrders(ctx: Ctx, view: View, level: HouseLevel, choice: Choice): string {
  // 10.52: a ship arriving under a forced move to repair takes no orders on its arrival turn.
  const own = ((view.confederate as OwnShip[] | undefined) ?? []).filter(
    (s) => s.status === 'map' && s.area && !(ctx.ship(s.id).arrivalRepairIn && s.arrivedTurn === (view.turn as number)),
  )
  const federal = (view.federal as FederalEntry[]).filter((u) => u.loc === 'map' && u.area)
  const sea: Sea = {
    pos: positionFromView(ctx, view),
    watched: new Set(federal.map((u) => u.area!)),
    blockaded: new Set(federal.filter((u) => u.blockading).map((u) => u.blockading!)),
    commissioned: { neutral: false },
  }
  const lines = own.map((s) => (level === 'cautious' ? `${s.id}: STAY` : raiderLine(ctx, sea, s, choice)))
  return [...lines, STANDING.confederate[level]].join('\n')
}

/**
 * The standing orders each level files with every mail (4.42; a later one replaces the earlier): the
 * cautious raider runs for port or escapes, the standard one fights when its gunnery is the greater;
 * the standard hunter contests an escape it can match for speed, the cautious one lets it go.
 */
const STANDING = {
  confederate: {
    cautious: 'POLICY ALL ON SPOTTED: PORT; ESCAPE',
    standard: 'POLICY ALL ON SPOTTED: FIGHT IF my.gun > foe.gun; ESCAPE',
  },
  federal: {
    cautious: 'POLICY ALL ON ESCAPE-ATTEMPT: LETGO',
    standard: 'POLICY ALL ON ESCAPE-ATTEMPT: CONTEST IF my.speed >= foe.speed; LETGO',
  },
} as const

/**
 * 10.4, 10.42: the ships the track's points allow, per type: those on the map first (they stay where
 * they are), then the Available Pool's, in the view's order. The Pacific and Stonewall fleets need no
 * deployment (11.2, 11.62); a ship with no availability left cannot be chosen (10.1).
 */
function deployments(view: View): string[] {
  const points = { ...(view.deployTrack as Record<string, number>) }
  const federal = view.federal as FederalEntry[]
  const lines: string[] = []
  for (const u of [...federal.filter((x) => x.loc === 'map'), ...federal.filter((x) => x.loc === 'AP')]) {
    if (u.fleet || !(points[u.type]! > 0) || (u.availability ?? 0) - u.spent <= 0) continue
    points[u.type]! -= 1
    lines.push(`DEPLOY ${u.id}`)
  }
  return lines
}

/** The shortest way from `from` to `to` over the map, without its first area. */
function pathTo(ctx: Ctx, from: string, to: string): string[] {
  const back = new Map<string, string>([[from, from]])
  const queue = [from]
  while (queue.length) {
    const at = queue.shift()!
    if (at === to) break
    for (const n of neighbours(ctx, at))
      if (!back.has(n)) {
        back.set(n, at)
        queue.push(n)
      }
  }
  if (!back.has(to)) return []
  const path: string[] = []
  for (let at = to; at !== from; at = back.get(at)!) path.unshift(at)
  return path
}

/** Hunting: each free Federal ship on the map sails for the nearest raider last seen at sea. */
function hunts(ctx: Ctx, view: View, movable: Set<string> | null, choice: Choice): string[] {
  const seen = ((view.confederate as Seen[] | undefined) ?? [])
    .filter((s) => s.status === 'map' && s.lastSeen)
    .map((s) => s.lastSeen!.area)
  if (!seen.length) return []
  const lines: string[] = []
  for (const u of view.federal as FederalEntry[]) {
    if (u.loc !== 'map' || !u.area || u.fleet || u.blockading || (movable && !movable.has(u.id))) continue
    const ways = seen.map((a) => pathTo(ctx, u.area!, a)).filter((p) => p.length > 0)
    if (!ways.length) continue
    const shortest = Math.min(...ways.map((p) => p.length))
    const near = ways.filter((p) => p.length === shortest)
    const way = near[choice.below(near.length, `hunt for ${u.id}`)]!
    const steps = way.slice(0, Math.max(0, ctx.ship(u.id).ma - u.damage))
    if (steps.length) lines.push(`MOVE ${u.id} ${steps.join(' ')}`)
  }
  return lines
}

function federalOrders(ctx: Ctx, view: View, level: HouseLevel, choice: Choice): string {
  // At a deployment only the ships deployed in the same mail move (10.4); on a scenario's first turn
  // the placement is fixed and every ship on the map may.
  const deploying = view.stage === 'federal-orders'
  const deploy = deploying ? deployments(view) : []
  const movable = deploying ? new Set(deploy.map((l) => l.slice('DEPLOY '.length))) : null
  const moves = level === 'standard' ? hunts(ctx, view, movable, choice) : []
  return [...deploy, ...moves, STANDING.federal[level]].join('\n')
}

/** A cautious side keeps out of a fight it may refuse; a standard one takes the book's answer for the odds. */
const CAUTIOUS_ANSWERS = ['PORT', 'ESCAPE', 'EVADE', 'LETGO', 'KEEP']

export function seaDevilsHouse(pack: SeaDevilsPack): HousePlayer {
  return {
    orders(view: View, role: string, level: HouseLevel, choice: Choice): string {
      const ctx = ctxOf(pack, view)
      if (role === 'confederate') return confederateOrders(ctx, view, level, choice)
      if (role === 'federal') return federalOrders(ctx, view, level, choice)
      throw new Error(`Sea Devils has no role ${role}`)
    },
    answer(_view: View, question: Question, level: HouseLevel): string {
      if (level === 'cautious') {
        const safe = CAUTIOUS_ANSWERS.find((id) => question.options.some((o) => o.id === id))
        if (safe) return safe
      }
      return question.defaultOption
    },
  }
}
