// Ships that move together (RB 7.5-7.6): a stack starts in one space and moves as one, each ship
// within its own movement points (so at the slowest ship's pace); runners and raiders always move
// alone; a Union sloop in the stack tows one ironclad through the sea zones (which then spends
// nothing there, and the sloop may not search while towing). On the way the stack may drop ships
// off, whose move ends there, and pick up ships that have not moved, which move on with it (7.52-7.53).
import { ferriedByCoeurDeLion } from './moveCards.ts'
import { checkMove, type MoveCheck, type MoveContext, type MoveStep } from './movement.ts'
import type { Piece } from './setup.ts'

export type StackCheck =
  | {
      ok: true
      mp: number
      end: string
      encounters: Extract<MoveCheck, { ok: true }>['encounters']
      towed: string[]
      /** Ships joining on the way (they count as moved). */
      picked: string[]
      /** The move is #44's ferry from the Navy Yards (its once a turn used). */
      ferried?: boolean
      /** Where each ship's move ends (a dropped ship where it was dropped). */
      ends: Record<string, string>
    }
  | { ok: false; error: string; step: number }

/** Each ship's own part of a stack's path, split at its DROP or PICKUP (7.52-7.53), or why it cannot be split so. */
function legs(
  ctx: MoveContext,
  stack: Piece[],
  steps: MoveStep[],
  opts: { moved?: ReadonlySet<string>; limit?: number },
): { legs: Map<Piece, MoveStep[]>; picked: string[] } | { error: string; step: number } {
  const legs = new Map<Piece, MoveStep[]>(stack.map((p) => [p, []]))
  const aboard = new Set(stack)
  const picked: string[] = []
  let at = stack[0]!.at
  for (const [i, step] of steps.entries()) {
    if (!('action' in step) || (step.action !== 'DROP' && step.action !== 'PICKUP')) {
      const towingNow = 'action' in step && step.action === 'SEARCH' ? towingSloops([...aboard]) : null
      for (const p of aboard)
        legs.get(p)!.push(towingNow && 'target' in step ? { ...step, towing: towingNow.has(p.id) } : step)
      if ('enter' in step) at = step.enter
      continue
    }
    for (const id of step.ships) {
      const fail = (error: string) => ({ error, step: i + 1 })
      if (step.action === 'DROP') {
        const p = [...aboard].find((x) => x.id === id)
        if (!p) return fail(`${id} is not in the moving stack here`)
        aboard.delete(p)
        if (!aboard.size && steps.slice(i + 1).some((st) => !('action' in st) || st.action !== 'DROP'))
          return fail('the stack has no ship left to go on with')
        continue
      }
      const p = ctx.position.pieces.find((x) => x.id === id && x.side === stack[0]!.side)
      if (!p) return fail(`no ${stack[0]!.side === 'CSA' ? 'Confederate' : 'Union'} ship ${id}`)
      if (legs.has(p)) return fail(`${id} is already in the stack`)
      if (p.at !== at) return fail(`${id} is in ${p.at}, not ${at}, where the stack picks it up (7.53)`)
      if (opts.moved?.has(id))
        return fail(`${id} has a move of its own: only ships that have not moved are picked up (7.53)`)
      if (p.type === 'runner' || p.type === 'raider') return fail('blockade runners and raiders move alone (7.51)')
      legs.set(p, [])
      aboard.add(p)
      picked.push(id)
    }
    if (opts.limit !== undefined && aboard.size > opts.limit)
      return { error: `a commander carries at most ${opts.limit} ships (7.53)`, step: i + 1 }
  }
  return { legs, picked }
}

/** The sloops towing among the ships moving together at one moment: each Union sloop tows one ironclad, in stack order (7.61). */
function towingSloops(ships: Piece[]): Set<string> {
  const sloops = ships.filter((p) => p.side === 'USA' && p.type === 'sloop')
  const ironclads = ships.filter((p) => p.side === 'USA' && p.type === 'ironclad').length
  return new Set(sloops.slice(0, ironclads).map((p) => p.id))
}

/**
 * The tows that stand after the Union's moves (7.61): each sloop that ended its move in a stack with an
 * ironclad still aboard tows one, in stack order; a tow from an earlier turn stands while neither ship has
 * moved and they share a space.
 */
