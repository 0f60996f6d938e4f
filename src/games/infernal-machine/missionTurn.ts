// A mission turn (Rule Book p.23): Orders, Navigation, Repair, Rally, Discovery; at its end the
// player may bring the boat home from a friendly launch position or abandon ship (p.13, p.38).
import type { Order } from './boat.ts'
import { clearOrders, giveOrders } from './crewOrders.ts'
import { type DiscoveryChoices, discoveryPhase } from './discovery.ts'
import { enemyEyes, type Mission, positionOf } from './mission.ts'
import { type Maneuver, maneuver, type NavChoices, navigate } from './navigation.ts'
import { rallyPhase, type RepairChoices, repairPhase } from './repair.ts'
import { type Ctx, loseBoat, note } from './sortie.ts'

export interface MissionChoices extends NavChoices, RepairChoices, DiscoveryChoices {
  orders(m: Mission): Record<string, Order | undefined>
  maneuver(m: Mission): Maneuver
  /** At a friendly launch position, at surface, with no Enemy Eyes: end the mission? */
  endMission(m: Mission): boolean
  abandon(m: Mission): boolean
}

/** Home is a launch position of the player's side, at surface, with no Enemy Eyes (p.23, p.38; IM-35). */
export function mayEnd(ctx: Ctx, m: Mission): boolean {
  const p = positionOf(ctx, m)
  return !!p.launch?.includes(m.side) && m.boat.elevation === 0 && !enemyEyes(ctx, m)
}

export function missionTurn(ctx: Ctx, m: Mission, choices: MissionChoices): void {
  m.turn++
  note(ctx, 'p.23', `Mission turn ${m.turn}`)
  m.boat = giveOrders(ctx.pack, m.boat, choices.orders(m), m.extraSkills)
  // A standing plan the rules refuse this turn (an obstruction, a mechanism down) costs the maneuver,
  // not the game: the refusal is reported and the turn goes on.
  try {
    maneuver(ctx, m, choices.maneuver(m))
  } catch (e) {
    note(ctx, 'p.25', `maneuver refused: ${(e as Error).message}`)
  }
  if (!m.lost) navigate(ctx, m, choices)
  if (!m.lost) repairPhase(ctx, m, choices)
  if (!m.lost) rallyPhase(ctx, m, choices)
  if (!m.lost) discoveryPhase(ctx, m, choices)
  m.boat = clearOrders(m.boat)
  if (m.lost) {
    m.ended = 'lost'
    return
  }
  if (mayEnd(ctx, m) && choices.endMission(m)) {
    m.ended = 'home'
    note(ctx, 'p.38', `the fishboat is home at ${positionOf(ctx, m).name}: the mission ends`)
  } else if (choices.abandon(m)) {
    loseBoat(ctx, m, 'p.13', 'Abandon Ship')
    m.ended = 'abandoned'
  }
}

/** Plays turns until the mission ends (a cap keeps a plan that never ends from looping). */
export function runMission(ctx: Ctx, m: Mission, choices: MissionChoices, maxTurns = 60): void {
  while (!m.ended && m.turn < maxTurns) missionTurn(ctx, m, choices)
}
