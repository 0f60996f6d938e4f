// How one Build puts the boat together (p.47 Arrange Components, Rearrange & Sell). Every tile number
// of a BUILD line reads the boat as it stood before that line (the numbering of the last report's
// boat line); the tiles the line adds are numbered on from there, in the order written. A sale or a
// tile slipped in before the stern (IM-59) renumbers the boat only once the Build is done, so a
// number never means one tile to the player and another to the judge.
import type { Campaign } from './campaign.ts'
import type { ImPack } from './pack.ts'

type Boat = Campaign['boat']

/** The Build as written: tiles added, parts placed, parts aboard moved, parts sold (`<part>` or `<part>@<tile>`). */
export interface BuildLine {
  /** Boat tiles added, numbered on from the last tile aboard (a prow first, a stern last). */
  tiles: string[]
  /** Mechanisms and weapon parts with the tile they go in. */
  parts: [string, number][]
  /** Each entry recycles one tile or part for $1. */
  sell: string[]
  /** Parts already aboard put on another tile: rearranging is free, and only in a Build (p.47). */
  move?: [string, number][]
}

interface Aboard {
  id: string
  at: number
  sold: boolean
  moved: boolean
}

/** The tiles a BUILD line may name: those aboard, then the new ones it adds. */
export function nameableTiles(boat: Boat, line: BuildLine): string {
  const added = boat.tiles.length ? line.tiles.map((t) => `${t} (new)`) : line.tiles
  return [...boat.tiles, ...added].map((t, i) => `${i} ${t}`).join(', ')
}

/** The boat after the line, renumbered; or why the line cannot be read against this boat. */
export function assemble(pack: ImPack, boat: Boat, line: BuildLine): Boat | string {
  const seen = [...boat.tiles, ...line.tiles]
  const soldTiles = new Set<number>()
  const aboard: Aboard[] = boat.parts.map(([id, at]) => ({ id, at, sold: false, moved: false }))
  for (const entry of line.sell) {
    const why = sell(boat, aboard, soldTiles, entry)
    if (why) return why
  }
  for (const [id, to] of line.move ?? []) {
    const p = aboard.find((x) => x.id === id && !x.sold && !x.moved)
    if (!p) return `${id} is not aboard to be moved`
    p.at = to
    p.moved = true
  }
  const placed: [string, number][] = [
    ...aboard.filter((p) => !p.sold).map((p): [string, number] => [p.id, p.at]),
    ...line.parts,
  ]
  for (const [id, at] of placed) {
    if (at >= seen.length)
      return seen.length
        ? `${id}@${at}: there is no tile ${at}; the tiles this BUILD may name: ${nameableTiles(boat, line)}`
        : 'a part is placed on a tile the boat does not have'
    if (soldTiles.has(at))
      return `${id} would be on tile ${at} (${seen[at]}), which is sold: put it elsewhere (MOVE ${id}@<tile>) or sell it too`
  }
  const order = finalOrder(pack, boat, line, soldTiles)
  const renumbered = new Map(order.map((seenAt, i) => [seenAt, i]))
  return { tiles: order.map((i) => seen[i]!), parts: placed.map(([id, at]) => [id, renumbered.get(at)!]) }
}

/** One SELL entry: a tile or a part aboard, named alone when the name is unambiguous, else with its tile. */
function sell(boat: Boat, aboard: Aboard[], soldTiles: Set<number>, entry: string): string | null {
  const [id, atText] = entry.split('@') as [string, string | undefined]
  const at = atText === undefined ? undefined : Number(atText)
  const tiles = boat.tiles.flatMap((t, i) =>
    t === id && !soldTiles.has(i) && (at === undefined || i === at) ? [i] : [],
  )
  const parts = aboard.filter((p) => p.id === id && !p.sold && (at === undefined || p.at === at))
  const choices = new Set([...tiles, ...parts.map((p) => p.at)])
  if (!choices.size) {
    const all = [...boat.tiles.map((t, i) => `${t}@${i}`), ...boat.parts.map(([p, i]) => `${p}@${i}`)]
    return `SELL ${entry}: there is no ${id}${at === undefined ? ' aboard' : ` on tile ${at}`}; aboard: ${all.join(', ') || 'nothing'}`
  }
  if (choices.size > 1)
    return `SELL ${id}: the boat has more than one; name which: ${[...choices].map((i) => `SELL ${id}@${i}`).join(' or ')}`
  if (tiles.length) soldTiles.add(tiles[0]!)
  else parts[0]!.sold = true
  return null
}

/**
 * The tiles kept, in their order, with the new ones at the stern end; with a stern already aboard
 * and none added they go in just before it (IM-59), and the stern's parts move along with it.
 */
function finalOrder(pack: ImPack, boat: Boat, line: BuildLine, soldTiles: Set<number>): number[] {
  const kind = (id: string) => pack.components.get(id)!.kind
  const kept = boat.tiles.flatMap((_, i) => (soldTiles.has(i) ? [] : [i]))
  const added = line.tiles.map((_, j) => boat.tiles.length + j)
  const last = kept.at(-1)
  const before =
    last !== undefined && kind(boat.tiles[last]!) === 'stern' && !line.tiles.some((t) => kind(t) === 'stern')
  return before ? [...kept.slice(0, -1), ...added, last] : [...kept, ...added]
}

/** The boat's tiles as a report lists them, each with its parts. */
export function tileLine(boat: Boat): string {
  const on = (i: number) =>
    boat.parts
      .filter(([, at]) => at === i)
      .map(([id]) => id)
      .join(', ')
  return boat.tiles.map((t, i) => `${i} ${t}${on(i) ? ` [${on(i)}]` : ''}`).join(', ')
}
