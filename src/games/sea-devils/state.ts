// Sea Devils game state: plain JSON, folded by the engine from the log (never stored as truth).
import type { DeployType, SeaDevilsPack, ShipDef, AreaDef, ScenarioDef } from './pack.ts'
import type { Policy } from './policy.ts'

/** The Federal's orders of a turn as parsed (4.1, 10.4, 11.1, 4.52, 7.2x, 6.3); kept in the state between phases. */
export interface FederalOrders {
  deploy: { ship: string; fromUP: boolean }[]
  europe: { ship: string; area: string }[]
  moves: { ship: string; path: string[] }[]
  cse: string[]
  stacks: string[][]
  blockades: { ship: string; target: string }[]
  policies: Policy[]
}

/** 'opening': a scenario that starts at placement (13.3-13.5) waits here for nothing; its resolution runs 1B/1C. */
export type Stage = 'opening' | 'both-orders' | 'federal-orders' | 'confederate-orders' | 'finished'

export interface CsaShip {
  id: string
  status: 'pending' | 'map' | 'sunk' | 'interned' | 'cancelled'
  /** The game turn the ship was placed (6.3: new arrivals are not auto-spotted). */
  arrivedTurn: number
  area: string | null
  /** null = at sea; otherwise the nationality of the port the ship lies in ('refuge' = 4.42 refuge). */
  port: string | null
  damage: number
  commissioned: boolean
  /** 11.3: game turns not spent wholly in port since the last refit. */
  turnsAtSea: number
  /** 11.41: consecutive game turns spent wholly in port. */
  turnsInPort: number
  /** 11.42: a refit already used during the current stay in port. */
  refitDuringStay: boolean
  /** 11.52: barred from raiding until refit after a coaling failure. */
  cannotRaidUntilRefit: boolean
  /** What the Federal player last learned of this ship (6.x spotting, port calls, blockade runs). */
  knownToFederal: { turn: number; area: string; port: string | null } | null
  /** 11.32: refits completed, and spottings since the first (kept only where they matter). */
  refits?: number
  spottedAfterRefit?: number
  /** 11.53: the prize coal is used; deep-water raids are allowed in `deepRaidTurn`. */
  prizeCoalUsed?: boolean
  deepRaidTurn?: number
}

export interface UsaShip {
  id: string
  loc: 'pending' | 'map' | 'AP' | 'UP' | 'CSE' | 'sunk'
  area: string | null
  damage: number
  /** 10.42: availability points crossed off. */
  spent: number
  deployed: boolean
  /** 10.11: taken from the UP this turn (goes back at the next placement). */
  fromUP: boolean
  upUses: number
  /** 7.23: the Confederate ship this one blockades, or null when searching. */
  blockading: string | null
  /** 9.38: where the ship began Phase 3 and whether it moved. */
  phaseStart: string | null
  moved: boolean
}

export interface RaidRecord {
  ship: string
  area: string
  loss: number
  /** 4.52: a squadron's raid, made by these ships together (each one's coaling failure voids it). */
  members?: string[]
}

export interface SdState {
  scenario: string
  turn: number
  lastTurn: number
  stage: Stage
  mm: number
  mmInitial: number
  mmEnglandDropDone: boolean
  cpl: { world: number; england: number; france: number }
  deployTrack: Record<DeployType, number>
  /** 6.44: earlier C9 entries by Confederate type class. */
  ecesEntries: Record<string, number>
  cseUsed: Record<string, number>
  neutralCommissionYears: number[]
  csaPortsLost: string[]
  pacificRaid: boolean
  /** 9.38: countries whose coal is denied this turn. */
  coalDenied: string[]
  /** Face-down whaling counters still on the map: area -> value (moderator only until raided). */
  whaling: Record<string, number>
  semmes: {
    ship: string | null
    onTrack: boolean
    shipsCommanded: string[]
    removed: boolean
    usedThisTurn: boolean
    placeNext: string | null
  }
  csa: Record<string, CsaShip>
  usa: Record<string, UsaShip>
  /** Federal squadrons fixed at the end of Phase 3 (4.52): squadron id -> members. */
  squadrons: Record<string, string[]>
  /** Federal orders for Phase 3 held back (hidden from the Confederate) until the script is in. */
  pendingFederal: FederalOrders | null
  /** 6.3 declarations made in 1C, public to the Confederate before he records. */
  europeDeclarations: { ship: string; area: string }[]
  raidsThisTurn: RaidRecord[]
  vp: { csa: number; usa: number }
  losses: { ship: string; how: 'sunk' | 'interned'; turn: number }[]
  decisionSeq: number
  /** Standing orders (digest 5): each stands until a later one for the same ship and event replaces it. */
  policies: { federal: Policy[]; confederate: Policy[] }
  result: { level: string; difference: number } | null
}

