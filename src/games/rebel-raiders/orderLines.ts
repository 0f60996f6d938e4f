// The readers of the order lines that are not moves (orders.ts dispatches to them): battle and
// interception orders, counterattacks, assaults and their tactics, the build phase's lines and the
// cards played, each checked against the position and what the earlier lines of the same orders did.
import type { ScriptLine } from '../../orders/script.ts'
import { assaultProblem, counterattackProblem, tacticsAllowed, tacticsProblem } from './assault.ts'
import type { Buildable, BuildOrder } from './buildTypes.ts'
import { assaultForbidden } from './cardAssaults.ts'
import { CARD_EFFECTS } from './cardEffects.ts'
import { discardProblem } from './cards.ts'
import type { MoveReading } from './orderMoves.ts'
import { noted } from './orderTypes.ts'
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

const BUILDABLE: Buildable[] = [
  'raider',
  'gunboat',
  'runner',
  'ironclad',
  'battery',
  'sloop',
  'counterattack',
  'pawn',
  'card',
  'hunts',
  'upgrade',
  'militia',
  'repair',
]

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

export function readIntercept(r: OrderReading, l: ScriptLine, rest: string[]): void {
  const m = /^(STACK|EACH)(?:\s+AT\s+(\S+))?$/.exec(rest.join(' '))
  const at = m?.[2] ?? 'ALL'
  if (r.side !== 'USA') r.err(l.line, l.text, 'only the Union intercepts (7.78)')
  else if (!m) r.err(l.line, l.text, 'write INTERCEPT STACK or INTERCEPT EACH, optionally AT <station>')
  else if (at !== 'ALL' && (!r.pack.map.has(at) || r.pack.map.space(at).kind !== 'blockadeStation'))
    r.err(l.line, l.text, `${at} is not a blockade station: a stack die is rolled only in one (7.78)`)
  else {
    const how = m[1] === 'STACK' ? 'stack' : 'each'
    r.out.commands.push({ kind: 'intercept', line: l.line, how, at })
    r.out.normalised.push(noted(`INTERCEPT ${m[1]}${at === 'ALL' ? '' : ` AT ${at}`}`, 'stands until changed'))
  }
}

export function readCounterattack(r: OrderReading, l: ScriptLine, rest: string[]): void {
  const m = /^(\S+)\s+FROM\s+(\S+)$/.exec(rest.join(' '))
  const left = r.base.csaPawns + r.freeCounterattacks
  if (r.side !== 'CSA') return r.err(l.line, l.text, 'only the Confederacy counterattacks (11.9)')
  if (!m) return r.err(l.line, l.text, 'write COUNTERATTACK <target> FROM <space>')
  if (++r.counterattacks > left)
    return r.err(
      l.line,
      l.text,
      `a counterattack needs the grey pawn bought last turn, or a card played before it; ${left} left (11.9, 14.24)`,
    )
  const problem = counterattackProblem(r.pack.map, r.base.control, m[1]!, m[2]!)
  if (problem) return r.err(l.line, l.text, problem)
  r.out.commands.push({ kind: 'counterattack', line: l.line, target: m[1]!, from: m[2]! })
  r.out.normalised.push(`COUNTERATTACK ${m[1]} FROM ${m[2]}`)
}

