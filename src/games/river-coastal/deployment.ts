// Hidden deployment (rulebook §9 L537, digest §1.2 P9 and §6.3): before the first move a side with
// a hidden set-up places its ships in secret, one line each,
//   ARKS: AT 24,62 HEADING 180 SPEED 2
// inside its zone (y at least the zone's edge), clear of land and of each other, at no more than the
// zone's speed. A ship given no line keeps the scenario's default place.
import { readScript } from '../../orders/script.ts'
import type { LineError, Parsed } from '../contract.ts'
import { hullPolygon } from './hull.ts'
import type { DeployCommand } from './orderTypes.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { shapesTouch } from './shapes.ts'
import type { RiverState } from './state.ts'
import { degrees, inches, showInches } from './units.ts'

export const deploymentSides = (sc: Scenario): Side[] => sc.hiddenDeployment.map((h) => h.side)

export function parseDeployment(
  state: RiverState,
  side: Side,
  text: string,
  sc: Scenario,
  pack: RiverPack,
): Parsed<DeployCommand> {
  const out: Parsed<DeployCommand> = { commands: [], normalised: [], errors: [], warnings: [] }
  const zone = sc.hiddenDeployment.find((h) => h.side === side)
  const placed: { id: string; hull: ReturnType<typeof hullPolygon> }[] = []
  readScript(text).lines.forEach(({ line, text: body }) => {
    const err = (message: string, suggestion?: string): void => {
      out.errors.push({ line, text: body, message, ...(suggestion ? { suggestion } : {}) } as LineError)
    }
    if (!zone) return err(`${side} has no hidden deployment in this scenario`)
    const m =
      /^(\w+):\s*AT\s+(\d+(?:\.\d{1,2})?)\s*,\s*(\d+(?:\.\d{1,2})?)\s+HEADING\s+(\d{1,3})(?:\s+SPEED\s+(\d+))?$/i.exec(
        body,
      )
    if (!m)
      return err(
        'a deployment line reads <ship>: AT <x>,<y> HEADING <degrees> [SPEED <knots>]',
        'e.g. ARKS: AT 24,62 HEADING 180 SPEED 2',
      )
    const id = m[1]!.toUpperCase()
    const s = state.ships[id]
    if (!s || s.side !== side) return err(`${m[1]} is not one of your ships`)
    if (state.stranded?.[side] === id) return err(`${s.name} is stuck where the enemy placed her (§6 L419)`)
    const c = pack.classes[s.classKey]!
    const [x, y, heading, speed] = [inches(Number(m[2])), inches(Number(m[3])), Number(m[4]), Number(m[5] ?? 0)]
    if (heading > 359) return err(`HEADING ${heading}: 0 to 359`)
    if (y < zone.minY || y > sc.length || x < 0 || x > sc.width)
      return err(
        `AT ${m[2]},${m[3]}: ${side} deploys with y from ${showInches(zone.minY)} to ${showInches(sc.length)}, x from 0 to ${showInches(sc.width)}`,
      )
    if (speed > Math.min(zone.maxSpeed, c.maxSpeed))
      return err(`SPEED ${speed}: at most ${Math.min(zone.maxSpeed, c.maxSpeed)} at deployment`)
    const hull = hullPolygon({ pos: { x, y }, heading: degrees(heading) }, { length: c.length, beam: c.beam })
    const land = sc.land.find((l) => shapesTouch(hull, l.polygon))
    if (land) return err(`AT ${m[2]},${m[3]}: ${s.name} would sit on ${land.name}`)
    const clash = placed.find((p) => shapesTouch(hull, p.hull))
    if (clash) return err(`AT ${m[2]},${m[3]}: ${s.name} would touch ${clash.id}`)
    if (out.commands.some((c) => c.deploy.ship === id)) return err(`a second line for ${id}`)
    placed.push({ id, hull })
    out.commands.push({ deploy: { ship: id, x, y, heading: degrees(heading), speed } })
    out.normalised.push(`${id}: AT ${m[2]},${m[3]} HEADING ${heading} SPEED ${speed}`)
  })
  return out
}

/** Places the ships as ordered; a ship with no line, or whose place another ship took, keeps its default. */
export function applyDeployment(state: RiverState, commands: DeployCommand[], pack: RiverPack): RiverState {
  const next: RiverState = structuredClone(state)
  // A deploying ship's default place does not block another's: only ships staying put, or placed already.
  const settled = new Set(Object.keys(next.ships).filter((id) => !commands.some((c) => c.deploy.ship === id)))
  for (const { deploy: d } of commands) {
    const s = next.ships[d.ship]!
    const c = pack.classes[s.classKey]!
    const hull = hullPolygon({ pos: { x: d.x, y: d.y }, heading: d.heading }, { length: c.length, beam: c.beam })
    const clash = Object.values(next.ships).some((o) => {
      if (o.id === s.id || !settled.has(o.id)) return false
      const oc = pack.classes[o.classKey]!
      return shapesTouch(hull, hullPolygon(o.pose, { length: oc.length, beam: oc.beam }))
    })
    settled.add(s.id)
    if (clash) continue
    s.pose = { pos: { x: d.x, y: d.y }, heading: d.heading }
    s.speed = d.speed
  }
  return next
}
