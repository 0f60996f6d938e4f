// Each side's fire and the Union's shield are its player's choices (10.21, 10.24, 10.32-10.33),
// announced before the dice; a mail game takes them as standing orders kept until changed:
//   AIM <ship|battery|ALL> AT <ship id or type>[,...]   the targets in order of preference
//   SHIELD <ship> WITH <ship> | SHIELD <ship> NONE       which Union ship stands before which (10.21)
// Among the targets an order names, and after them, fire goes to the enemy easiest to destroy (the
// stated default, combat.ts easiestFirst); ships the Union's orders do not mention are shielded
// ironclad before sloop and sloop before gunboat, in the order they are listed.
import type { Parsed } from '../contract.ts'
import type { ScriptLine } from '../../orders/script.ts'
import { easiestFirst, type Targeting, type Unit } from './combat.ts'
import { written } from './orderGrammar.ts'
import { type Args, noted, type RrCommand } from './orderTypes.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'
import type { RebelPack } from './pack.ts'
import { article, later, namedPiece, notEnemy, notOwn, otherSide, yours } from './standingPieces.ts'

type Err = (line: number, text: string, message: string) => unknown
/** What a standing order line is read against: the position at the phase's start, and who writes. */
export interface StandingReading {
  state: RrState
  pack: RebelPack
  side: Side
  out: Parsed<RrCommand>
  err: Err
}
const TYPES = ['gunboat', 'ironclad', 'sloop', 'raider', 'battery', 'runner']
/** The type that may stand before each type against batteries (10.21). */
const FRONT: Record<string, string> = { sloop: 'ironclad', gunboat: 'sloop' }

/** Reads `AIM <shooter|ALL> AT <target>[,<target>...]` (or `AIM <shooter|ALL> OFF`): own shooters, enemy targets (10.32). */
export function readAimLine(r: StandingReading, l: ScriptLine, a: Args): void {
  const { out, err } = r
  const [shooter, off, at] = [a.shooter as string, a.off === true, (a.at as string[] | undefined) ?? []]
  if (off === !!at.length)
    return void err(l.line, l.text, `write AIM ${shooter} AT <ship or type>[,...] or AIM ${shooter} OFF, not both`)
  const kept = off && shooter in (r.state.aims?.[r.side] ?? {})
  const bad = kept ? undefined : shooterProblem(r, l, shooter)
  if (bad) return void err(l.line, l.text, bad)
  if (off) {
    out.commands.push({ kind: 'aim', line: l.line, shooter, at: [] })
    out.normalised.push(noted(written('aim', { shooter, off }), 'fire goes to the enemy easiest to destroy'))
    return
  }
  for (const t of at) {
    const wrong = targetProblem(r, t)
    if (wrong) return void err(l.line, l.text, wrong)
  }
  out.commands.push({ kind: 'aim', line: l.line, shooter, at })
  out.normalised.push(noted(written('aim', { shooter, at }), 'stands until changed, 10.32'))
}

/** The piece types of a side that fire in a battle (a runner neither fires nor is fired at, 10.3). */
const fighters = (r: StandingReading, side: Side) =>
  r.pack.pieces.types.filter((t) => t.sides.includes(side) && t.type !== 'runner').map((t) => t.type as string)

function shooterProblem(r: StandingReading, l: ScriptLine, shooter: string): string | undefined {
  if (shooter === 'ALL') return undefined
  const own = fighters(r, r.side)
  const choices = `name ALL, a type of yours (${own.join(', ').toUpperCase()}) or a ship of yours: ${yours(r.state, r.side, own)} (10.32)`
  if (TYPES.includes(shooter.toLowerCase()))
    return own.includes(shooter.toLowerCase())
      ? undefined
      : `you have no ${shooter.toLowerCase()} that fires; ${choices}`
  const n = namedPiece(r.state, r.pack, shooter)
  const why = typeof n === 'string' ? n : notOwn(n, r.side, own, r.pack)
  if (why) return `${why}; ${choices}`
  if (typeof n !== 'string' && n.later) r.out.warnings.push({ line: l.line, text: l.text, message: later(n) })
  return undefined
}

function targetProblem(r: StandingReading, target: string): string | undefined {
  const foes = fighters(r, otherSide(r.side))
  const choices = `aim at an enemy type (${foes.join(', ').toUpperCase()}) or an enemy ship (10.32)`
  if (!/^[A-Z]{2}-\d+$/.test(target) && !TYPES.includes(target.toLowerCase()))
    return `${target} is neither a piece (GB-2) nor a type; ${choices}`
  if (!/^[A-Z]{2}-\d+$/.test(target))
    return foes.includes(target.toLowerCase())
      ? undefined
      : `the enemy has no ${target.toLowerCase()} to fire at; ${choices}`
  const n = namedPiece(r.state, r.pack, target)
  const why = typeof n === 'string' ? n : notEnemy(n, r.side, foes)
  return why ? `${why}; ${choices}` : undefined
}

