// A ship's crew at work between the fighting (digest §1.3 steps 1 and 7, rulings RC-33, RC-59):
//  - repairs (§9 L717, L741-745): a timed critical effect is a repair job the ship's spare hands
//    work off, one CPV doing it in the table's four moves; `REPAIR n <job>` puts n spare CPV on it,
//    which takes n-1 moves off what is left; a job ends when its time is up (guns and turrets are
//    back in action the move after); the hands repairing neither board nor land that move;
//  - crew moved between stations (§3 L119-125, digest A7): `CREW <from> TO <to>` takes effect at
//    the end of the move, if the station still has the CPV;
//  - a stuck ship helped off (§8 L497-513): `REFLOAT ASSIST <ship>` with a friend stopped alongside
//    gives a sandbar eight attempts in all, and stakes four, each on a 5-6.
import { hullPolygon } from './hull.ts'
import type { ShipOrder } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import { gapBetween } from './shapes.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'
import { inches } from './units.ts'
import { shipFacts, standing } from './policies.ts'

type Line = { ship: string; text: string; rule: string }

const STEERING = new Set(['hardPort', 'hardStarboard', 'sameCourse', 'straightAhead'])
const SPEED = new Set(['speedMinus', 'maxSpeedMinus'])

/** The repair jobs a ship has now, by the word an order names them with, in the digest's AUTO priority. */
export function repairJobs(s: ShipState, move: number): string[] {
  const live = (u: number | 'game' | undefined) => typeof u === 'number' && u >= move
  const jobs: string[] = []
  if (s.effects.some((e) => STEERING.has(e.kind) && live(e.until))) jobs.push('STEERING')
  if (s.effects.some((e) => SPEED.has(e.kind) && live(e.until))) jobs.push('SPEED')
  for (const [id, g] of Object.entries(s.guns)) if (g.status === 'out' && live(g.outUntil)) jobs.push(id.toUpperCase())
  for (const [id, t] of Object.entries(s.turrets)) if (live(t.jammedUntil)) jobs.push(id.toUpperCase())
  return jobs
}

/**
 * Start of move, digest §4.5 `REPLACE` (the built-in answer of `POLICY ... ON STATION-EMPTY`): spare
 * hands fill an empty engine room, then boiler room, then the guns still standing, in her gun order.
 */
function replace(s: ShipState, pack: RiverPack, lines: Line[]): void {
  const t = pack.tables.crew
  const filled: string[] = []
  const man = (station: string, fill: () => void) => {
    s.crew.spare--
    fill()
    filled.push(station)
  }
  if (s.crew.engine < t.engine && s.crew.spare > 0) man('engine', () => s.crew.engine++)
  if (s.crew.boiler < t.boiler && s.crew.spare > 0) man('boiler', () => s.crew.boiler++)
  for (const g of pack.classes[s.classKey]!.guns) {
    const gs = s.guns[g.id]!
    if (s.crew.spare > 0 && !gs.crewed && gs.status !== 'destroyed') man(g.id, () => (gs.crewed = true))
  }
  if (filled.length)
    lines.push({ ship: s.id, text: `${s.name}'s spare hands man ${filled.join(', ')}`, rule: '§3 L125' })
}

