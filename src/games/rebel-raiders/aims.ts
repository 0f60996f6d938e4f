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
import type { RrCommand } from './orderTypes.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

type Err = (line: number, text: string, message: string) => unknown
const TYPES = ['gunboat', 'ironclad', 'sloop', 'raider', 'battery', 'runner']

/** Reads `AIM <shooter|ALL> AT <target>[,<target>...]` (or `AIM <shooter|ALL> OFF`). */
export function readAimLine(l: ScriptLine, rest: string[], out: Parsed<RrCommand>, err: Err): void {
  const off = /^(\S+)\s+OFF$/.exec(rest.join(' '))
  if (off) {
    out.commands.push({ kind: 'aim', line: l.line, shooter: off[1]!, at: [] })
    out.normalised.push(`AIM ${off[1]} OFF (fire goes to the enemy easiest to destroy)`)
    return
  }
  const m = /^(\S+)\s+AT\s+(.+)$/.exec(rest.join(' '))
  if (!m) return void err(l.line, l.text, 'write AIM <ship|ALL> AT <ship or type>[,...], e.g. AIM ALL AT BATTERY,GB-2')
  const at = m[2]!.split(/[\s,]+/).filter(Boolean)
  const wrong = at.find((t) => !/^[A-Z]{2}-\d+$/.test(t) && !TYPES.includes(t.toLowerCase()))
  if (wrong)
    return void err(l.line, l.text, `${wrong} is neither a piece (GB-2) nor a type (${TYPES.join(', ').toUpperCase()})`)
  out.commands.push({ kind: 'aim', line: l.line, shooter: m[1]!, at })
  out.normalised.push(`AIM ${m[1]} AT ${at.join(', ')} (stands until changed, 10.32)`)
}

/** Reads the Union's `SHIELD <ship> WITH <ship>` or `SHIELD <ship> NONE` (10.21). */
export function readShieldLine(side: Side, l: ScriptLine, rest: string[], out: Parsed<RrCommand>, err: Err): void {
  if (side !== 'USA') return void err(l.line, l.text, 'only the Union shields its ships against batteries (10.21)')
  const m = /^([A-Z]{2}-\d+)\s+(?:WITH\s+([A-Z]{2}-\d+)|(NONE))$/.exec(rest.join(' '))
  if (!m)
    return void err(
      l.line,
      l.text,
      'write SHIELD <ship> WITH <ship> (an ironclad before a sloop, a sloop before a gunboat) or SHIELD <ship> NONE',
    )
  const by = m[2] ?? 'NONE'
  out.commands.push({ kind: 'shield', line: l.line, ship: m[1]!, by })
  out.normalised.push(
    `SHIELD ${m[1]} ${by === 'NONE' ? 'NONE (fires unshielded)' : `WITH ${by}`} (stands until changed, 10.21)`,
  )
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

const FRONT: Record<string, string> = { sloop: 'ironclad', gunboat: 'sloop' }

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
