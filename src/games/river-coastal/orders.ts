// Order lines (digest §4, in the judge's one-line form): one line per ship per move,
//   TECU: SPEED 4; TURN PORT 30 AT 2; TURRET T1 S; FIRE T1 AT TENN ELSE GAIN; RAM IF BOW-ON
// Each clause is checked against the rules at the start of the move (§7 speed and turning, §9 guns
// and turrets, §11 rams) and refused with its line number, the legal range and a suggestion.
import { closest } from '../../orders/script.ts'
import type { LineError, Parsed } from '../contract.ts'
import type { Quadrant } from './derive.ts'
import { parsePolicy } from '../kit/policy.ts'
import type { FireOrder, OrderContext, RiverCommand, ShipForOrders, ShipOrder } from './orderTypes.ts'
import { riverPolicyGrammar } from './policies.ts'
import { shipClause } from './orderClauses.ts'
import { FIRE_SHIP_VERBS, fireShipClause } from './fireShipClauses.ts'
import { isCommandLine, readCommandLine } from './commandLines.ts'
import { readScript } from '../../orders/script.ts'
import { fault, findUnit, LineFault, speedRange, unitSuggestion } from './orderWords.ts'
import { towSpeedCap } from './towing.ts'
import { balloonSpeedFault } from './balloons.ts'
import { mortarWarning } from './mortarOrders.ts'

export { findUnit, speedRange }
import { quadrantSteps } from './sight.ts'
import { arcLengthFor, maxTurnDegrees } from './turning.ts'
import { showInches } from './units.ts'

const VERBS = [
  'SPEED',
  'TURN',
  'HOLD',
  'FIRE',
  'TURRET',
  'RAM',
  'CAPTAIN',
  'ANCHOR',
  'BOARD',
  'LAND',
  'SPAR',
  'REPAIR',
  'CREW',
  'REFLOAT',
  'MORTAR',
  'TOW',
  'CAST',
  ...FIRE_SHIP_VERBS,
  'BALLOON',
]
const QUADRANTS: Record<string, Quadrant> = {
  F: 'F',
  FORWARD: 'F',
  P: 'P',
  PORT: 'P',
  S: 'S',
  STARBOARD: 'S',
  STBD: 'S',
  A: 'A',
  AFT: 'A',
}

function gunsFor(s: ShipForOrders, sel: string): string[] {
  const centre: Record<string, number> = { BOW: 0, STERN: 180, PORT: -90, STARBOARD: 90, STBD: 90 }
  if (sel === 'ALL') return s.guns.map((g) => g.id)
  if (sel === 'PIVOTS') return s.guns.filter((g) => g.mount === 'pivot').map((g) => g.id)
  if (sel in centre)
    return s.guns
      .filter((g) => g.mount !== 'turret' && (g.centre + 360) % 360 === (centre[sel]! + 360) % 360)
      .map((g) => g.id)
  const turret = s.turrets.find((t) => t.id.toUpperCase() === sel)
  if (turret) return s.guns.filter((g) => g.mount === 'turret' && g.turret === turret.id).map((g) => g.id)
  const gun = s.guns.find((g) => g.id.toUpperCase() === sel)
  return gun ? [gun.id] : []
}

const wordsOf = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((w) => w.toUpperCase())

type ClauseReader = (s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]) => void

function speedClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const words = wordsOf(text)
  const v = Number(words[1])
  if (!/^-?\d+$/.test(words[1] ?? '')) fault('SPEED takes whole knots, e.g. SPEED 4 (negative = astern)')
  const r = speedRange(s, ctx)
  if (v < 0 && s.speed > 0)
    fault(`SPEED ${words[1]}: a ship going ahead must stop before going astern (§7 L449)`, `use ${r.lo}..${r.hi}`)
  if (v > 0 && s.speed < 0)
    fault(`SPEED ${words[1]}: a ship going astern must stop before going ahead (§7 L449)`, `use ${r.lo}..${r.hi}`)
  if (v < -r.asternMax)
    fault(
      `SPEED ${words[1]}: astern at most ${r.asternMax} (a third of max speed ${s.maxSpeed}, §7 L453)`,
      `use ${r.lo}..${r.hi}`,
    )
  if (v > s.maxSpeed)
    fault(`SPEED ${words[1]}: ${s.name} makes at most ${s.maxSpeed} this move`, `use ${r.lo}..${r.hi}`)
  if (v < r.lo || v > r.hi)
    fault(
      `SPEED ${words[1]}: was ${s.speed}, speed changes by at most ${ctx.maxSpeedChange} a move (§7 L441)`,
      `use ${r.lo}..${r.hi}`,
    )
  order.speed = v
  said.push(`SPEED ${v}`)
}