/** Start of move: spares fill empty stations; repair crews shorten their jobs; guns and turrets whose time is up are back. Mutates `state`. */
export function runRepairs(state: RiverState, orders: Record<string, ShipOrder>, pack: RiverPack): Line[] {
  const lines: Line[] = []
  const n = state.move
  for (const s of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (s.status !== 'afloat') continue
    const facts = shipFacts(s, n, state.seen[s.side].length > 0)
    if (standing(state.policies[s.side], 'STATION-EMPTY', s.id, facts, 'REPLACE') === 'REPLACE') replace(s, pack, lines)
    for (const g of Object.values(s.guns))
      if (g.status === 'out' && typeof g.outUntil === 'number' && g.outUntil < n) {
        g.status = 'ok'
        delete g.outUntil
      }
    for (const t of Object.values(s.turrets))
      if (typeof t.jammedUntil === 'number' && t.jammedUntil < n) delete t.jammedUntil
    const r = orders[s.id]?.repair
    if (!r) continue
    const crew = Math.min(r.crew, s.crew.spare)
    const job = r.job === 'AUTO' ? repairJobs(s, n)[0] : repairJobs(s, n).find((j) => j === r.job)
    if (!job || crew < 2) continue
    const faster = (u: number) => Math.max(n, u - (crew - 1))
    let ready = n
    if (job === 'STEERING' || job === 'SPEED')
      for (const e of s.effects)
        if ((job === 'STEERING' ? STEERING : SPEED).has(e.kind) && typeof e.until === 'number' && e.until >= n) {
          e.until = faster(e.until)
          ready = Math.max(ready, e.until)
        }
    const gun = Object.entries(s.guns).find(([id]) => id.toUpperCase() === job)?.[1]
    if (gun && typeof gun.outUntil === 'number') ready = gun.outUntil = faster(gun.outUntil)
    const turret = Object.entries(s.turrets).find(([id]) => id.toUpperCase() === job)?.[1]
    if (turret && typeof turret.jammedUntil === 'number') ready = turret.jammedUntil = faster(turret.jammedUntil)
    lines.push({
      ship: s.id,
      text: `${crew} of ${s.name}'s hands repair ${job.toLowerCase()}: fit again after move ${ready}`,
      rule: '§9 L717',
    })
  }
  return lines
}

/** End of move: each CREW order moves one CPV, if the station it comes from still has it. Mutates `state`. */
export function runCrewMoves(state: RiverState, orders: Record<string, ShipOrder>, pack: RiverPack): Line[] {
  const lines: Line[] = []
  for (const o of Object.values(orders)) {
    const s = state.ships[o.ship]
    if (!s || s.status !== 'afloat' || !o.crewMove) continue
    const { from, to } = o.crewMove
    const gun = (id: string) => Object.entries(s.guns).find(([g]) => g.toUpperCase() === id)?.[1]
    const has =
      from === 'SPARE'
        ? s.crew.spare > 0
        : from === 'ENGINE'
          ? s.crew.engine > 0
          : from === 'BOILER'
            ? s.crew.boiler > 0
            : !!gun(from)?.crewed
    const t = pack.tables.crew
    const room =
      to === 'SPARE' ||
      (to === 'ENGINE' ? s.crew.engine < t.engine : to === 'BOILER' ? s.crew.boiler < t.boiler : !gun(to)?.crewed)
    if (!has || !room) continue
    if (from === 'SPARE') s.crew.spare--
    else if (from === 'ENGINE') s.crew.engine--
    else if (from === 'BOILER') s.crew.boiler--
    else gun(from)!.crewed = false
    if (to === 'SPARE') s.crew.spare++
    else if (to === 'ENGINE') s.crew.engine++
    else if (to === 'BOILER') s.crew.boiler++
    else gun(to)!.crewed = true
    lines.push({ ship: s.id, text: `${s.name} moves a CPV from ${from} to ${to}`, rule: '§3 L119-125' })
  }
  return lines
}

/**
 * §8 L499, L513: whether a friend helps a stuck ship this move: afloat, stopped last move, not
 * stuck herself, and alongside (within the boarding gap, ruling RC-59).
 */
export function assisting(state: RiverState, stuck: ShipState, helperId: string | undefined, pack: RiverPack) {
  const h = helperId ? state.ships[helperId] : undefined
  if (!h || h.side !== stuck.side || h.status !== 'afloat' || h.aground || h.speed !== 0) return false
  const hull = (s: ShipState) => {
    const c = pack.classes[s.classKey]!
    return hullPolygon(s.pose, { length: c.length, beam: c.beam })
  }
  return gapBetween(hull(h), hull(stuck)) <= inches(pack.tables.boarding.alongsideGapInches)
}
