// The standard house player's ship moves (RB 7-9): raiders go where a raid's expected points are
// highest and no sloop lies in wait (8.1: 4-5 gives 1 VP and 6 gives 2 on the high seas, 4-6 gives
// 2 in the Whaling Grounds), runners carry cargo from a neutral port to a Confederate one (9), and
// Union sloops sail to search the nearest raider or runner (7.75-7.76). Every move is put through the
// game's own move check on the board the view shows before it is written.
import type { Choice } from '../contract.ts'
import type { Board } from './houseBoard.ts'
import { SHIP_LINKS } from './map.ts'
import { checkMove, type MoveContext, type MoveStep } from './movement.ts'
import { stepText } from './orderPath.ts'
import type { RebelPack } from './pack.ts'
import { overStacked } from './stacking.ts'
import type { RrPiece } from './state.ts'

const RAID_SEAS = new Set(['coastal', 'highSeas', 'whaling'])

/** Shortest ship paths from a space (breadth first), as space lists without the start. */
export function shipPaths(ctx: MoveContext, from: string, maxLen: number): Map<string, string[]> {
  const out = new Map<string, string[]>([[from, []]])
  let frontier = [from]
  for (let d = 0; d < maxLen; d++) {
    const next: string[] = []
    for (const at of frontier)
      for (const n of ctx.map.neighbours(at, SHIP_LINKS))
        if (!out.has(n)) {
          out.set(n, [...out.get(at)!, n])
          next.push(n)
        }
    frontier = next
  }
  return out
}

/** The moves written so far: where each moved ship ends, for the stacking limits (6.12). */
export interface Plan {
  pack: RebelPack
  ends: Map<string, string>
}

/** A move as written, and where the ship ends it. */
interface Move {
  line: string
  end: string
}

/** The move when the game's move check passes it and its end breaks no stacking limit, else null. */
function tryMove(ctx: MoveContext, plan: Plan, p: RrPiece, steps: MoveStep[]): Move | null {
  const check = steps.length ? checkMove(ctx, p, steps) : null
  if (!check?.ok) return null
  const ends = new Map([...plan.ends, [p.id, check.end]])
  // Stacking is counted space by space (6.12): only the pieces that end where this one does matter.
  const after = ctx.position.pieces
    .map((x) => ({ ...x, at: ends.get(x.id) ?? x.at }) as RrPiece)
    .filter((x) => x.at === check.end)
  if (overStacked(after, plan.pack, new Set(ends.keys())).some((o) => o.piece.id === p.id)) return null
  return { line: `MOVE ${p.id} ${steps.map(stepText).join(' > ')}`, end: check.end }
}

/** Keeps a chosen move: its line, and its end for the next ship's stacking. */
function commit(plan: Plan, id: string, move: Move | null, lines: string[]): void {
  if (!move) return
  plan.ends.set(id, move.end)
  lines.push(move.line)
}

/** 8.1: a raid's expected victory points in a space, unmodified. */
export function raidValue(ctx: MoveContext, at: string): number {
  const s = ctx.map.space(at)
  if (!RAID_SEAS.has(s.kind) || s.noRaid || s.europe || s.european) return 0
  return s.kind === 'whaling' ? 1 : 4 / 6
}

const sloopAt = (b: Board, at: string) => b.pieces.some((p) => p.side === 'USA' && p.type === 'sloop' && p.at === at)

/** A raider's best raiding move: the most expected points over its raids, ties by the choice source. */
function raiderMove(ctx: MoveContext, plan: Plan, b: Board, p: RrPiece, choice: Choice): Move | null {
  const options: { move: Move; value: number }[] = []
  for (const [to, path] of shipPaths(ctx, p.at, 6)) {
    if (raidValue(ctx, to) === 0 || sloopAt(b, to)) continue
    for (let times = 3; times >= 1; times--) {
      const move = tryMove(ctx, plan, p, [...path.map((enter) => ({ enter })), { action: 'RAID', boost: 0, times }])
      if (move) {
        options.push({ move, value: times * raidValue(ctx, to) })
        break
      }
    }
  }
  if (!options.length) return null
  const top = Math.max(...options.map((o) => o.value))
  const best = options.filter((o) => o.value === top)
  return best[choice.below(best.length, `raid for ${p.id}`)]!.move
}

