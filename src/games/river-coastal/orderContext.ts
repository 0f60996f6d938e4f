// What the order parser is told about a side's ships at the start of a move, from the state: each
// ship's limits, and for directives and signals (digest §4.4) her captain, her directive, whether
// the flagship can signal her, and where the fleet commander may shift his flag.
import { distance, type Point } from '../kit/geometry.ts'
import { centreOf } from './shapes.ts'
import { enemyTowns } from './buildings.ts'
import { signalled, signalLocks } from './captains.ts'
import { TRANSFER_REACH } from './commander.ts'
import { describeDirective } from './directives.ts'
import { commanded } from './fleetCommand.ts'
import type { OrderContext } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { isAfloat, maxSpeedNow, type ShipState } from './ship.ts'
import { alongside } from './towing.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'
import { inflated } from './balloons.ts'
import { radiusOf } from './radius.ts'
import { repairJobs } from './upkeep.ts'
import { gunBar } from './gunnery.ts'

/** The command facts of a side at the start of a move (none: every ship free, no table). */
export interface CommandFacts {
  directives: Record<string, string>
  signalled: string[] | 'all'
  flag?: OrderContext['flag']
  table: { width: number; length: number }
  captains: Record<string, 'Stubborn' | 'Reckless'>
}
const NO_COMMAND: CommandFacts = { directives: {}, signalled: 'all', table: { width: 0, length: 0 }, captains: {} }

export function orderContext(
  side: string,
  move: number,
  ships: ShipState[],
  forts: { id: string; name: string; side: string }[],
  pack: RiverPack,
  places: Record<string, string> = {},
  /** Stubborn ships the flagship cannot signal, with the flagship's name. */
  locked: Record<string, string> = {},
  command: CommandFacts = NO_COMMAND,
): OrderContext {
  const t = pack.tables
  const units: OrderContext['units'] = {}
  for (const s of ships) units[s.id] = { name: s.name, side: s.side }
  for (const f of forts) units[f.id] = { name: f.name, side: f.side }
  return {
    side,
    move,
    own: ships
      .filter((s) => s.side === side && isAfloat(s))
      .map((s) => {
        const c = pack.classes[s.classKey]!
        return {
          id: s.id,
          name: s.name,
          speed: s.speed,
          maxSpeed: maxSpeedNow(s, c.maxSpeed, move),
          doubleEnder: c.doubleEnder,
          turningRadius: radiusOf(s, pack),
          guns: c.guns,
          turrets: c.turrets.map((tu) => ({ id: tu.id, facing: s.turrets[tu.id]!.facing, forbidden: tu.forbidden })),
          ramFitted: c.ramFitted && !s.ramLost,
          anchored: s.anchored,
          sparReady: s.spar === 'fitted',
          spare: s.crew.spare,
          ...(locked[s.id] ? { lockedBy: locked[s.id] } : {}),
          ...(command.captains[s.id] ? { needsSignal: command.captains[s.id] } : {}),
          signalled: command.signalled === 'all' || command.signalled.includes(s.id),
          ...(command.directives[s.id] ? { directive: command.directives[s.id] } : {}),
          here: s.pose.pos,
          jobs: repairJobs(s, move),
          hasMortars: c.mortars.length > 0,
          gunBars: Object.fromEntries(
            c.guns.flatMap((g) => {
              const why = gunBar(g.gun, s.guns[g.id]!, move, t)
              return why ? [[g.id, why]] : []
            }),
          ),
          ...(c.mortars.length ? { mortarReach: c.mortars.map((m) => inches(t.mortars.rangeInches[m.kind])) } : {}),
          stations: {
            engine: s.crew.engine,
            boiler: s.crew.boiler,
            crewedGuns: Object.entries(s.guns)
              .filter(([, g]) => g.crewed)
              .map(([id]) => id.toUpperCase()),
          },
          aground: s.aground,
          ...(s.towing ? { towing: s.towing } : {}),
          ...(c.role ? { role: c.role } : {}),
          ...(s.blaze?.alight ? { alight: true } : {}),
          ...(s.balloon ? { balloon: { inflated: inflated(s), speedMax: t.balloon.towSpeedMaxKnots } } : {}),
          alongside: ships
            .filter((f) => f.id !== s.id && f.side === side && isAfloat(f) && alongside(s, f, pack))
            .map((f) => f.id),
        }
      }),
    units,
    places,
    reverse: t.movement.reverseFractionOfMax,
    maxSpeedChange: t.movement.maxSpeedChange,
    turretStepsPerInch: t.arcs.turretStepsPerInch,
    boardingParties: t.boarding.partiesPerMove,
    table: { ...command.table, maxGap: inches(t.directives.maxGapInches) },
    ...(command.flag ? { flag: command.flag } : {}),
  }
}

