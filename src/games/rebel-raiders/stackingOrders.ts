// The stacking limits on receipt (6.12): orders that would leave more pieces in a space than its
// limit are refused, naming the pieces the player could scrap to make room; the choice of what
// goes is his. `SCRAP <piece>[,<piece>...]` eliminates his own pieces at the start of the phase.
import type { Parsed } from '../contract.ts'
import type { ScriptLine } from '../../orders/script.ts'
import { written } from './orderGrammar.ts'
import { type Args, noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import type { StandingReading } from './aims.ts'
import { later, namedPiece, notOwn, yours } from './standingPieces.ts'
import type { Side } from './setup.ts'
import { overStacked } from './stacking.ts'
import type { RrPiece, RrState } from './state.ts'

type Err = (line: number, text: string, message: string) => unknown

/** Reads a SCRAP line: the side's own pieces, each named once. */
export function readScrapLine(
  state: RrState,
  side: Side,
  l: ScriptLine,
  ids: string[],
  out: Parsed<RrCommand>,
  err: Err,
): void {
  const scrapped = new Set(out.commands.flatMap((c) => (c.kind === 'scrap' ? c.pieces : [])))
  for (const id of ids) {
    const p = state.pieces.find((x) => x.id === id)
    if (!p || p.side !== side)
      return void err(l.line, l.text, `no ${side === 'CSA' ? 'Confederate' : 'Union'} piece ${id} to scrap`)
    if (scrapped.has(id)) return void err(l.line, l.text, `${id} is scrapped twice`)
  }
  out.commands.push({ kind: 'scrap', line: l.line, pieces: ids })
  out.normalised.push(noted(written('scrap', { pieces: ids }), '6.12, at the start of the phase'))
}

/**
 * Refuses the lines that would leave too many of the side's pieces together (6.12), with the pieces
 * there the player may scrap instead. `ends` are the ships' ends by the moves; `placed` the pieces built now.
 */
export function stackingErrors(
  state: RrState,
  pack: RebelPack,
  side: Side,
  out: Parsed<RrCommand>,
  ends: ReadonlyMap<string, string>,
  placed: RrPiece[],
  lineText: (line: number) => string,
  err: Err,
): void {
  const scrapped = new Set(out.commands.flatMap((c) => (c.kind === 'scrap' ? c.pieces : [])))
  for (const c of out.commands)
    if (c.kind === 'scrap')
      for (const id of c.pieces)
        if (ends.has(id)) err(c.line, lineText(c.line), `${id} moves in these orders: a moving ship is not scrapped`)
  const after = [
    ...state.pieces.filter((p) => !scrapped.has(p.id)).map((p) => ({ ...p, at: ends.get(p.id) ?? p.at })),
    ...placed,
  ]
  const recent = new Set([...ends.keys(), ...placed.map((p) => p.id)])
  const told = new Set<number>()
  for (const { piece, why } of overStacked(after, pack, recent)) {
    if (piece.side !== side || !recent.has(piece.id)) continue
    const line = lineOf(out.commands, piece, placed)
    if (told.has(line)) continue
    told.add(line)
    const there = after.filter((p) => p.at === piece.at && p.side === side && !recent.has(p.id) && sameKind(p, piece))
    const room = there.length
      ? `; to make room, SCRAP one of ${there.map((p) => p.id).join(', ')} (the choice is yours), or send fewer`
      : '; send fewer'
    err(
      line,
      lineText(line),
      `${piece.id.startsWith('new ') ? `the ${piece.type}` : piece.id} would break the limit: ${why}${room}`,
    )
  }
}

const WARSHIPS = new Set(['gunboat', 'ironclad', 'sloop', 'raider'])
const sameKind = (a: RrPiece, b: RrPiece) => a.type === b.type || (WARSHIPS.has(a.type) && WARSHIPS.has(b.type))

/** The order line that brings `piece` where it is: its move, or the build that places it. */
function lineOf(commands: RrCommand[], piece: RrPiece, placed: RrPiece[]): number {
  if (placed.includes(piece)) {
    const i = placed.filter((p) => p.type === piece.type && p.at === piece.at).indexOf(piece)
    const builds = commands.filter(
      (c) => c.kind === 'build' && c.what === piece.type && (c.at ?? piece.at) === piece.at,
    )
    return builds[i]?.line ?? builds[0]?.line ?? 0
  }
  const move = commands.find(
    (c) =>
      c.kind === 'move' &&
      (c.pieces.includes(piece.id) ||
        c.steps.some((s) => 'action' in s && s.action === 'PICKUP' && s.ships.includes(piece.id))),
  )
  return move?.line ?? 0
}

/** Reads a standing `RETREAT <raider|ALL> TO <space>[,<space>...]` (or `OFF`): where a raider breaking off goes (10.36). */
export function readRetreatLine(r: StandingReading, l: ScriptLine, a: Args): void {
  const { out, err } = r
  if (r.side !== 'CSA')
    return void err(l.line, l.text, 'only the Confederate player chooses where a raider retreats (10.36)')
  const [who, off, to] = [a.who as string, a.off === true, (a.to as string[] | undefined) ?? []]
  if (off === !!to.length)
    return void err(l.line, l.text, `write RETREAT ${who} TO <space>[,<space>...] or RETREAT ${who} OFF, not both`)
  const bad = off && who in (r.state.retreatTo ?? {}) ? undefined : raiderProblem(r, l, who)
  if (bad) return void err(l.line, l.text, bad)
  out.commands.push({ kind: 'retreat', line: l.line, ship: who, to })
  out.normalised.push(
    off
      ? noted(written('retreat', { who, off }), 'the question is asked again')
      : noted(written('retreat', { who, to }), 'stands until changed: the first open one is taken, 10.36'),
  )
}

/** Why `who` is neither ALL nor one of the Confederate player's raiders (10.36: a raider's retreat is his choice). */
function raiderProblem(r: StandingReading, l: ScriptLine, who: string): string | undefined {
  if (who === 'ALL') return undefined
  const n = namedPiece(r.state, r.pack, who)
  // The Albemarle (#75) retreats as a raider does (10.36).
  if (r.state.named.some((x) => x.ship === who && x.card === 75)) return undefined
  const why = typeof n === 'string' ? n : notOwn(n, 'CSA', ['raider'], r.pack)
  if (why || typeof n === 'string')
    return `${why}; only a raider's (or the Albemarle's) retreat is chosen by order (10.36): name ALL or one of your raiders: ${yours(r.state, 'CSA', ['raider'])}`
  if (n.later) r.out.warnings.push({ line: l.line, text: l.text, message: later(n) })
  return undefined
}

/**
 * Reads a standing `TOW <ironclad>[,<ironclad>...]` (or `TOW OFF`): the Union ironclads its sloops tow
 * first when a retreat from a station into its coastal zone has fewer sloops than ironclads (10.36).
 */
export function readTowLine(r: StandingReading, l: ScriptLine, a: Args): void {
  const { out, err } = r
  if (r.side !== 'USA')
    return void err(l.line, l.text, 'only the Union chooses which ironclads its sloops tow out of a station (10.36)')
  const ids = a.ships as string[]
  if (a.off === true && !ids.length) {
    out.commands.push({ kind: 'tow', line: l.line, ships: [] })
    out.normalised.push(noted(written('tow', { off: true }), 'the question is asked again'))
    return
  }
  if (a.off === !!ids.length)
    return void err(l.line, l.text, 'write TOW <ironclad>[,<ironclad>...], e.g. TOW IC-8,IC-9, or TOW OFF')
  for (const id of ids) {
    const n = namedPiece(r.state, r.pack, id)
    const why = typeof n === 'string' ? n : notOwn(n, 'USA', ['ironclad'], r.pack)
    if (why) return void err(l.line, l.text, `${why}; TOW names your ironclads: ${yours(r.state, 'USA', ['ironclad'])}`)
    if (typeof n !== 'string' && n.later) out.warnings.push({ line: l.line, text: l.text, message: later(n) })
  }
  if (new Set(ids).size < ids.length) return void err(l.line, l.text, 'an ironclad is named twice')
  out.commands.push({ kind: 'tow', line: l.line, ships: ids })
  out.normalised.push(noted(written('tow', { ships: ids }), 'stands until changed, 10.36'))
}
