// Whether a ship's move may be made as written (RB 7.1-7.7, 8.11, the ship summary table), checked
// when the orders arrive and again when they are carried out: each step's cost in movement points,
// the links a ship may use, where each kind of ship may go, and what a move runs into (an assault,
// a fight, a speed roll) and where that makes it stop. The dice of those encounters are not rolled
// here: this is the path, not its outcome.
import type { LinkKind, RebelMap, Space } from './map.ts'
import type { Piece, Pieces, PieceType, Position, Side } from './setup.ts'
import type { Control } from './state.ts'

/** The MP #52 adds once, as the group enters a blockade station. */
export const COALING_MP = 6

export type MoveStep =
  | { enter: string }
  | { action: 'LOAD' | 'UNLOAD' }
  | { action: 'RAID'; boost: number; times: number }
  /** `towing`: whether this sloop tows an ironclad at this point of a stack's path (7.61), set by the stack. */
  | { action: 'SEARCH'; boost: number; target: string; towing?: boolean }
  /** Ships leaving the moving stack here, or joining it here (7.52-7.53): no movement points. */
  | { action: 'DROP' | 'PICKUP'; ships: string[] }

/** What the move meets on the way, for the resolution to settle. */
export interface Encounter {
  at: string
  kind: 'assault' | 'combat' | 'speed-roll' | 'search' | 'raid'
  why: string
}

export type MoveCheck =
  | { ok: true; mp: number; end: string; encounters: Encounter[] }
  | { ok: false; error: string; step: number }

/** Who holds each space now: the map's side until a control marker changes it. */

export interface MoveContext {
  map: RebelMap
  pieces: Pieces
  position: Position
  control: Control
  /** The zones #44 ferries to this turn (its move not yet made), or undefined. */
  coeurDeLion?: string[]
  /** Sloops #52 was played on this turn. */
  coaling?: string[]
  /** Ships a storm keeps where it left them this turn (#49, #92). */
  stormed?: string[]
  /** Spaces a named ship may enter beyond its ship table (#75), by ship. */
  freeWaters?: Record<string, string[]>
  /** 1-VP cargo markers lying in a port (#93, #94): a loaded runner may still add one there. */
  portCargo?: Record<string, number>
  /** Spaces cards in play close to one side's ships (#62), with the reason. */
  closed?: { side: Side; spaces: string[]; why: string }[]
}

const SHIP_LINKS: readonly LinkKind[] = ['port', 'sea', 'river']
const WARSHIPS: readonly PieceType[] = ['gunboat', 'ironclad', 'sloop', 'raider']
const AT_SEA = new Set(['coastal', 'highSeas', 'whaling'])

/** Why a kind of ship may not be in a space, or null when it may. */
function barred(type: PieceType, side: Side, s: Space, ctx: MoveContext, towed: boolean): string | null {
  const def = ctx.pieces.types.find((t) => t.type === type)!
  const kinds = `${type}s`
  if (s.kind === 'coastal') {
    const c = def.seas.coastal
    if (c === false || (c === 'USA' && side !== 'USA') || (c === 'USA-towed' && (side !== 'USA' || !towed)))
      return `${kinds} may not enter a coastal zone${c === 'USA-towed' && side === 'USA' ? ' unless towed by a sloop' : ''} (ship table)`
  }
  if ((s.kind === 'highSeas' || s.kind === 'whaling' || s.kind === 'neutralPort') && !def.seas.highSeas)
    return `${kinds} may not enter the high seas (ship table)`
  if (s.northOfVicksburg && !def.seas.northOfVicksburg) return `${kinds} may not go upriver of Vicksburg (ship table)`
  if (s.noShips) return `no ship may enter ${s.name} (RB 3.1)`
  const closed = ctx.closed?.find((c) => c.side === side && c.spaces.includes(s.id))
  if (closed) return `${s.name}: ${closed.why}`
  if (s.side === 'neutral' && s.kind === 'riverPort' && (ctx.control[s.id] ?? 'neutral') === 'neutral')
    return `${s.name} is uncommitted Kentucky: no ship enters it until a side takes it (12.1-12.3)`
  if (s.kind === 'navyYards' && side !== 'USA') return 'Confederate ships may not enter the Navy Yards (ruling RR-M2)'
  if (side === 'CSA' && (ctx.control[s.id] === 'USA' || (s.side === 'USA' && s.kind === 'riverPort')))
    return `Confederate ships may never enter ${s.name}, a Union port (RB 7.74)`
  return null
}

const enemyOf = (side: Side): Side => (side === 'CSA' ? 'USA' : 'CSA')
const holders = (ctx: MoveContext, at: string, side: Side, types: readonly PieceType[]) =>
  ctx.position.pieces.filter((p) => p.at === at && p.side === side && types.includes(p.type))

type MoveOpts = { towed?: boolean; towing?: boolean; coaled?: boolean; ferried?: boolean }