function turnClause(s: ShipForOrders, _ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const distance = () => Math.abs(order.speed) * 1000
  const m = /^TURN\s+(PORT|STARBOARD|STBD)\s+(\d+)(?:\s+AT\s+(\d+(?:\.\d{1,2})?))?$/i.exec(text.trim())
  if (!m) fault('TURN reads TURN PORT|STARBOARD <degrees> [AT <inches into the move>]', 'e.g. TURN PORT 30 AT 2')
  const dir = m![1]!.toUpperCase() === 'PORT' ? -1 : 1
  const deg = Number(m![2])
  const at = Math.round(Number(m![3] ?? 0) * 1000)
  const d = distance()
  if (d === 0) fault(`TURN: a stopped ship cannot turn (ruling RC-17); give it a speed first`)
  const prior = order.turns.reduce((end, t) => Math.max(end, t.at + arcLengthFor(t.degrees * 100, s.turningRadius)), 0)
  const from = Math.max(at, prior)
  if (from >= d)
    fault(`TURN ... AT ${m![3]}: the move is only ${showInches(d)}" long`, `start the turn before ${showInches(d)}"`)
  const most = maxTurnDegrees(d - from, s.turningRadius)
  const where = from > 0 ? ` from ${showInches(from)}"` : ''
  if (deg > most)
    fault(
      `TURN ${m![1]!.toUpperCase()} ${m![2]}: this class turns at most ${most} at speed ${Math.abs(order.speed)}${where} (radius ${showInches(s.turningRadius)}", §7 L471)`,
      most > 0 ? `use TURN ${m![1]!.toUpperCase()} ${most}${at ? ` AT ${showInches(at)}` : ''} or less` : undefined,
    )
  order.turns.push({ dir: dir as 1 | -1, degrees: deg, at: from })
  said.push(`TURN ${dir < 0 ? 'PORT' : 'STARBOARD'} ${deg} AT ${showInches(from)}`)
}

function fireClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const when = /\s+WHEN\s+(Q[1-4]|BEST)$/i.exec(text.trim())
  if (when && ctx.move !== 1)
    fault('WHEN: only on move 1 may guns fire during the move; later they fire at its end (§9 L607)')
  const m = /^FIRE\s+(\S+)\s+AT\s+(.+?)(?:\s+ELSE\s+(.+))?$/i.exec(text.trim().replace(/\s+WHEN\s+(Q[1-4]|BEST)$/i, ''))
  if (!m) fault('FIRE reads FIRE <guns> AT <target> [ELSE <target>]', 'e.g. FIRE BOW AT TENN ELSE NEAREST')
  const sel = m![1]!.toUpperCase()
  const guns = gunsFor(s, sel)
  if (!guns.length)
    fault(
      `FIRE ${sel}: ${s.name} has no such guns`,
      `her guns: ${s.guns.map((g) => g.id).join(', ')}; or BOW, STERN, PORT, STARBOARD, PIVOTS, ALL`,
    )
  // §9 L607: one shot per gun per move, so no gun may stand in two FIRE clauses.
  const twice = guns.filter((g) => order.fire.some((f) => f.guns.includes(g)))
  if (twice.length)
    fault(
      `FIRE ${sel}: ${twice.join(', ')} ${twice.length > 1 ? 'are' : 'is'} already ordered to fire this move (one shot per gun per move, §9 L607)`,
      `one FIRE clause per gun; name a second target with ELSE, e.g. FIRE ${sel} AT ${m![2]!.trim().toUpperCase()} ELSE NEAREST`,
    )
  const target = (w: string) => {
    if (w.trim().toUpperCase() === 'NEAREST') return 'NEAREST'
    const id = findUnit(ctx, w)
    if (!id) return fault(`no unit called ${w.trim()}`, unitSuggestion(ctx, w))
    if (ctx.units[id]!.side === ctx.side) return fault(`${w.trim()} is one of your own`)
    return id
  }
  const f: FireOrder = { selection: sel, guns, target: target(m![2]!) }
  if (m![3]) f.orElse = target(m![3])
  if (when) f.when = when[1]!.toUpperCase() === 'BEST' ? 'BEST' : (Number(when[1]!.slice(1)) as 1 | 2 | 3 | 4)
  order.fire.push(f)
  said.push(
    `FIRE ${sel} AT ${f.target}${f.orElse ? ` ELSE ${f.orElse}` : ''}${f.when ? ` WHEN ${f.when === 'BEST' ? 'BEST' : `Q${f.when}`}` : ''}`,
  )
}

function turretClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const words = wordsOf(text)
  const distance = () => Math.abs(order.speed) * 1000
  const single = s.turrets.length === 1 && words.length === 2
  const tu = single ? s.turrets[0] : s.turrets.find((t) => t.id.toUpperCase() === words[1])
  if (!tu)
    fault(
      `TURRET: ${s.name} has ${s.turrets.length ? `turrets ${s.turrets.map((t) => t.id).join(', ')}` : 'no turret'}`,
    )
  const q = QUADRANTS[words[single ? 1 : 2] ?? '']
  if (!q) fault('TURRET reads TURRET [<turret>] F|P|S|A', `e.g. TURRET ${tu!.id} S`)
  if (tu!.forbidden.includes(q!)) fault(`TURRET ${tu!.id} ${q}: that turret can never bear ${q} (§9 L641)`)
  const steps = quadrantSteps(tu!.facing, q!)
  const can = Math.floor((distance() * ctx.turretStepsPerInch) / 1000)
  if (steps > can)
    fault(
      `TURRET ${tu!.id} ${q}: from ${tu!.facing} is ${steps} quarter turns; moving ${Math.abs(order.speed)}" allows ${Math.min(can, 2)} (§9 L645)`,
    )
  order.turrets[tu!.id] = q!
  said.push(`TURRET ${tu!.id} ${q}`)
}

function ramClause(_s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^RAM(?:\s+(?!IF\b|FALLBACK\b)(\S+))?(?:\s+IF\s+BOW-ON)?(?:\s+FALLBACK\s+(TURN-AWAY|SLOW|STOP))?$/i.exec(
    text.trim(),
  )
  if (!m) fault('RAM reads RAM [<target>] [IF BOW-ON] [FALLBACK TURN-AWAY|SLOW|STOP]')
  const target = m![1]
    ? (findUnit(ctx, m![1]) ?? fault(`no unit called ${m![1]}`, unitSuggestion(ctx, m![1]!)))
    : undefined
  order.ram = {
    ...(target ? { target } : {}),
    ifBowOn: /\bIF\s+BOW-ON\b/i.test(text),
    fallback: (m![2]?.toUpperCase() ?? 'TURN-AWAY') as 'TURN-AWAY',
  }
  said.push(text.trim().toUpperCase())
}

function captainClause(s: ShipForOrders, _ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const words = wordsOf(text)
  const gun = s.guns.find((g) => g.id.toUpperCase() === (words[1] === 'AT' ? words[2] : words[1]))
  if (!gun) fault(`CAPTAIN AT <gun>: ${s.name}'s guns are ${s.guns.map((g) => g.id).join(', ')}`)
  order.captainAt = gun!.id
  said.push(`CAPTAIN AT ${gun!.id}`)
}

const CLAUSES: Record<string, ClauseReader> = {
  SPEED: speedClause,
  HOLD: (s, _ctx, order, _text, said) => {
    order.speed = s.speed
    said.push('HOLD')
  },
  TURN: turnClause,
  FIRE: fireClause,
  TURRET: turretClause,
  RAM: ramClause,
  CAPTAIN: captainClause,
}

