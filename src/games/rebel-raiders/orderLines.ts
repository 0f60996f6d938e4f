// The readers of the order lines that are not moves (orders.ts dispatches to them): battle and
// interception orders, counterattacks, assaults and their tactics, the build phase's lines and the
// cards played, each checked against the position and what the earlier lines of the same orders did.
import type { ScriptLine } from '../../orders/script.ts'
import { assaultProblem, counterattackProblem, tacticsProblem } from './assault.ts'
import type { Buildable, BuildOrder } from './buildTypes.ts'
import { assaultForbidden } from './cardAssaults.ts'
import { CARD_EFFECTS } from './cardEffects.ts'
import { discardProblem } from './cards.ts'
import type { MoveReading } from './orderMoves.ts'
import { type Args, noted } from './orderTypes.ts'
import { written } from './orderGrammar.ts'
import { pawnFor, spendPawn } from './pawns.ts'
import { type PlayOrder, playProblem } from './plays.ts'
import { parseBattlePolicy } from './policies.ts'
import type { Control, RrState } from './state.ts'

/** Everything reading one mail's orders shares, line by line (the moves' part in MoveReading). */
export interface OrderReading extends MoveReading {
  /** The position at the start of the phase (MoveReading.state adds the cards these orders lay first). */
  base: RrState
  builds: BuildOrder[]
  lineText: Map<number, string>
  counterattacks: number
  freeCounterattacks: number
  /** #34's one assault without a pawn, while unused. */
  lightning: boolean
  /** Who holds each space if the ASSAULT lines so far succeed (11.8). */
  hoped: Control
  discarded: Set<number>
  placements: string[]
  played: Set<number>
  lastingEffects: string[]
}

export function readPolicy(r: OrderReading, l: ScriptLine, raw: string): void {
  const p = parseBattlePolicy(raw)
  if (typeof p === 'string') r.err(l.line, l.text, p)
  else if (p.event === 'DEFENCE' && r.side !== 'CSA')
    r.err(l.line, l.text, 'only the Confederate defender chooses shelter, sortie or combined (10.12)')
  else if (p.event === 'DEFENCE' && p.scope !== 'ALL' && !r.pack.map.has(p.scope))
    r.err(l.line, l.text, `ON DEFENCE names a port or fort: no space ${p.scope} on the map`)
  else {
    r.out.commands.push({ kind: 'policy', line: l.line, policy: p })
    r.out.normalised.push(noted(p.text, 'stands until replaced'))
  }
}

export function readIntercept(r: OrderReading, l: ScriptLine, a: Args): void {
  const at = (a.at as string | undefined) ?? 'ALL'
  if (r.side !== 'USA') r.err(l.line, l.text, 'only the Union intercepts (7.78)')
  else if (at !== 'ALL' && r.pack.map.space(at).kind !== 'blockadeStation')
    r.err(l.line, l.text, `${at} is not a blockade station: a stack die is rolled only in one (7.78)`)
  else {
    const how = a.how === 'STACK' ? 'stack' : 'each'
    r.out.commands.push({ kind: 'intercept', line: l.line, how, at })
    r.out.normalised.push(
      noted(written('intercept', { how: a.how!, ...(at === 'ALL' ? {} : { at }) }), 'stands until changed'),
    )
  }
}

export function readCounterattack(r: OrderReading, l: ScriptLine, a: Args): void {
  const [target, from] = [a.target as string, a.from as string]
  const left = r.base.csaPawns + r.freeCounterattacks
  if (r.side !== 'CSA') return r.err(l.line, l.text, 'only the Confederacy counterattacks (11.9)')
  if (++r.counterattacks > left)
    return r.err(
      l.line,
      l.text,
      `a counterattack needs the grey pawn bought last turn, or a card played before it; ${left} left (11.9, 14.24)`,
    )
  const problem = counterattackProblem(r.pack.map, r.base.control, target, from)
  if (problem) return r.err(l.line, l.text, problem)
  r.out.commands.push({ kind: 'counterattack', line: l.line, target, from })
  r.out.normalised.push(written('counterattack', { target, from }))
}

/** TACTICS <target> <n>: the Union's tactics for a landing from the sea (11.63). */
export function readTactics(r: OrderReading, l: ScriptLine, a: Args): void {
  if (r.side !== 'USA') return notUnion(r, l)
  const [target, n] = [a.target as string, Number(a.tactics)]
  const problem = tacticsProblem(r.base, n) ?? landingTarget(r, target)
  if (problem) return r.err(l.line, l.text, problem)
  r.out.commands.push({ kind: 'tactics', line: l.line, target, tactics: n })
  r.out.normalised.push(written('tactics', { target, tactics: String(n) }))
}