/** A ship's move as it is checked step by step. */
interface Walk {
  ctx: MoveContext
  piece: Piece
  opts: MoveOpts
  at: string
  mp: number
  allowance: number
  /** #52's coaling still to come (false) or done, or not played (true). */
  coaled: boolean
  encounters: Encounter[]
  /** 10.42: the rest of the path is sailed only if the assault there is won; 11.8: never on from an ocean port. */
  assaulted: string | null
  /** Places this path assaults, Union-held for its later steps if the assault is won (10.42, ruling RR-A2). */
  taken: Set<string>
  /** A runner carries one cargo marker (9.3); a marker #93/#94 left in the port may still be added to a load. */
  loaded: boolean
}

/**
 * Checks one ship's move step by step (`towed`: an ironclad behind a sloop; `towing`: the sloop). A Union ship that
 * enters an enemy port or fort must assault it (RB 7.73): it needs a cannon pawn and stops there.
 */
export function checkMove(ctx: MoveContext, piece: Piece, steps: MoveStep[], opts: MoveOpts = {}): MoveCheck {
  const def = ctx.pieces.types.find((t) => t.type === piece.type)
  if (!def || !def.moves)
    return { ok: false, error: `${piece.id} is a ${piece.type} and never moves (RB 7.11)`, step: 0 }
  const w: Walk = {
    ctx,
    piece,
    opts,
    at: piece.at,
    mp: 0,
    // A group of sloops coaling (#52) gains 6 MP once, at the first blockade station free of Confederate gunboats and ironclads.
    // Ships #44 ferries from the Navy Yards go to their station whatever the distance (PB 23).
    allowance: opts.ferried ? Number.POSITIVE_INFINITY : def.mp,
    coaled: !opts.coaled,
    encounters: [],
    assaulted: null,
    taken: new Set(),
    loaded: (piece as { cargo?: number }).cargo !== undefined,
  }
  const start = steps[0] && 'enter' in steps[0] && steps[0].enter === piece.at ? 1 : 0
  for (let i = start; i < steps.length; i++) {
    const step = steps[i]!
    const error =
      'enter' in step
        ? enterProblem(w, step.enter)
        : step.action === 'DROP' || step.action === 'PICKUP'
          ? null
          : actionProblem(w, step)
    if (error) return { ok: false, error, step: i + 1 }
    if (!('enter' in step) && w.mp > w.allowance)
      return {
        ok: false,
        error: `${piece.id} has ${w.allowance} movement points; this move needs ${w.mp} (RB 7.3)`,
        step: i + 1,
      }
  }
  return { ok: true, mp: w.mp, end: w.at, encounters: w.encounters }
}

/** Why the ship may not enter `id` from where it is, or null; on the way, what it meets there. */
function enterProblem(w: Walk, id: string): string | null {
  const { ctx, piece, opts } = w
  const here = ctx.map.space(w.at)
  if (!ctx.map.has(id))
    return `no space ${id} on the map; from ${here.name}: ${ctx.map.neighbours(w.at, SHIP_LINKS).join(', ')}`
  const to = ctx.map.space(id)
  const links = ctx.map.between(w.at, to.id)
  if (!links.length)
    return `${to.name} is not next to ${here.name} (RB 7.2): ${here.name} borders ${ctx.map
      .neighbours(w.at, SHIP_LINKS)
      .map((n) => `${ctx.map.space(n).name} (${n})`)
      .join(', ')}`
  if (!links.some((l) => SHIP_LINKS.includes(l)))
    return links.includes('river-noships')
      ? `no ship may move between ${here.name} and ${to.name} (RB 7.24)`
      : `${here.name} and ${to.name} are joined only by a land line: ships may not use it (RB 3.1)`
  const bar =
    ctx.freeWaters?.[piece.id]?.includes(to.id) || (opts.ferried && ctx.coeurDeLion?.includes(to.id))
      ? null
      : barred(piece.type, piece.side, to, ctx, !!opts.towed)
  if (bar) return bar
  // A towed ironclad spends nothing in the sea zones (RB 7.32).
  w.mp += opts.towed && AT_SEA.has(to.kind) ? 0 : 1
  w.at = to.id
  if (!w.coaled && to.kind === 'blockadeStation' && !holders(ctx, w.at, 'CSA', ['gunboat', 'ironclad']).length) {
    w.coaled = true
    w.allowance += COALING_MP
  }
  const problem = meets(w, to)
  if (problem) return problem
  // A damaged ironclad has a single movement point (18.253).
  const most = piece.damaged ? 1 : w.allowance
  if (w.mp > most)
    return `${piece.id} has ${most} movement points; this move needs ${w.mp} (RB 7.3${piece.damaged ? ', 18.253' : ''})`
  return null
}