/** The command facts of one side, from the state at the start of the move. */
export function commandFacts(state: RiverState, side: Side, sc: Scenario, pack: RiverPack): CommandFacts {
  const directives: Record<string, string> = {}
  const captains: CommandFacts['captains'] = {}
  const fc = state.commanders[side]
  for (const s of Object.values(state.ships)) {
    if (s.side !== side) continue
    const d = state.directives?.[s.id]
    if (d) directives[s.id] = describeDirective(d)
    // Only the fleet commander changes a Stubborn or Reckless captain's orders (§4 L171, L183);
    // where he is aboard, the player is in command. Move 1 is the set-up: every directive is free.
    const q = commanded(state, s).captain
    const aboard = fc.alive && fc.aboard === s.id
    if (state.move > 1 && !aboard && q.alive && q.quality !== 'intelligent')
      captains[s.id] = q.quality === 'stubborn' ? 'Stubborn' : 'Reckless'
  }
  const flagship = fc.alive && fc.aboard ? state.ships[fc.aboard] : undefined
  const flag =
    flagship && isAfloat(flagship)
      ? {
          ship: flagship.id,
          quality: fc.quality,
          damaged: flagship.spv < flagship.spvStart || flagship.cpvLost > 0,
          reach: Object.values(state.ships)
            .filter((o) => o.side === side && o.id !== flagship.id && isAfloat(o) && !(o.id in state.exited))
            .filter((o) => distance(o.pose.pos, flagship.pose.pos) <= TRANSFER_REACH)
            .map((o) => o.id)
            .sort(),
        }
      : undefined
  return {
    directives,
    signalled: state.move < 2 ? 'all' : signalled(state, side, sc, pack),
    ...(flag ? { flag } : {}),
    table: { width: sc.width, length: sc.length },
    captains,
  }
}

/** The order context of a side in a game, as both the parser and the order form use it. */
export function sideContext(
  state: RiverState,
  side: Side,
  sc: Scenario,
  pack: RiverPack,
  places: Record<string, string> = {},
): OrderContext {
  // Buildings are targets for the guns as forts are (§9 L903, buildings.ts).
  const forts = [...sc.forts, ...sc.buildings].map((f) => ({ id: f.id, name: f.name, side: f.side }))
  const towns = enemyTowns(sc, side)
  const ctx = orderContext(
    side,
    state.move,
    Object.values(state.ships),
    forts,
    pack,
    places,
    signalLocks(state, side, sc, pack),
    commandFacts(state, side, sc, pack),
  )
  // §9 L837-839: where the mortars' targets lie, to check their range at receipt (mortarOrders.ts).
  const targets: Record<string, Point> = {}
  for (const f of sc.forts) if (f.side !== side) targets[f.id] = centreOf(f.polygon)
  for (const id of Object.keys(towns)) targets[id] = centreOf(sc.places.find((p) => p.id === id)!.polygon)
  const drift = inches(Math.max(0, ...sc.current.map((c) => c.knots)))
  const mortar = { min: inches(pack.tables.mortars.minRangeInches), targets, drift }
  return { ...ctx, mortar, ...(Object.keys(towns).length ? { towns } : {}) }
}