export interface Ctx {
  pack: SeaDevilsPack
  area(id: string): AreaDef
  ship(id: string): ShipDef
  hasArea(id: string): boolean
  hasShip(id: string): boolean
  year(turn: number): number
  scenario: ScenarioDef
}

const ctxCache = new WeakMap<SeaDevilsPack, Map<string, Ctx>>()

export function contextFor(pack: SeaDevilsPack, scenarioId: string): Ctx {
  let byScenario = ctxCache.get(pack)
  if (!byScenario) ctxCache.set(pack, (byScenario = new Map()))
  const cached = byScenario.get(scenarioId)
  if (cached) return cached
  const areas = new Map(pack.areas.map((a) => [a.id, a]))
  const ships = new Map(pack.ships.map((s) => [s.id, s]))
  const scenario = pack.scenarios.find((s) => s.id === scenarioId)
  if (!scenario) throw new Error(`unknown scenario ${scenarioId}`)
  const ctx: Ctx = {
    pack,
    scenario,
    area: (id) => {
      const a = areas.get(id)
      if (!a) throw new Error(`unknown area ${id}`)
      return a
    },
    ship: (id) => {
      const s = ships.get(id)
      if (!s) throw new Error(`unknown ship ${id}`)
      return s
    },
    hasArea: (id) => areas.has(id),
    hasShip: (id) => ships.has(id),
    year: (turn) => pack.track.find((t) => t.gt === turn)?.year ?? 1861,
  }
  byScenario.set(scenarioId, ctx)
  return ctx
}

/** Areas reachable in one move, edge wraps included (2.13, 4.22). */
export function neighbours(ctx: Ctx, areaId: string): string[] {
  const a = ctx.area(areaId)
  return [...a.adj, ...a.wraps]
}

/** The type class that scores victory points and picks the ECES column (12.13: screw = side-wheel). */
export function typeClass(type: string): 'IC' | 'S' | 'GB' | 'AUX' | 'F' {
  if (type === 'SS' || type === 'S') return 'S'
  if (type === 'SGB' || type === 'GB') return 'GB'
  if (type === 'SF' || type === 'F') return 'F'
  if (type === 'IC') return 'IC'
  return 'AUX'
}

/** A Federal ship of the Pacific Fleet that is (still) inside the Pacific costs nothing (11.2). */
export function isFreePacific(ctx: Ctx, ship: UsaShip): boolean {
  const def = ctx.ship(ship.id)
  return def.fleet === 'P' && ship.area !== null && ctx.area(ship.area).pacific
}

/** 11.22: a Pacific reinforcement still on its march to the Pacific (moved by the judge, at no cost). */
export function isMarching(ctx: Ctx, ship: UsaShip): boolean {
  return (
    !!ctx.ship(ship.id).marchesToPacific && ship.loc === 'map' && ship.area !== null && !ctx.area(ship.area).pacific
  )
}

/**
 * Federal ships that never cost deployment or availability while they stay as they are: the
 * Pacific Fleet in the Pacific (11.2), the marching Pacific reinforcements (11.22) and the
 * Stonewall Pursuit Fleet (11.62).
 */
export function isFree(ctx: Ctx, ship: UsaShip): boolean {
  return isFreePacific(ctx, ship) || isMarching(ctx, ship) || ctx.ship(ship.id).fleet === 'S'
}

/** 4.13 / 11.32: the movement allowance before damage (the Florida's drops after its first refit). */
export function baseAllowance(ctx: Ctx, ship: CsaShip): number {
  const def = ctx.ship(ship.id)
  return def.afterFirstRefit && (ship.refits ?? 0) >= 1 ? def.afterFirstRefit.ma : def.ma
}

/** Federal searchers in an area: squadrons count once (6.11); blockaders never search (7.23). */
export function searchUnits(state: SdState, ctx: Ctx, areaId: string): string[][] {
  const inArea = Object.values(state.usa).filter(
    (u) => u.loc === 'map' && u.area === areaId && u.blockading === null && u.damage < ctx.ship(u.id).def,
  )
  const cseCovers = ctx.pack.mapRoles.cseAreas.includes(areaId)
  const cse = cseCovers ? Object.values(state.usa).filter((u) => u.loc === 'CSE') : []
  const units: string[][] = []
  const placed = new Set<string>()
  for (const [, members] of Object.entries(state.squadrons)) {
    const here = members.filter((m) => inArea.some((u) => u.id === m))
    if (here.length) {
      units.push(here)
      here.forEach((m) => placed.add(m))
    }
  }
  for (const u of [...inArea, ...cse]) if (!placed.has(u.id)) units.push([u.id])
  return units
}