/** Why `target` is no place a landing from the sea may be made this turn (7.73, 11.3), or null. */
function landingTarget(r: OrderReading, target: string): string | null {
  const ports = r.pack.map.spaces
    .filter((x) => (x.kind === 'oceanPort' || x.kind === 'fort') && (r.base.control[x.id] ?? x.side) === 'CSA')
    .map((x) => x.id)
  return ports.includes(target)
    ? null
    : `TACTICS names a Confederate ocean port or fort the Union ships land at (11.3): one of ${ports.join(', ')}`
}

const notUnion = (r: OrderReading, l: ScriptLine) =>
  r.err(
    l.line,
    l.text,
    'only the Union assaults (11); the Confederacy counterattacks: COUNTERATTACK <target> FROM <space>',
  )

/** ASSAULT <target> FROM <space> [TACTICS <n>]: a river or land assault, a pawn spent (11.1-11.8). */
export function readAssault(r: OrderReading, l: ScriptLine, a: Args): void {
  if (r.side !== 'USA') return notUnion(r, l)
  const [target, from, t] = [a.target as string, a.from as string, a.tactics as string | undefined]
  const tacticsWrong = tacticsProblem(r.base, Number(t ?? 0))
  if (tacticsWrong) return r.err(l.line, l.text, tacticsWrong)
  // Over a land line when there is one: it ignores the ships in the target (11.4).
  const kind = r.pack.map.between(from, target).includes('land') ? 'land' : 'river'
  const problem =
    assaultProblem(r.pack.map, { ...r.hoped, [target]: r.base.control[target] }, target, kind, from) ??
    assaultForbidden(r.base, r.pack, target)
  if (problem) return r.err(l.line, l.text, problem)
  const free = r.lightning
  const use = free ? 'normal' : pawnFor(r.pawns, r.pack, target, false)
  if (use !== 'sea' && use !== 'normal')
    return r.err(l.line, l.text, `no pawn for this assault: ${use}; ${r.base.unionPawns} this turn`)
  if (free) r.lightning = false
  else spendPawn(r.pawns, r.pack, target, use, false)
  r.out.commands.push({ kind: 'assault', line: l.line, target, from, tactics: Number(t ?? 0) })
  r.hoped[target] = 'USA'
  r.out.normalised.push(noted(written('assault', { target, from, ...(t === undefined ? {} : { tactics: t }) }), kind))
}

export function readExchange(r: OrderReading, l: ScriptLine, a: Args): void {
  const n = a.points as number
  if (r.side !== 'CSA') return r.err(l.line, l.text, 'only the Confederacy exchanges points (14.3)')
  r.out.commands.push({ kind: 'exchange', line: l.line, points: n })
  r.out.normalised.push(noted(written('exchange', { points: n }), `${5 * n} VP for ${n} special build points`))
}

export function readPlay(r: OrderReading, l: ScriptLine, a: Args): void {
  const at = a.at as string | undefined
  const play: PlayOrder = { line: l.line, card: Number(a.card), ...(at ? { at } : {}) }
  const problem = r.played.has(play.card) ? `#${play.card} is played twice` : playProblem(r.base, r.pack, r.side, play)
  if (problem) return r.err(l.line, l.text, problem)
  r.played.add(play.card)
  const lasting = CARD_EFFECTS[play.card]?.lasting
  if (lasting) r.lastingEffects.push(lasting)
  if (CARD_EFFECTS[play.card]?.givesCounterattack) r.freeCounterattacks++
  r.out.commands.push({ kind: 'play', ...play })
  r.out.normalised.push(
    noted(written('play', { card: a.card!, ...(at ? { at } : {}) }), r.pack.cards.get(play.card)!.name),
  )
}

export function readDiscard(r: OrderReading, l: ScriptLine, verb: 'DISCARD' | 'REFRESH', a: Args): void {
  const problem = discardProblem(r.base, r.side, verb, a.cards as string[], r.discarded)
  if (typeof problem === 'string') return r.err(l.line, l.text, problem)
  for (const c of problem) r.discarded.add(c)
  r.out.commands.push({ kind: 'discard', line: l.line, cards: problem, refresh: verb === 'REFRESH' })
  r.out.normalised.push(
    noted(
      written(verb.toLowerCase(), { cards: problem.map(String) }),
      problem.map((c) => `#${c} ${r.pack.cards.get(c)?.name ?? ''}`.trim()).join(', '),
    ),
  )
}

/** BUILD <type> [AT <space>] [SPECIAL] [FREE]: read now, priced all together at the end (builds.ts). */
export function readBuild(r: OrderReading, l: ScriptLine, a: Args): void {
  const what = (a.what as string).toLowerCase() as Buildable
  const free = a.free ? { free: true } : {}
  const at = a.at ? { at: a.at as string } : {}
  r.lineText.set(l.line, l.text)
  r.builds.push({ line: l.line, what, ...at, ...(a.special ? { special: true } : {}), ...free })
  r.out.commands.push({ kind: 'build', line: l.line, what, ...at, special: !!a.special, ...free })
  r.out.normalised.push(written('build', a))
}
