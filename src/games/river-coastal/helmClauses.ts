// A ship's helm and guns, checked against her at the start of the move once the grammar has read
// the clause (clauseGrammar.ts): §7 speed and turning, §9 guns and turrets, §11 rams. Each refuses
// with the rule, the legal range and a suggestion; each writes back the clause as understood.
import type { Order, Value } from '../kit/grammar.ts'
import type { Quadrant } from './derive.ts'
import type { FireOrder, OrderContext, ShipForOrders, ShipOrder } from './orderTypes.ts'
import { fault, speedRange } from './orderWords.ts'
import { quadrantSteps } from './sight.ts'
import { arcLengthFor, maxTurnDegrees } from './turning.ts'
import { inches, showInches } from './units.ts'

/** A clause's check: `args` as the grammar read them; what it understood goes on `said`. */
export type ClauseCheck = (
  s: ShipForOrders,
  ctx: OrderContext,
  order: ShipOrder,
  args: Record<string, Value>,
  said: Order[],
) => void

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

const speedClause: ClauseCheck = (s, ctx, order, args, said) => {
  const v = args.knots as number
  const r = speedRange(s, ctx)
  const use = `use ${r.lo}..${r.hi}`
  if (v < 0 && s.speed > 0) fault(`SPEED ${v}: a ship going ahead must stop before going astern (§7 L449)`, use)
  if (v > 0 && s.speed < 0) fault(`SPEED ${v}: a ship going astern must stop before going ahead (§7 L449)`, use)
  if (v < -r.asternMax)
    fault(`SPEED ${v}: astern at most ${r.asternMax} (a third of max speed ${s.maxSpeed}, §7 L453)`, use)
  if (v > s.maxSpeed) fault(`SPEED ${v}: ${s.name} makes at most ${s.maxSpeed} this move`, use)
  if (v < r.lo || v > r.hi)
    fault(`SPEED ${v}: was ${s.speed}, speed changes by at most ${ctx.maxSpeedChange} a move (§7 L441)`, use)
  order.speed = v
  said.push({ form: 'SPEED', args: { knots: v } })
}

const turnClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const side = args.dir as string
  const deg = args.degrees as number
  const at = args.at === undefined ? 0 : inches(args.at as number)
  const d = Math.abs(order.speed) * 1000
  if (d === 0) fault(`TURN: a stopped ship cannot turn (ruling RC-17); give it a speed first`)
  const prior = order.turns.reduce((end, t) => Math.max(end, t.at + arcLengthFor(t.degrees * 100, s.turningRadius)), 0)
  const from = Math.max(at, prior)
  if (from >= d)
    fault(
      `TURN ... AT ${showInches(at)}: the move is only ${showInches(d)}" long`,
      `start the turn before ${showInches(d)}"`,
    )
  const most = maxTurnDegrees(d - from, s.turningRadius)
  const where = from > 0 ? ` from ${showInches(from)}"` : ''
  if (deg > most)
    fault(
      `TURN ${side} ${deg}: this class turns at most ${most} at speed ${Math.abs(order.speed)}${where} (radius ${showInches(s.turningRadius)}", §7 L471)`,
      most > 0 ? `use TURN ${side} ${most}${at ? ` AT ${showInches(at)}` : ''} or less` : undefined,
    )
  order.turns.push({ dir: side === 'PORT' ? -1 : 1, degrees: deg, at: from })
  // Hundredths of an inch, rounded down: read back, a turn after another starts where that one ends.
  said.push({ form: 'TURN', args: { dir: side, degrees: deg, at: Math.floor(from / 10) / 100 } })
}

const fireClause: ClauseCheck = (s, ctx, order, args, said) => {
  const sel = args.guns as string
  const when = args.when as string | undefined
  if (when && ctx.move !== 1)
    fault('WHEN: only on move 1 may guns fire during the move; later they fire at its end (§9 L607)')
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
      `one FIRE clause per gun; name a second target with ELSE, e.g. FIRE ${sel} AT ${args.target} ELSE NEAREST`,
    )
  const f: FireOrder = { selection: sel, guns, target: args.target as string }
  if (args.orElse !== undefined) f.orElse = args.orElse as string
  if (when) f.when = when === 'BEST' ? 'BEST' : (Number(when.slice(1)) as 1 | 2 | 3 | 4)
  order.fire.push(f)
  said.push({ form: 'FIRE', args: { ...args } })
}

const turretClause: ClauseCheck = (s, ctx, order, args, said) => {
  const written = args.turret as string | undefined
  const tu =
    written === undefined && s.turrets.length === 1
      ? s.turrets[0]
      : s.turrets.find((t) => t.id.toUpperCase() === written)
  if (!tu)
    fault(
      `TURRET: ${s.name} has ${s.turrets.length ? `turrets ${s.turrets.map((t) => t.id).join(', ')}` : 'no turret'}`,
    )
  const q = args.facing as Quadrant
  if (tu!.forbidden.includes(q)) fault(`TURRET ${tu!.id} ${q}: that turret can never bear ${q} (§9 L641)`)
  const steps = quadrantSteps(tu!.facing, q)
  const can = Math.floor((Math.abs(order.speed) * 1000 * ctx.turretStepsPerInch) / 1000)
  if (steps > can)
    fault(
      `TURRET ${tu!.id} ${q}: from ${tu!.facing} is ${steps} quarter turns; moving ${Math.abs(order.speed)}" allows ${Math.min(can, 2)} (§9 L645)`,
    )
  order.turrets[tu!.id] = q
  said.push({ form: 'TURRET', args: { turret: tu!.id.toUpperCase(), facing: q } })
}

const ramClause: ClauseCheck = (_s, _ctx, order, args, said) => {
  const target = args.target as string | undefined
  order.ram = {
    ...(target ? { target } : {}),
    ifBowOn: args.if === 'BOW-ON',
    fallback: (args.fallback ?? 'TURN-AWAY') as 'TURN-AWAY',
  }
  said.push({ form: 'RAM', args: { ...args } })
}

const captainClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const gun = s.guns.find((g) => g.id.toUpperCase() === args.gun)
  if (!gun) fault(`CAPTAIN AT <gun>: ${s.name}'s guns are ${s.guns.map((g) => g.id).join(', ')}`)
  order.captainAt = gun!.id
  said.push({ form: 'CAPTAIN', args: { gun: gun!.id.toUpperCase() } })
}

export const HELM_CLAUSES: Record<string, ClauseCheck> = {
  SPEED: speedClause,
  HOLD: (s, _ctx, order, _args, said) => {
    order.speed = s.speed
    said.push({ form: 'HOLD', args: {} })
  },
  TURN: turnClause,
  FIRE: fireClause,
  TURRET: turretClause,
  RAM: ramClause,
  CAPTAIN: captainClause,
}