function clause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const verb = wordsOf(text)[0]!
  const read = CLAUSES[verb]
  if (read) return read(s, ctx, order, text, said)
  if (shipClause(verb, s, ctx, order, text, said) || fireShipClause(verb, s, ctx, order, text, said)) return
  const near = closest(verb, VERBS, 1)
  fault(`unknown order ${verb}`, near.length ? `did you mean ${near[0]}?` : `orders are ${VERBS.join(', ')}`)
}

/** For each FIRE clause, the guns it names that cannot fire this move and why (gunnery.ts gunBar). */
function fireWarnings(s: ShipForOrders, order: ShipOrder): string[] {
  return order.fire.flatMap((f) => {
    const byWhy = new Map<string, string[]>()
    for (const g of f.guns) {
      const why = s.gunBars?.[g]
      if (why) byWhy.set(why, [...(byWhy.get(why) ?? []), g])
    }
    return [...byWhy].map(
      ([why, guns]) =>
        `FIRE ${f.selection}: ${guns.join(', ')} will not fire this move: ${why}${guns.length === f.guns.length ? '' : '; the others fire as ordered'}`,
    )
  })
}

type Fault = [message: string, suggestion?: string]

/** A POLICY line: the kit grammar, scoped to an own ship or ALL. */
function policyLine(ctx: OrderContext, body: string, out: Parsed<RiverCommand>): Fault | null {
  const p = parsePolicy(riverPolicyGrammar, body.replace(/^POLICY\s+/i, ''))
  if (typeof p === 'string') return [p]
  const scope = p.scope === 'ALL' ? 'ALL' : findUnit(ctx, p.scope)
  if (scope !== 'ALL' && !ctx.own.some((s) => s.id === scope))
    return [`POLICY ${p.scope}: not one of your ships afloat (or ALL)`, unitSuggestion(ctx, p.scope, true)]
  const policy = { ...p, scope: scope!, text: p.text.replace(/^POLICY\s+\S+/i, `POLICY ${scope}`) }
  out.commands.push({ policy })
  out.normalised.push(policy.text)
  return null
}

/** What refuses a whole ship line once its clauses are read: the captain, the anchor, a tow, a balloon, the hands. */
function lineFault(s: ShipForOrders, order: ShipOrder): Fault | null {
  if (s.lockedBy && (order.speed !== s.speed || order.turns.length))
    return [
      s.directive
        ? `${s.name}'s Stubborn captain keeps to his directive (${s.directive}) until ${s.lockedBy} can signal him (§4 L183, ruling RC-6)`
        : `${s.name}'s Stubborn captain holds to his orders (speed ${s.speed}, no turn) until ${s.lockedBy} can signal him (§4 L183, ruling RC-6)`,
      'her guns may still be given targets: FIRE ...',
    ]
  if (s.anchored && order.anchor !== 'WEIGH' && order.speed !== 0)
    return [
      `${s.name} is at anchor: ANCHOR WEIGH to get under way (§12 L1143)`,
      `${s.id}: ANCHOR WEIGH; SPEED ${order.speed}`,
    ]
  // Digest A49, ruling RC-49: a ship towing makes at most half her speed.
  const towed = order.castOff ? undefined : (order.tow ?? s.towing)
  if (towed && Math.abs(order.speed) > towSpeedCap(s.maxSpeed))
    return [
      `${s.name} tows ${towed}: a ship towing makes at most ${towSpeedCap(s.maxSpeed)} knots (half her ${s.maxSpeed}, ruling RC-49)`,
      `SPEED ${towSpeedCap(s.maxSpeed)}`,
    ]
  // §7 L483 ruling RC-73: a ship towing an inflated balloon makes at most 3 knots.
  const lofted = balloonSpeedFault(s, order)
  if (lofted) return lofted
  // §3 L125: the spare hands repair, board or land; none does two of them in a move.
  const hands = (order.repair?.crew ?? 0) + (order.board?.parties ?? 0) + (order.land?.parties ?? 0)
  if (hands > s.spare)
    return [`${s.name} has ${s.spare} spare CPV for repairs, boarding and landing together; this line uses ${hands}`]
  return null
}