/** TACTICS <target> <n>: the Union's tactics for a landing from the sea (11.63). */
export function readTactics(r: OrderReading, l: ScriptLine, rest: string[]): void {
  if (r.side !== 'USA') return notUnion(r, l)
  const n = Number(rest[1])
  if (!rest[0] || !/^\d+$/.test(rest[1] ?? ''))
    return r.err(l.line, l.text, `write TACTICS <target> <0-${tacticsAllowed(r.base)}>`)
  const problem = tacticsProblem(r.base, n) ?? landingTarget(r, rest[0])
  if (problem) return r.err(l.line, l.text, problem)
  r.out.commands.push({ kind: 'tactics', line: l.line, target: rest[0], tactics: n })
  r.out.normalised.push(`TACTICS ${rest[0]} ${n}`)
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
export function readAssault(r: OrderReading, l: ScriptLine, rest: string[]): void {
  if (r.side !== 'USA') return notUnion(r, l)
  const m = /^(\S+)\s+FROM\s+(\S+)(?:\s+TACTICS\s+(\d+))?$/.exec(rest.join(' '))
  if (!m) return r.err(l.line, l.text, `write ASSAULT <target> FROM <space> [TACTICS <0-${tacticsAllowed(r.base)}>]`)
  const [, target, from, t] = m as unknown as [string, string, string, string | undefined]
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
  r.out.normalised.push(noted(`ASSAULT ${target} FROM ${from}${t ? ` TACTICS ${t}` : ''}`, kind))
}

export function readExchange(r: OrderReading, l: ScriptLine, rest: string[]): void {
  const n = Number(rest[0])
  if (r.side !== 'CSA' || !Number.isInteger(n) || n < 1 || n > 10)
    return r.err(
      l.line,
      l.text,
      r.side !== 'CSA' ? 'only the Confederacy exchanges points (14.3)' : 'write EXCHANGE <1-10>',
    )
  r.out.commands.push({ kind: 'exchange', line: l.line, points: n })
  r.out.normalised.push(noted(`EXCHANGE ${n}`, `${5 * n} VP for ${n} special build points`))
}

export function readPlay(r: OrderReading, l: ScriptLine, rest: string[]): void {
  const m = /^(\d+)(?:\s+AT\s+(\S+))?$/.exec(rest.join(' '))
  if (!m) return r.err(l.line, l.text, 'write PLAY <card number> [AT <space>], e.g. PLAY 84')
  // Quoted as written: a number past any card's would come back rounded as a float.
  if (m[1]!.length > 3) return r.err(l.line, l.text, `there is no card #${m[1]}`)
  const play: PlayOrder = { line: l.line, card: Number(m[1]), ...(m[2] ? { at: m[2] } : {}) }
  const problem = r.played.has(play.card) ? `#${play.card} is played twice` : playProblem(r.base, r.pack, r.side, play)
  if (problem) return r.err(l.line, l.text, problem)
  r.played.add(play.card)
  const lasting = CARD_EFFECTS[play.card]?.lasting
  if (lasting) r.lastingEffects.push(lasting)
  if (CARD_EFFECTS[play.card]?.givesCounterattack) r.freeCounterattacks++
  r.out.commands.push({ kind: 'play', ...play })
  r.out.normalised.push(noted(`PLAY ${play.card}${play.at ? ` AT ${play.at}` : ''}`, r.pack.cards.get(play.card)!.name))
}

export function readDiscard(r: OrderReading, l: ScriptLine, verb: 'DISCARD' | 'REFRESH', rest: string[]): void {
  const problem = discardProblem(r.base, r.side, verb, rest, r.discarded)
  if (typeof problem === 'string') return r.err(l.line, l.text, problem)
  for (const c of problem) r.discarded.add(c)
  r.out.commands.push({ kind: 'discard', line: l.line, cards: problem, refresh: verb === 'REFRESH' })
  r.out.normalised.push(
    noted(
      `${verb} ${problem.join(' ')}`,
      problem.map((c) => `#${c} ${r.pack.cards.get(c)?.name ?? ''}`.trim()).join(', '),
    ),
  )
}

/** BUILD <type> [AT <space>] [SPECIAL] [FREE]: read now, priced all together at the end (builds.ts). */
export function readBuild(r: OrderReading, l: ScriptLine, rest: string[]): void {
  const m = /^([A-Z]+)(?:\s+AT\s+(\S+))?(\s+SPECIAL)?(\s+FREE)?$/.exec(rest.join(' '))
  const what = m?.[1]?.toLowerCase() as Buildable | undefined
  if (!m || !what || !BUILDABLE.includes(what))
    return r.err(l.line, l.text, `write BUILD <${BUILDABLE.join('|')}> [AT <space>] [SPECIAL] [FREE]`)
  const free = m[4] ? { free: true } : {}
  const at = m[2] ? { at: m[2] } : {}
  r.lineText.set(l.line, l.text)
  r.builds.push({ line: l.line, what, ...at, ...(m[3] ? { special: true } : {}), ...free })
  r.out.commands.push({ kind: 'build', line: l.line, what, ...at, special: !!m[3], ...free })
  r.out.normalised.push(
    `BUILD ${what.toUpperCase()}${m[2] ? ` AT ${m[2]}` : ''}${m[3] ? ' SPECIAL' : ''}${m[4] ? ' FREE' : ''}`,
  )
}