/** Reads the Union's `SHIELD <ship> WITH <ship>` or `SHIELD <ship> NONE` (10.21): a sloop behind an ironclad, a gunboat behind a sloop. */
export function readShieldLine(r: StandingReading, l: ScriptLine, a: Args): void {
  const { out, err } = r
  if (r.side !== 'USA') return void err(l.line, l.text, 'only the Union shields its ships against batteries (10.21)')
  const ship = a.ship as string
  if ((a.by === undefined) !== (a.none === true))
    return void err(
      l.line,
      l.text,
      'write SHIELD <ship> WITH <ship> (an ironclad before a sloop, a sloop before a gunboat) or SHIELD <ship> NONE',
    )
  const by = (a.by as string | undefined) ?? 'NONE'
  const bad = shieldProblem(r, l, ship, by)
  if (bad) return void err(l.line, l.text, bad)
  out.commands.push({ kind: 'shield', line: l.line, ship, by })
  out.normalised.push(
    noted(
      written('shield', by === 'NONE' ? { ship, none: true } : { ship, by }),
      `${by === 'NONE' ? 'fires unshielded; ' : ''}stands until changed, 10.21`,
    ),
  )
}

function shieldProblem(r: StandingReading, l: ScriptLine, ship: string, by: string): string | undefined {
  const shielded = Object.keys(FRONT)
  const n = namedPiece(r.state, r.pack, ship)
  const why = typeof n === 'string' ? n : notOwn(n, 'USA', shielded, r.pack)
  if (why || typeof n === 'string')
    return `${why}; only your sloops and gunboats are shielded (10.21): ${yours(r.state, 'USA', shielded)}`
  if (n.later) r.out.warnings.push({ line: l.line, text: l.text, message: later(n) })
  if (by === 'NONE') return undefined
  const front = FRONT[n.type]!
  const f = namedPiece(r.state, r.pack, by)
  const wrong = typeof f === 'string' ? f : notOwn(f, 'USA', [front], r.pack)
  if (wrong || typeof f === 'string')
    return `${wrong}; ${article(n.type)} is shielded only by ${article(front)} of yours (10.21: ironclads shield sloops, sloops shield gunboats): ${yours(r.state, 'USA', [front])}`
  if (f.later) r.out.warnings.push({ line: l.line, text: l.text, message: later(f) })
  return shieldTaken(r, ship, by)
}

/** 10.21: each ship shields one other; a second ship behind it would stand unshielded at the resolution. */
function shieldTaken(r: StandingReading, ship: string, by: string): string | undefined {
  const shields = { ...r.state.shields }
  for (const c of r.out.commands) if (c.kind === 'shield') shields[c.ship] = c.by
  const other = Object.entries(shields).find(([s, b]) => b === by && s !== ship)?.[0]
  if (!other) return undefined
  return `${by} already shields ${other}, and each ship shields one (10.21): first write SHIELD ${other} NONE or SHIELD ${other} WITH another ship`
}

/** Keeps a side's AIM or the Union's SHIELD as its standing choice. */
export function standAim(s: RrState, side: Side, c: Extract<RrCommand, { kind: 'aim' | 'shield' }>): void {
  if (c.kind === 'aim') {
    const mine = { ...(s.aims?.[side] ?? {}) }
    if (c.at.length) mine[c.shooter] = c.at
    else delete mine[c.shooter]
    s.aims = { ...s.aims, [side]: mine }
  } else s.shields = { ...s.shields, [c.ship]: c.by }
}

/** The side's targeting: its AIM order's targets first, each group and the rest easiest first. */
export function targetingFor(s: RrState, side: Side): Targeting {
  const orders = s.aims?.[side] ?? {}
  return (shooter, targets, dice) => {
    const wanted = orders[shooter.id] ?? orders[shooter.type.toUpperCase()] ?? orders.ALL
    if (!wanted?.length) return easiestFirst(shooter, targets, dice)
    const rank = (u: Unit) => {
      const i = wanted.findIndex((w) => w === u.id || w.toLowerCase() === u.type)
      return i < 0 ? wanted.length : i
    }
    const byDefault = easiestFirst({ ...shooter, type: 'battery' }, targets, targets.length)
    const ordered = [...targets].sort((a, b) => rank(a) - rank(b) || byDefault.indexOf(a.id) - byDefault.indexOf(b.id))
    if (shooter.type === 'battery') return Array.from({ length: dice }, (_, i) => ordered[i % ordered.length]!.id)
    return ordered.length ? Array.from({ length: dice }, () => ordered[0]!.id) : []
  }
}

/** The Union's shield before batteries (10.21): its SHIELD orders first, then each remaining ship in turn. */
export function applyShields(s: RrState, units: Unit[]): void {
  const orders = s.shields ?? {}
  const used = new Set<string>()
  const free = (u: Unit, type: string) => u.type === type && !used.has(u.id)
  for (const u of units) {
    const by = orders[u.id]
    const front = by && by !== 'NONE' ? units.find((f) => f.id === by) : undefined
    if (front && FRONT[u.type] === front.type && !used.has(front.id)) {
      u.shieldedBy = front.id
      used.add(front.id)
    }
  }
  for (const type of ['sloop', 'gunboat'])
    for (const u of units.filter((x) => x.type === type && !x.shieldedBy && !(x.id in orders))) {
      const front = units.find((f) => free(f, FRONT[type]!) && f.id !== u.id)
      if (!front) continue
      u.shieldedBy = front.id
      used.add(front.id)
    }
}

/** The target a side's AIM order gives one of its units among `candidates` (a ram's, #38 and #71), or undefined without one. */
export function aimedTarget(s: RrState, side: Side, shooter: Unit, candidates: Unit[]): Unit | undefined {
  const orders = s.aims?.[side] ?? {}
  const wanted = orders[shooter.id] ?? orders[shooter.type.toUpperCase()] ?? orders.ALL ?? []
  for (const w of wanted) {
    const hit = candidates.find((u) => u.id === w || u.type === w.toLowerCase())
    if (hit) return hit
  }
  return undefined
}