/** What entering `to` runs into: an assault (with its pawn and 11.8), a fight, or a speed roll; or why it may not. */
function meets(w: Walk, to: Space): string | null {
  const { ctx, piece } = w
  const foe = enemyOf(piece.side)
  const held = w.taken.has(to.id) ? 'USA' : (ctx.control[to.id] ?? to.side)
  if (piece.side === 'USA' && held === 'CSA' && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(to.kind)) {
    if (ctx.position.unionPawns < 1)
      return `entering ${to.name} is an assault, and no cannon pawn is left for one (RB 7.73)`
    if (w.assaulted && ctx.map.space(w.assaulted).kind === 'oceanPort')
      return `no assault goes on from ${ctx.map.space(w.assaulted).name}, an ocean port taken from the sea this turn (RB 11.8)`
    w.encounters.push({ at: w.at, kind: 'assault', why: `entering ${to.name} is an assault (RB 7.73)` })
    w.assaulted = to.id
    w.taken.add(to.id)
  } else if (to.kind === 'blockadeStation' && holders(ctx, w.at, foe, WARSHIPS).length) {
    if (piece.side === 'USA' && holders(ctx, w.at, 'CSA', ['gunboat', 'ironclad']).length)
      w.encounters.push({
        at: w.at,
        kind: 'combat',
        why: `Confederate warships hold ${to.name}: naval combat (RB 7.75)`,
      })
    else if (piece.type === 'runner' || piece.type === 'raider')
      w.encounters.push({
        at: w.at,
        kind: 'speed-roll',
        why: `Union warships in ${to.name}: a speed roll to pass (RB 7.75)`,
      })
  } else if (
    piece.type === 'raider' &&
    (to.kind === 'highSeas' || to.kind === 'whaling') &&
    holders(ctx, w.at, 'USA', ['sloop']).length
  )
    w.encounters.push({ at: w.at, kind: 'speed-roll', why: `Union sloops in ${to.name}: a speed roll (RB 7.76)` })
  return null
}

/** Why an action on the path (LOAD, UNLOAD, RAID, SEARCH) may not be taken where the ship is, or null. */
function actionProblem(w: Walk, step: Exclude<MoveStep, { enter: string }>): string | null {
  const { ctx, piece } = w
  const here = ctx.map.space(w.at)
  if (step.action === 'LOAD' || step.action === 'UNLOAD') {
    const action = step.action
    if (piece.type !== 'runner') return `only blockade runners ${action.toLowerCase()} cargo (RB 7.33)`
    if (action === 'LOAD' && here.kind !== 'neutralPort') return 'cargo is loaded only in a neutral port (RB 7.33)'
    if (action === 'UNLOAD' && (here.kind !== 'oceanPort' || (ctx.control[here.id] ?? here.side) !== 'CSA'))
      return 'cargo is unloaded only in a Confederate port (RB 7.33)'
    if (action === 'LOAD' && w.loaded && !(ctx.portCargo?.[here.id] ?? 0))
      return `${piece.id} already carries cargo: a runner carries one cargo marker; UNLOAD it in a Confederate port first (RB 9.3, 9.11)`
    w.loaded = action === 'LOAD'
    w.mp += 1
    return null
  }
  if (step.action === 'RAID') {
    if (piece.type !== 'raider') return 'only raiders raid (RB 7.34)'
    if (!AT_SEA.has(here.kind)) return 'a raid is made in a coastal or high seas zone or the Whaling Grounds (RB 7.34)'
    if (here.noRaid) return `no raiding in ${here.name} (RB 8.11)`
    w.mp += step.times * (2 + 2 * step.boost)
    for (let n = 0; n < step.times; n++)
      w.encounters.push({ at: w.at, kind: 'raid', why: `raid${step.boost ? ` +${step.boost}` : ''} (RB 8)` })
    return null
  }
  if (step.action === 'SEARCH') return searchProblem(w, step)
  return null
}

function searchProblem(w: Walk, step: Extract<MoveStep, { action: 'SEARCH' }>): string | null {
  const { ctx, piece } = w
  const here = ctx.map.space(w.at)
  const where = piece.type === 'sloop' ? [...AT_SEA, 'blockadeStation'] : ['blockadeStation']
  if (piece.type !== 'sloop' && !(piece.type === 'gunboat' && piece.side === 'USA'))
    return 'only Union sloops, and Union gunboats in a blockade station, search (RB 7.35-7.36)'
  if (step.towing ?? w.opts.towing) return 'a sloop towing an ironclad may not search (RB 7.61)'
  if (!where.includes(here.kind))
    return `a ${piece.type} searches only in ${piece.type === 'sloop' ? 'a blockade station, a coastal or high seas zone or the Whaling Grounds' : 'a blockade station'} (RB 7.35-7.36)`
  const target = ctx.position.pieces.find((p) => p.id === step.target && p.side === 'CSA')
  if (!target || target.at !== w.at) return `no Confederate ${step.target} in ${here.name} to search for (RB 7.75)`
  if (target.type === 'runner' && (here.kind === 'highSeas' || here.kind === 'whaling'))
    return 'sloops may not search for blockade runners on the high seas (RB 7.76)'
  w.mp += 2 + 2 * step.boost
  w.encounters.push({
    at: w.at,
    kind: 'search',
    why: `search for ${target.id}${step.boost ? ` +${step.boost}` : ''} (RB 7.75-7.76)`,
  })
  return null
}
