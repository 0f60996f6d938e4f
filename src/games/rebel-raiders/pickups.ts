// A stack picking up or dropping ships on its way (7.52-7.53), with the commanders' lists.
import { commandLimit, leaveCommand } from './commanders.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { RrPiece } from './state.ts'

/**
 * A stack's DROP or PICKUP on the way (7.52-7.53): the ships dropped stay where the stack is, their
 * move done; the ships picked up (there, and not yet moved) go on with it. A commander's list follows.
 */
export function dropOrPick(
  run: PhaseRun,
  ships: RrPiece[],
  step: { action: 'DROP' | 'PICKUP'; ships: string[] },
  at: string,
  commander?: string,
): RrPiece[] {
  const side = ships[0]?.side
  if (step.action === 'DROP') {
    const dropped = ships.filter((x) => step.ships.includes(x.id))
    if (dropped.length)
      run.say(
        '7.52',
        `${dropped.map((x) => x.id).join(', ')} ${dropped.length > 1 ? 'stay' : 'stays'} in ${run.name(at)}.`,
        at,
      )
    // Only ships still in the stack are dropped: one already lost stays lost with its commander (10.5).
    if (commander)
      leaveCommand(
        run.s,
        dropped.map((x) => x.id),
      )
    return ships.filter((x) => !step.ships.includes(x.id))
  }
  const joining = step.ships
    .map((id) => run.s.pieces.find((p) => p.id === id && p.side === side && p.at === at && !run.arrived.has(id)))
    .filter((p): p is RrPiece => !!p)
  const missed = step.ships.filter((id) => !joining.some((p) => p.id === id))
  for (const p of joining) run.arrived.add(p.id)
  if (commander) {
    // A commander whose every ship is taken on comes along as the other's subordinate, keeping his own (7.53).
    const ids = joining.map((p) => p.id)
    const subordinates = Object.entries(run.s.commanders).filter(
      ([name, own]) => name !== commander && own.length > 0 && own.every((id) => ids.includes(id)),
    )
    for (const [name] of subordinates)
      run.say(
        '7.53',
        `${name.charAt(0)}${name.slice(1).toLowerCase()} comes along with his ships as a subordinate.`,
        at,
      )
    const kept = new Set(subordinates.flatMap(([, own]) => own))
    leaveCommand(
      run.s,
      ids.filter((id) => !kept.has(id)),
    )
    const limit = commandLimit(run.s, run.pack, commander)
    const room = Math.max(0, limit - (run.s.commanders[commander]?.length ?? 0))
    run.s.commanders[commander] = [...(run.s.commanders[commander] ?? []), ...joining.slice(0, room).map((p) => p.id)]
  }
  run.say(
    '7.53',
    `${joining.length ? `${joining.map((p) => p.id).join(', ')} ${joining.length > 1 ? 'join' : 'joins'} the stack in ${run.name(at)}` : 'No ship joins the stack'}${missed.length ? `; ${missed.join(', ')} cannot (gone, elsewhere or already moved)` : ''}.`,
    at,
  )
  return [...ships, ...joining]
}