/** What a ship line is accepted with but warned of: what will keep part of it from running. */
function lineWarnings(s: ShipForOrders, ctx: OrderContext, order: ShipOrder): string[] {
  const out: string[] = []
  // Ruling RC-49: a ship in tow is carried; her own speed and turns are not steamed.
  const tug = ctx.own.find((o) => o.towing === s.id)
  if (tug && (order.speed !== 0 || order.turns.length))
    out.push(`${s.name} is in tow of ${tug.name}: she makes no way of her own (ruling RC-49)`)
  // Receipt agrees with resolution: a gun that cannot fire this move is named now, with the reason.
  out.push(...fireWarnings(s, order))
  const mortar = mortarWarning(s, ctx, order)
  if (mortar) out.push(mortar)
  if (order.ram && !s.ramFitted) out.push(`${s.name} has no ram: -2 on the ram test and half damage (§11 L1051, L1075)`)
  return out
}

/** One ship's line, `<ship>: <clause>; <clause> ...`: its order, or why it is refused. */
function shipLine(
  ctx: OrderContext,
  body: string,
  seen: Set<string>,
): { order: ShipOrder; said: string[]; s: ShipForOrders } | Fault {
  const m = /^([^:]+):\s*(.*)$/.exec(body)
  if (!m) return ['a line reads <ship>: <order>; <order> ...', 'e.g. TECU: SPEED 4; TURN PORT 30 AT 2']
  const id = findUnit(ctx, m[1]!)
  const s = ctx.own.find((x) => x.id === id)
  if (!s) return [`${m[1]!.trim()} is not one of your ships afloat`, unitSuggestion(ctx, m[1]!, true)]
  if (seen.has(s.id)) return [`a second line for ${s.id}: one line per ship per move`]
  seen.add(s.id)
  const order: ShipOrder = { ship: s.id, speed: s.speed, turns: [], fire: [], turrets: {} }
  const said: string[] = []
  // Speed first, wherever it is written: turns and turrets are checked against it.
  const clauses = m[2]!
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean)
  const ordered = [
    ...clauses.filter((c) => /^(SPEED|HOLD)\b/i.test(c)),
    ...clauses.filter((c) => !/^(SPEED|HOLD)\b/i.test(c)),
  ]
  for (const c of ordered) {
    try {
      clause(s, ctx, order, c, said)
    } catch (e) {
      if (!(e instanceof LineFault)) throw e
      return [e.message, e.suggestion]
    }
  }
  const refused = lineFault(s, order)
  if (refused) return refused
  // Ruling RC-54: a line that leaves the helm alone leaves her to her directive.
  if (!ordered.some((c) => /^(SPEED|HOLD|TURN)\b/i.test(c))) order.helmFree = true
  return { order, said, s }
}

export function parseShipOrders(ctx: OrderContext, text: string): Parsed<RiverCommand> & { warnings: LineError[] } {
  const out: Parsed<RiverCommand> = { commands: [], normalised: [], errors: [], warnings: [] }
  const seen = new Set<string>()
  // The shared script reader numbers the lines and drops the GAME, KEY and SALT envelope, comments,
  // quoted replies and anything after a signature or END.
  readScript(text).lines.forEach(({ line, text: body }) => {
    const err = (message: string, suggestion?: string) =>
      out.errors.push({ line, text: body, message, ...(suggestion ? { suggestion } : {}) })
    const warn = (message: string) => out.warnings.push({ line, text: body, message })
    if (/^POLICY\s/i.test(body)) {
      const refused = policyLine(ctx, body, out)
      if (refused) err(...refused)
      return
    }
    if (isCommandLine(body)) {
      try {
        const c = readCommandLine(ctx, body)
        out.commands.push(c.command)
        out.normalised.push(c.normalised)
        if (c.warning) warn(c.warning)
      } catch (e) {
        if (!(e instanceof LineFault)) throw e
        err(e.message, e.suggestion)
      }
      return
    }
    const read = shipLine(ctx, body, seen)
    if (Array.isArray(read)) return err(...read)
    for (const message of lineWarnings(read.s, ctx, read.order)) warn(message)
    out.commands.push(read.order)
    out.normalised.push(`${read.s.id}: ${read.said.join('; ')}`)
  })
  return out
}