/** The first of `routes` (each a path to a space, ending with an action) the move check passes. */
function firstRoute(
  ctx: MoveContext,
  plan: Plan,
  p: RrPiece,
  head: MoveStep[],
  routes: string[][],
  action: MoveStep,
): Move | null {
  for (const path of routes) {
    const move = tryMove(ctx, plan, p, [...head, ...path.map((enter) => ({ enter })), action])
    if (move) return move
  }
  return null
}

/** Paths to the spaces `wanted` accepts, shortest first. */
function routesTo(ctx: MoveContext, from: string, wanted: (to: string) => boolean): string[][] {
  return [...shipPaths(ctx, from, 8)]
    .filter(([to, path]) => path.length > 0 && wanted(to))
    .map(([, path]) => path)
    .sort((x, y) => x.length - y.length)
}

/**
 * A runner (9): a loaded one makes for the nearest Confederate ocean port to unload; an empty one in
 * a neutral port loads and, MP allowing, runs home in the same move; an empty one elsewhere sails
 * for the nearest neutral port to load. The view does not show which cargo markers are left (9.1),
 * so a load may find none.
 */
function runnerMove(ctx: MoveContext, plan: Plan, b: Board, p: RrPiece): Move | null {
  const home = (to: string) => ctx.map.space(to).kind === 'oceanPort' && b.control[to] !== 'USA'
  const unload: MoveStep = { action: 'UNLOAD' }
  if (p.cargo !== undefined) return firstRoute(ctx, plan, p, [], routesTo(ctx, p.at, home), unload)
  if (ctx.map.space(p.at).kind === 'neutralPort') {
    const load: MoveStep[] = [{ action: 'LOAD' }]
    return firstRoute(ctx, plan, p, load, routesTo(ctx, p.at, home), unload) ?? tryMove(ctx, plan, p, load)
  }
  const neutral = (to: string) => ctx.map.space(to).kind === 'neutralPort'
  return firstRoute(ctx, plan, p, [], routesTo(ctx, p.at, neutral), { action: 'LOAD' })
}

export function confederateMoves(ctx: MoveContext, pack: RebelPack, b: Board, choice: Choice): string[] {
  const plan: Plan = { pack, ends: new Map() }
  const lines: string[] = []
  for (const p of b.pieces.filter((x) => x.side === 'CSA')) {
    const move =
      p.type === 'raider'
        ? raiderMove(ctx, plan, b, p, choice)
        : p.type === 'runner'
          ? runnerMove(ctx, plan, b, p)
          : null
    commit(plan, p.id, move, lines)
  }
  return lines
}

/** 7.75-7.76: what a sloop may search where: raiders anywhere at sea, runners only off the coast. */
function searchable(ctx: MoveContext, prey: RrPiece): boolean {
  const kind = ctx.map.space(prey.at).kind
  if (prey.type === 'raider') return RAID_SEAS.has(kind) || kind === 'blockadeStation'
  return prey.type === 'runner' && (kind === 'coastal' || kind === 'blockadeStation')
}

/** Union sloops hunt where the enemy was last seen: the nearest raider or runner they may search. */
export function unionMoves(ctx: MoveContext, pack: RebelPack, b: Board, choice: Choice): string[] {
  const plan: Plan = { pack, ends: new Map() }
  const prey = b.pieces.filter((p) => p.side === 'CSA' && searchable(ctx, p))
  const lines: string[] = []
  const hunted = new Set<string>()
  for (const sl of b.pieces.filter((p) => p.side === 'USA' && p.type === 'sloop')) {
    const tries: { move: Move; len: number; target: string }[] = []
    for (const [to, path] of shipPaths(ctx, sl.at, 4))
      for (const t of prey.filter((x) => x.at === to && !hunted.has(x.id))) {
        const search: MoveStep = { action: 'SEARCH', boost: 0, target: t.id }
        const move = tryMove(ctx, plan, sl, [...path.map((enter) => ({ enter })), search])
        if (move) tries.push({ move, len: path.length, target: t.id })
      }
    if (!tries.length) continue
    const near = tries.filter((t) => t.len === Math.min(...tries.map((x) => x.len)))
    const pick = near[choice.below(near.length, `hunt for ${sl.id}`)]!
    hunted.add(pick.target)
    commit(plan, sl.id, pick.move, lines)
  }
  return lines
}