export function towsAfterMoves(
  pieces: readonly Piece[],
  moves: readonly { pieces?: string[]; piece: string; steps: MoveStep[] }[],
  before: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const byId = new Map(pieces.map((p) => [p.id, p]))
  const moved = new Set<string>()
  const tows: Record<string, string> = {}
  for (const m of moves) {
    const aboard = new Set(m.pieces ?? [m.piece])
    for (const id of aboard) moved.add(id)
    for (const st of m.steps)
      if ('action' in st && (st.action === 'DROP' || st.action === 'PICKUP'))
        for (const id of st.ships) {
          moved.add(id)
          if (st.action === 'DROP') aboard.delete(id)
          else aboard.add(id)
        }
    const ships = [...aboard].map((id) => byId.get(id)).filter((p): p is Piece => !!p)
    const sloops = ships.filter((p) => p.side === 'USA' && p.type === 'sloop')
    const ironclads = ships.filter((p) => p.side === 'USA' && p.type === 'ironclad')
    sloops.forEach((sl, i) => {
      const ic = ironclads[i]
      if (ic && ic.at === sl.at) tows[sl.id] = ic.id
    })
  }
  for (const [sl, ic] of Object.entries(before))
    if (!moved.has(sl) && !moved.has(ic) && byId.get(sl) && byId.get(sl)?.at === byId.get(ic)?.at) tows[sl] = ic
  return tows
}

export function checkStack(
  ctx: MoveContext,
  stack: Piece[],
  steps: MoveStep[],
  opts: { moved?: ReadonlySet<string>; limit?: number } = {},
): StackCheck {
  const [first] = stack
  if (!first) return { ok: false, error: 'no ship to move', step: 0 }
  if (stack.some((p) => p.at !== first.at))
    return {
      ok: false,
      error: `a stack moves from one space: ${stack.map((p) => `${p.id} is in ${p.at}`).join(', ')} (7.52)`,
      step: 0,
    }
  if (stack.length > 1 && stack.some((p) => p.type === 'runner' || p.type === 'raider'))
    return { ok: false, error: 'blockade runners and raiders move alone (7.51)', step: 0 }
  const bound = stack.find((p) => ctx.stormed?.includes(p.id))
  if (bound) return { ok: false, error: `${bound.id} is storm-bound and may not move this turn (#49, #92)`, step: 0 }
  if (new Set(stack.map((p) => p.id)).size !== stack.length)
    return { ok: false, error: 'a ship is named twice in the stack', step: 0 }
  if (opts.limit !== undefined && stack.length > opts.limit)
    return { ok: false, error: `a commander carries at most ${opts.limit} ships (7.53)`, step: 0 }
  const split = legs(ctx, stack, steps, opts)
  if ('error' in split) return { ok: false, ...split }
  const all = [...split.legs.keys()]
  // Each Union sloop tows one ironclad (7.61); ironclads beyond the sloops move on their own.
  const sloops = all.filter((p) => p.side === 'USA' && p.type === 'sloop')
  const ironclads = all.filter((p) => p.side === 'USA' && p.type === 'ironclad')
  const pairs = Math.min(sloops.length, ironclads.length)
  const towed = new Set(ironclads.slice(0, pairs).map((p) => p.id))
  const towing = new Set(sloops.slice(0, pairs).map((p) => p.id))
  let mp = 0
  const ends: Record<string, string> = {}
  const encounters: Extract<MoveCheck, { ok: true }>['encounters'] = []
  // #52: a lone sloop, a stack or a command of sloops only, one of them the sloop the card names.
  const coaled = all.every((p) => p.type === 'sloop') && all.some((p) => ctx.coaling?.includes(p.id))
  const ferried = ferriedByCoeurDeLion(ctx, all, steps)
  for (const [p, leg] of split.legs) {
    const c = checkMove(ctx, p, leg, { towed: towed.has(p.id), towing: towing.has(p.id), coaled, ferried })
    if (!c.ok) return { ...c, error: all.length > 1 ? `${p.id}: ${c.error}` : c.error }
    mp = Math.max(mp, c.mp)
    ends[p.id] = c.end
    for (const e of c.encounters)
      if (!encounters.some((x) => x.at === e.at && x.kind === e.kind && x.why === e.why)) encounters.push(e)
  }
  const end = steps.reduce((at, st) => ('enter' in st ? st.enter : at), first.at)
  return {
    ok: true,
    mp,
    end,
    encounters,
    towed: [...towed],
    picked: split.picked,
    ends,
    ...(ferried ? { ferried } : {}),
  }
}
