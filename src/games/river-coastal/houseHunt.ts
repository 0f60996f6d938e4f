// How River and Coastal's standard house player hunts the enemy ships its destroy cards name (§6
// L391-423), from its side's view and the scenario's table: the one quarry the whole side goes for,
// the way round a belt of minefield squares, land or shoals that stands between a hunter and her
// quarry (the judge's helm only steers clear of what lies just ahead, ruling RC-54), and the run at
// full speed with which a ship fitted with a ram strikes (§11 L983, L1031-1045).
import { clearRun, obstacles } from './houseRoutes.ts'
import { armoured, distance, type SeenShip } from './houseSeen.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario } from './scenario.ts'

interface Pt {
  x: number
  y: number
}

/** Inches beyond a belt's edge where a hunter enters and leaves the gap through it. */
const ENTRY = 2

/** The x ranges clear through a belt of boxes from y0 to y1, in half inches, as runs of neighbours. */
function gaps(blocks: ReturnType<typeof obstacles>, y0: number, y1: number, width: number): number[][] {
  const across = blocks.filter((b) => b.y1 > y0 && b.y0 < y1)
  const runs: number[][] = []
  for (let x = 1; x <= width - 1; x += 0.5) {
    if (across.some((b) => x > b.x0 - b.berth && x < b.x1 + b.berth)) continue
    const last = runs.at(-1)
    if (last && last.at(-1) === x - 0.5) last.push(x)
    else runs.push([x])
  }
  return runs
}

/**
 * The two points a hunter makes for, one after the other, when the straight run to `to` cuts a
 * minefield square, the land or a shoal she draws too much for: the near end of the gap through
 * the belt those boxes make, nearest her way, then its far end. Null when the run is clear, or no
 * gap goes through. Once she is in the gap she makes for its far end and then `to`.
 */
export function passage(ship: SeenShip, to: Pt, sc: Scenario | undefined): [Pt, Pt] | null {
  if (!sc) return null
  const blocks = obstacles(ship, sc)
  if (clearRun(ship, to, blocks)) return null
  const cut = blocks.filter((b) => !clearRun(ship, to, [b]))
  const y0 = Math.min(...cut.map((b) => b.y0)) - 1
  const y1 = Math.max(...cut.map((b) => b.y1)) + 1
  const runs = gaps(blocks, y0, y1, sc.width / 1000)
  if (!runs.length) return null
  const mid = (run: number[]) => (run[0]! + run.at(-1)!) / 2
  const detour = (run: number[]) => Math.abs(mid(run) - ship.x) + Math.abs(mid(run) - to.x)
  const x = mid([...runs].sort((a, b) => detour(a) - detour(b))[0]!)
  const down = to.y < ship.y
  const near = { x, y: down ? y1 + ENTRY : y0 - ENTRY }
  const far = { x, y: down ? y0 - ENTRY : y1 + ENTRY }
  const inGap = Math.abs(ship.x - x) <= 1.5 && (down ? ship.y <= near.y + 1 : ship.y >= near.y - 1)
  return inGap ? [far, to] : [near, far]
}

/** A point written as an order reads it, kept on the table. */
function at(p: Pt, sc: Scenario | undefined): string {
  const width = (sc?.width ?? 48_000) / 1000
  const length = (sc?.length ?? 72_000) / 1000
  const clamp = (v: number, hi: number) => Math.max(0, Math.min(hi, Math.round(v * 10) / 10))
  return `${clamp(p.x, width)},${clamp(p.y, length)}`
}

/**
 * §11 L1031-1045: ram damage grows with the rammer's speed, so she runs at the enemy at her top
 * speed: a patrol through the place the enemy was seen to a point as far beyond it (a patrol keeps
 * her speed where ENGAGE would come alongside and STEAM-TO would slow to arrive), her RAM clause
 * keeping the helm from steering clear of her (ruling RC-62).
 */
export function ramRun(ship: SeenShip, target: SeenShip, sc: Scenario | undefined): string {
  return `PATROL ${at(target, sc)} ${at({ x: 2 * target.x - ship.x, y: 2 * target.y - ship.y }, sc)}`
}

/**
 * The directive that takes a hunter at her quarry: round the belt between them by its gap (a patrol,
 * at her top speed), else a ram run when she has a ram and is within `ramReach`, else ENGAGE.
 */
export function huntDirective(
  ship: SeenShip,
  target: SeenShip,
  sc: Scenario | undefined,
  ramReach: number | null,
): { directive: string; rams: boolean } {
  const way = passage(ship, target, sc)
  if (way) return { directive: `PATROL ${at(way[0], sc)} ${at(way[1], sc)}`, rams: false }
  if (ramReach !== null && distance(ship, target) <= ramReach)
    return { directive: ramRun(ship, target, sc), rams: true }
  return { directive: `ENGAGE ${target.id}`, rams: false }
}

/** Inches upstream of a minefield square in which the current could set a stopped ship onto it (§7 L463). */
const SHADOW = 4

/**
 * Whether a point lies just upstream of a minefield square where the current runs (§7 L459-463,
 * §9 L805-813): a ship that closes with an enemy there and stops alongside her drifts onto the square.
 */
export function inShadow(sc: Scenario | undefined, p: Pt): boolean {
  if (!sc) return false
  const running = sc.current.some((z) => z.knots > 0 && insideBox(z.polygon, p))
  return (
    running &&
    sc.minefields.some((m) => {
      const xs = m.polygon.map((q) => q.x / 1000)
      const ys = m.polygon.map((q) => q.y / 1000)
      const top = Math.max(...ys)
      return p.x > Math.min(...xs) - 1 && p.x < Math.max(...xs) + 1 && p.y >= top && p.y < top + SHADOW
    })
  )
}

function insideBox(polygon: { x: number; y: number }[], p: Pt): boolean {
  const xs = polygon.map((q) => q.x / 1000)
  const ys = polygon.map((q) => q.y / 1000)
  return p.x >= Math.min(...xs) && p.x <= Math.max(...xs) && p.y >= Math.min(...ys) && p.y <= Math.max(...ys)
}

/**
 * The one quarry the whole side goes for, so that its fire and its ram fall on one ship (§9: damage
 * tells only as it adds up on a hull): a flagship the cards name that is not armoured, the likelier
 * kill, else the named ship nearest the side's rammer (or its first ship), leaving out one lying where
 * chasing her would set the hunter onto a minefield.
 */
export function focusOf(
  pack: RiverPack,
  quarry: SeenShip[],
  flag: string | null,
  hunter: SeenShip | undefined,
  sc: Scenario | undefined,
): SeenShip | null {
  const safe = quarry.filter((e) => !inShadow(sc, e))
  if (!safe.length || !hunter) return null
  const soft = safe.find((e) => e.id === flag && !armoured(pack, e))
  if (soft) return soft
  return [...safe].sort((a, b) => distance(hunter, a) - distance(hunter, b) || (a.id < b.id ? -1 : 1))[0]!
}
