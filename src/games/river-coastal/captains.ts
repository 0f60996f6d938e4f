// Captains' personalities as standing behaviour (rulebook §4 L169-197, digest §4.4). A Reckless
// captain who sees an enemy from his own ship (L537) steams at the nearest one: two knots faster up
// to his best speed, turning toward it as hard as his radius allows, and every gun not given a
// target fires at the nearest enemy in reach. Stubborn and Intelligent captains follow the written
// order, or their directive where there is none (pilot.ts).
import { distance } from '../kit/geometry.ts'
import type { FireOrder, ShipOrder } from './orderTypes.ts'
import { expendable } from './fireShips.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'
import { steer } from './autopilot.ts'
import { helmOf, hullsAround, waters } from './pilot.ts'
import { canSee } from './sight.ts'
import { present, screensFrom, sightedShip, sightRules } from './sighting.ts'
import { commanded } from './fleetCommand.ts'
import { maxSpeedNow } from './ship.ts'
import type { RiverState } from './state.ts'

export function recklessOrder(
  state: RiverState,
  shipId: string,
  written: ShipOrder | undefined,
  sc: Scenario,
  pack: RiverPack,
): ShipOrder | null {
  const s = commanded(state, state.ships[shipId]!)
  if (s.status !== 'afloat' || !s.captain.alive || s.captain.quality !== 'reckless') return null
  // Ruling RC-66: a fire or explosive ship has no engine to charge with; her IGNITE or DETONATE stands.
  if (expendable(s, pack)) return null
  const all = present(state).map((x) => sightedShip(state, x.id, pack))
  const me = all.find((x) => x.id === shipId)
  if (!me) return null // off the table
  const land = screensFrom(me.pose.pos, state, sc)
  const rules = sightRules(state, pack)
  const enemy = all
    .filter((x) => state.ships[x.id]!.side !== s.side && state.ships[x.id]!.status === 'afloat')
    .filter((x) => canSee(me, x, all, land, rules))
    .sort((a, b) => distance(s.pose.pos, a.pose.pos) - distance(s.pose.pos, b.pose.pos) || (a.id < b.id ? -1 : 1))[0]
  if (!enemy) return null
  const c = pack.classes[s.classKey]!
  // He steams at the enemy by the judge's helm: the hardest turn his radius allows toward him, two
  // knots faster, but not onto the land or a shoal (minefields he ignores, §4 L175; ruling RC-54),
  // nor into a friend or another enemy: the one he charges he may strike (ruling RC-62).
  const course = steer(
    helmOf(state, state.ships[shipId]!, pack),
    { point: enemy.pose.pos, speed: maxSpeedNow(s, c.maxSpeed, state.move) },
    waters(sc, pack, state, s.side),
    hullsAround(state, state.ships[shipId]!, pack, {}, written?.ram ?? { target: enemy.id }),
  )
  const named = new Set((written?.fire ?? []).flatMap((f) => f.guns))
  const rest = c.guns.map((g) => g.id).filter((g) => !named.has(g))
  const fire: FireOrder[] = [...(written?.fire ?? [])]
  if (rest.length) fire.push({ selection: 'RECKLESS', guns: rest, target: 'NEAREST' })
  return {
    ship: shipId,
    speed: course.speed,
    turns: course.turns,
    fire,
    turrets: written?.turrets ?? {},
    ...(written?.ram ? { ram: written.ram } : {}),
    ...(written?.captainAt ? { captainAt: written.captainAt } : {}),
    // Ruling RC-67: he charges with his tow, or lets her go as written.
    ...(written?.tow ? { tow: written.tow } : {}),
    ...(written?.castOff ? { castOff: true as const } : {}),
    ...(written?.release ? { release: true as const } : {}),
  }
}

/** Own ships afloat the flagship can signal now: those in her sight, and herself (ruling RC-6). */
export function signalled(state: RiverState, side: string, sc: Scenario, pack: RiverPack): string[] {
  const aboard = state.commanders[side as 'USA' | 'CSA'].aboard
  const flagship = aboard ? state.ships[aboard] : undefined
  const all = present(state).map((x) => sightedShip(state, x.id, pack))
  const eye = flagship && flagship.status === 'afloat' ? all.find((x) => x.id === flagship.id) : undefined
  if (!eye) return []
  const land = screensFrom(eye.pose.pos, state, sc)
  const rules = sightRules(state, pack)
  return all
    .filter((x) => state.ships[x.id]!.side === side && state.ships[x.id]!.status === 'afloat')
    .filter((x) => x.id === eye.id || canSee(eye, x, all, land, rules))
    .map((x) => x.id)
    .sort()
}

/**
 * Stubborn captains (§4 L181-183): only the fleet commander may change their orders. From move 2 on,
 * a Stubborn ship that her flagship cannot see (signals need a line of sight, ruling RC-6) holds her
 * speed and heading, or keeps to her directive (ruling RC-54); her guns are still the player's. The
 * flagship's own captain is never locked.
 */
export function signalLocks(state: RiverState, side: string, sc: Scenario, pack: RiverPack): Record<string, string> {
  if (state.move < 2) return {}
  const aboard = state.commanders[side as 'USA' | 'CSA'].aboard
  const flagship = aboard ? state.ships[aboard] : undefined
  const reach = new Set(signalled(state, side, sc, pack))
  const locks: Record<string, string> = {}
  for (const s of Object.values(state.ships)) {
    if (s.side !== side || s.status !== 'afloat' || s.id === flagship?.id) continue
    const officer = commanded(state, s).captain
    if (!officer.alive || officer.quality !== 'stubborn') continue
    if (!reach.has(s.id)) locks[s.id] = flagship?.name ?? 'the flagship'
  }
  return locks
}
