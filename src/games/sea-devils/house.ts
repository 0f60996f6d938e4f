// Sea Devils' house player: the judge at one side, reading only that side's view (view.ts) and the
// map and tables every player has (the data pack). `cautious` holds: Confederate ships keep their
// place, the Federal deploys what the track gives and keeps its ships where they are. `standard`
// plays to the victory conditions (12.1): each raider takes the voyage whose raids remove the most
// merchant tonnage by the raid table's mean, coaling enough on the way and keeping clear of the
// Federal ships seen (houseRaids.ts); hunters sail for where a raider was last seen.
import type { Choice, HouseLevel, HousePlayer, Question, View } from '../contract.ts'
import type { SeaDevilsPack } from './pack.ts'
import { bestVoyage, type Start } from './houseRaids.ts'
import { homewardLine, inPortLine, type OwnShip, positionFromView } from './housePorts.ts'
import { coalPortsAt } from './legality.ts'
import { contextFor, type Ctx, neighbours, type SdState } from './state.ts'
import type { FederalInView } from './view.ts'

type FederalEntry = FederalInView

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

/** One Confederate ship's record line for the standard level: port business first, then a voyage, or STAY. */
function raiderLine(ctx: Ctx, sea: Sea, ship: OwnShip, choice: Choice): string {
  if (ship.port !== null) {
    const business = inPortLine(ctx, sea.pos, ship, sea.commissioned)
    if (business) return business
  }
  const v = bestVoyage(ctx, sea.pos, ship, leaving(ctx, sea, ship), sea.watched, choice)
  // A ship in port stays there rather than sail short of coal or with nothing to take (11.5).
  if (ship.port !== null && (!v || v.score <= 0)) return `${ship.id}: STAY`
  if (!v) return (ship.port === null && homewardLine(ctx, sea.pos, ship)) || `${ship.id}: STAY`
  return `${ship.id}: ${v.steps.length ? v.steps.join(', ') : 'STAY'}`
}

/**
 * 7.11, 7.21: how a ship in port puts to sea, what it costs and what it coals: a Confederate port is
 * left by running out (1 MP, its coal counted), a blockaded neutral one by running past the
 * blockaders (1 MP), a free one at no cost.
 */
function leaving(ctx: Ctx, sea: Sea, ship: OwnShip): Start {
  if (ship.port === null) return { steps: [], mp: 0, coalings: 0 }
  const csa = ship.port === 'CSA'
  const coalings = coalPortsAt(sea.pos, ctx, ship.area!, ship.commissioned, csa).length
  if (csa) return { steps: ['RUN-OUT'], mp: 1, coalings }
  return sea.blockaded.has(ship.id) ? { steps: ['RUN'], mp: 1, coalings } : { steps: ['LEAVE-PORT'], mp: 0, coalings }
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
