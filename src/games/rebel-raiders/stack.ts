// Ships that move together (RB 7.5-7.6): a stack starts in one space and moves as one, each ship
// within its own movement points (so at the slowest ship's pace); runners and raiders always move
// alone; a Union sloop in the stack tows one ironclad through the sea zones (which then spends
// nothing there, and the sloop may not search while towing).
import { checkMove, type MoveCheck, type MoveContext, type MoveStep } from './movement.ts'
import type { Piece } from './setup.ts'

export type StackCheck =
  | { ok: true; mp: number; end: string; encounters: Extract<MoveCheck, { ok: true }>['encounters']; towed: string[] }
  | { ok: false; error: string; step: number }

export function checkStack(ctx: MoveContext, stack: Piece[], steps: MoveStep[]): StackCheck {
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
  if (new Set(stack.map((p) => p.id)).size !== stack.length)
    return { ok: false, error: 'a ship is named twice in the stack', step: 0 }
  // Each Union sloop tows one ironclad (7.61); ironclads beyond the sloops move on their own.
  const sloops = stack.filter((p) => p.side === 'USA' && p.type === 'sloop')
  const ironclads = stack.filter((p) => p.side === 'USA' && p.type === 'ironclad')
  const pairs = Math.min(sloops.length, ironclads.length)
  const towed = new Set(ironclads.slice(0, pairs).map((p) => p.id))
  const towing = new Set(sloops.slice(0, pairs).map((p) => p.id))
  let result: StackCheck | null = null
  for (const p of stack) {
    const c = checkMove(ctx, p, steps, { towed: towed.has(p.id), towing: towing.has(p.id) })
    if (!c.ok) return { ...c, error: stack.length > 1 ? `${p.id}: ${c.error}` : c.error }
    if (!result || (result.ok && c.mp > result.mp)) result = { ...c, towed: [...towed] }
  }
  return result!
}
