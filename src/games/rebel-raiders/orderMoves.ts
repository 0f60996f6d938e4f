// Reading a phase's moves and commanders (RB 7.4-7.7, 11.1-11.2): MOVE lines with their stacks,
// drops and pick-ups checked as the resolution will move them, the pawns their landings spend, and
// COMMAND / RELIEVE placing and taking off commanders, line by line as the orders leave them.
import { ferryUsed } from './moveCards.ts'
import type { Parsed } from '../contract.ts'
import { closest, type ScriptLine } from '../../orders/script.ts'
import { assaultForbidden } from './cardAssaults.ts'
import { commandedShips, commandLimit, commandProblem, isCommander } from './commanders.ts'
import type { Order } from '../kit/grammar.ts'
import { written } from './orderGrammar.ts'
import { moveStep, stepOrder } from './orderPath.ts'
import { type Args, noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import { type Pawns, pawnFor, spendPawn } from './pawns.ts'
import { moveContext } from './position.ts'
import type { Side } from './setup.ts'
import { checkStack } from './stack.ts'
import type { RrState } from './state.ts'

/** What reading the move lines shares with the rest of the orders, line by line. */
export interface MoveReading {
  state: RrState
  pack: RebelPack
  side: Side
  out: Parsed<RrCommand>
  err: (line: number, lineText: string, message: string, suggestion?: string) => void
  /** Ships that have a move in these orders. */
  moved: Set<string>
  /** Where each moved ship ends. */
  ends: Map<string, string>
  commanders: Record<string, string[]>
  relieved: Record<string, number>
  pawns: Pawns
}

/** COMMAND <commander> <ships> or RELIEVE <commander> (7.4). */
export function readCommandLine(r: MoveReading, l: ScriptLine, verb: 'COMMAND' | 'RELIEVE', a: Args): void {
  const { state, pack, side, out, err, moved, commanders, relieved } = r
  const name = a.name as string
  const ships = (a.ships as string[] | undefined) ?? []
  const problem = !state.phase.endsWith('move')
    ? 'commanders are placed and relieved in a move phase (7.4)'
    : verb === 'RELIEVE'
      ? commanders[name]
        ? null
        : `${name} is not on the map`
      : commandProblem({ ...state, commanders, relieved }, pack, side, name, ships, moved)
  if (problem) {
    err(l.line, l.text, problem)
    return
  }
  if (verb === 'RELIEVE') {
    delete commanders[name]
    relieved[name] = state.turn
    out.commands.push({ kind: 'relieve', line: l.line, name })
    out.normalised.push(written('relieve', { name }))
  } else {
    commanders[name] = ships
    out.commands.push({ kind: 'command', line: l.line, name, ships })
    out.normalised.push(written('command', { name, ships }))
  }
  return
}

/** MOVE <ships or commander> <path> (7.2-7.7), with the pawn a landing spends (11.1-11.2). */
export function readMoveLine(r: MoveReading, l: ScriptLine, a: Args): void {
  const { state, pack, side, out, err, moved, ends, commanders, pawns } = r
  const who = a.who as string[]
  const commander = who.length === 1 && isCommander(pack, side, who[0]!) ? who[0]! : undefined
  if (commander && !commanders[commander]) {
    err(l.line, l.text, `${commander} is not on the map: place him first with COMMAND ${commander} <ships>`)
    return
  }
  const ids = commander ? commandedShips({ ...state, commanders }, commander, moved) : who
  if (commander && !ids.length) {
    err(l.line, l.text, `${commander} has no ship left that has not moved`)
    return
  }
  const own = state.pieces.filter((p) => p.side === side)
  const missing = ids.find((id) => !own.some((p) => p.id === id))
  if (!ids.length || missing !== undefined) {
    err(
      l.line,
      l.text,
      `no ${side === 'CSA' ? 'Confederate' : 'Union'} piece ${missing ?? ''}`,
      closest(
        missing ?? '',
        own.map((p) => p.id),
        1,
      )[0],
    )
    return
  }
  const again = ids.find((id) => moved.has(id))
  if (again) {
    err(l.line, l.text, `${again} already has a move in these orders`)
    return
  }
  const path = (a.path as Order[]).map(moveStep)
  const stack = ids.map((id) => own.find((p) => p.id === id)!)
  // A path may start where the ships stand, as the echo writes it: that step is no move.
  const first = path[0]
  const steps = first && 'enter' in first && first.enter === stack[0]!.at ? path.slice(1) : path
  const check = checkStack(moveContext(state, pack), stack, steps, {
    moved,
    ...(commander ? { limit: commandLimit(state, pack, commander) } : {}),
  })
  if (!check.ok) {
    // Steps are numbered as written.
    const n = check.step ? check.step + path.length - steps.length : 0
    err(l.line, l.text, n ? `step ${n}: ${check.error}` : check.error)
    return
  }
  // #44's ferry serves one move a turn (the reading's state is the orders' own copy).
  if (check.ferried) ferryUsed(state)
  // Assaults need pawns (11.1), and one only may land on an ocean port a turn (11.2).
  const entered = steps.flatMap((st) => ('enter' in st ? [st.enter] : []))
  // A path may go on past a won assault into another (10.42), each with its own pawn.
  // A place re-entered after the path took it is no second assault (the fleet leaving New Orleans, PB 22).
  const landings = side === 'USA' ? [...new Set(entered.filter((id) => isEnemyPlace(pack, state, id)))] : []
  for (const landing of landings) {
    const barred = assaultForbidden(state, pack, landing)
    if (barred) {
      err(l.line, l.text, barred)
      return
    }
    const use = pawnFor(pawns, pack, landing, true)
    if (use !== 'sea' && use !== 'normal') {
      err(l.line, l.text, `entering ${pack.map.space(landing).name} is an assault, and ${use}`)
      return
    }
    spendPawn(pawns, pack, landing, use, true)
  }
  for (const id of [...ids, ...check.picked]) {
    moved.add(id)
    ends.set(id, check.ends[id] ?? check.end)
  }
  out.commands.push({
    kind: 'move',
    line: l.line,
    piece: ids[0]!,
    pieces: ids,
    steps,
    ...(commander ? { commander } : {}),
  })
  const tow = check.towed.length ? `, towing ${check.towed.join(', ')}` : ''
  out.normalised.push(
    noted(
      written('move', {
        who: commander ? [commander] : ids,
        path: [{ enter: stack[0]!.at }, ...steps].map(stepOrder),
      }),
      `${commander ? `${ids.join(',')}, ` : ''}${check.mp} MP${tow}`,
    ),
  )
  return
}

/** A Confederate port, fort or city the Union would assault by entering it (7.73). */
function isEnemyPlace(pack: RebelPack, state: RrState, id: string): boolean {
  const s = pack.map.space(id)
  return (state.control[id] ?? s.side) === 'CSA' && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(s.kind)
}
