// Step 5 (digest §1.3): simultaneous fire against the end-of-move positions. Every shot is decided
// on the position before any hit lands, then the hits are applied in turn. A gun fires only when it
// is working, crewed, not waiting out an alternate move, and its target (or the ELSE target) is seen,
// in its arc and within long range; otherwise it holds its fire (ruling RC-25, lenient mode).
import type { Audience, Dice } from '../contract.ts'
import { angleDiff, headingTo, type Point } from '../kit/geometry.ts'
import { damageBuilding, shoreTargets } from './buildings.ts'
import { applyHit, loseCpv } from './damage.ts'
import type { GunMount } from './derive.ts'
import type { Pose } from './hull.ts'
import { bandFor, gunBar, resolveShot } from './gunnery.ts'
import type { FireOrder, ShipOrder } from './orderTypes.ts'
import { shipFacts, standing } from './policies.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { fortShots, type QueuedHit } from './fortFire.ts'
import { centreOf, gapBetween } from './shapes.ts'
import { type Arc, bowOrSternOn, canSee, rangeInArc, type Sighted } from './sight.ts'
import { present, screensFrom, seenBy, sightedShip, sightRules } from './sighting.ts'
import type { RiverState } from './state.ts'

export interface ShotLine {
  firer: string
  target: string
  text: string
  rule: string
  /** A line for one side only: why its gun or fort held fire. */
  to?: Side
}

function arcOf(g: GunMount, s: RiverState['ships'][string], pack: RiverPack): Arc {
  const a = pack.tables.arcs
  if (g.mount === 'turret') return { kind: 'quadrant', facing: s.turrets[g.turret]!.facing }
  return {
    kind: 'sector',
    centre: g.centre * 100,
    half: (g.mount === 'pivot' ? a.pivotHalfDegrees : a.fixedHalfDegrees) * 100,
  }
}

type Geo = { state: RiverState; all: Sighted[]; seen: Record<Side, string[]> }
type Firer = RiverState['ships'][string]
interface Aim {
  chosen: string
  range: number
  bowOrStern: boolean
  hardness: number
}

/** What one gun of a ship may do against one set of positions: its aim, or why it has none. */
function gunSight(
  firer: Firer,
  g: GunMount,
  f: FireOrder,
  geo: Geo,
  ctx: { state: RiverState; sc: Scenario; pack: RiverPack; shore: ReturnType<typeof shoreTargets> },
): { aim: Aim } | { why: string } {
  const { state, sc, pack, shore } = ctx
  const t = pack.tables
  const arc = arcOf(g, firer, pack)
  const pose = geo.state.ships[firer.id]!.pose
  const me = geo.all.find((x) => x.id === firer.id)
  if (!me) return { why: `${firer.name} is not on the table` }
  const nameOf = (id: string) => shore.get(id)?.name ?? state.ships[id]?.name ?? id
  // A target counts only inside the arc, in sight and within the gun's long range (ruling RC-25).
  const rawRange = (id: string): number | string => {
    if (shore.has(id)) {
      const fort = shore.get(id)!
      const rel = angleDiff(pose.heading, headingTo(pose.pos, centreOf(fort.polygon)))
      const inArcNow = arc.kind === 'sector' ? Math.abs(angleDiff(arc.centre, rel)) <= arc.half : true
      return inArcNow ? gapBetween([pose.pos], fort.polygon) : `${fort.name} is outside the gun's arc`
    }
    const target = geo.all.find((x) => x.id === id)
    const st = state.ships[id]
    if (!target || !st || st.status !== 'afloat') return `${nameOf(id)} is no longer afloat on the table`
    if (!geo.seen[firer.side].includes(id)) return `${nameOf(id)} is not in sight`
    if (!canSee(me, target, geo.all, screensFrom(pose.pos, state, sc), sightRules(state, pack)))
      return `${nameOf(id)} is not in sight from ${firer.name}`
    return rangeInArc(pose, arc, target.pose, target.hull) ?? `${nameOf(id)} is outside the gun's arc`
  }
  const rangeTo = (id: string): number | string => {
    const r = rawRange(id)
    if (typeof r === 'string') return r
    return bandFor(r, t.guns[g.gun]!.range, t) ? r : `${nameOf(id)} is beyond the gun's long range`
  }
  const nearest = () =>
    geo.all
      .filter((x) => state.ships[x.id]!.side !== firer.side)
      .map((x) => ({ id: x.id, r: rangeTo(x.id) }))
      .filter((x): x is { id: string; r: number } => typeof x.r === 'number')
      .sort((a, b) => a.r - b.r || (a.id < b.id ? -1 : 1))[0]?.id
  const why: string[] = []
  let chosen: string | undefined
  for (const x of [f.target, f.orElse].filter((x): x is string => !!x)) {
    const id = x === 'NEAREST' ? nearest() : x
    const r = id === undefined ? 'no enemy in sight within its arc and reach' : rangeTo(id)
    if (typeof r === 'number') {
      chosen = id
      break
    }
    why.push(r)
  }
  if (!chosen) {
    // §9 L605: the named targets are gone or out of reach; the standing order says whether to shift fire.
    const facts = shipFacts(firer, state.move, geo.seen[firer.side].length > 0)
    if (standing(state.policies[firer.side], 'NO-TARGET', firer.id, facts, 'HOLD') === 'NEAREST') chosen = nearest()
  }
  if (!chosen) return { why: why.join('; ') }
  const range = rangeTo(chosen) as number
  const targetShip = shore.has(chosen) ? null : geo.state.ships[chosen]!
  const bowOrStern = targetShip
    ? bowOrSternOn(targetShip.pose, pose.pos as Point, t.toHit.aspectConeDegrees * 100)
    : false
  const small = targetShip ? pack.classes[targetShip.classKey]!.smallTarget : false
  const hardness = bandFor(range, t.guns[g.gun]!.range, t)!.hitOn + (bowOrStern ? 1 : 0) + (small ? 1 : 0)
  return { aim: { chosen, range, bowOrStern, hardness } }
}

/** The positions a shot may be taken on: the end of the move, or on move 1 a quarter of it (§9 L607). */
function snapshots(
  state: RiverState,
  sc: Scenario,
  pack: RiverPack,
  seen: Record<Side, string[]>,
  quarters: Record<string, Pose>[],
) {
  const base: Geo = { state, all: present(state).map((s) => sightedShip(state, s.id, pack)), seen }
  const snaps = new Map<number, Geo>()
  return (q?: number): Geo => {
    if (!q || !quarters[q - 1]) return base
    if (!snaps.has(q)) {
      const st: RiverState = structuredClone(state)
      for (const [id, p] of Object.entries(quarters[q - 1]!)) st.ships[id]!.pose = p
      const sn = { USA: seenBy('USA', st, sc, pack), CSA: seenBy('CSA', st, sc, pack) }
      snaps.set(q, { state: st, all: present(st).map((x) => sightedShip(st, x.id, pack)), seen: sn })
    }
    return snaps.get(q)!
  }
}

/** The shots of one ship's guns as ordered, and, for her side only, why any ordered gun held its fire. */
function shipVolley(
  firer: Firer,
  order: ShipOrder | undefined,
  next: RiverState,
  ctx: {
    state: RiverState
    sc: Scenario
    pack: RiverPack
    dice: Dice
    seen: Record<Side, string[]>
    shore: ReturnType<typeof shoreTargets>
    snapshot: (q?: number) => Geo
  },
) {
  const { state, pack, dice, seen, shore } = ctx
  const t = pack.tables
  const n = state.move
  const c = pack.classes[firer.classKey]!
  const lines: ShotLine[] = []
  const hits: QueuedHit[] = []
  const aud: Audience = seen[firer.side === 'USA' ? 'CSA' : 'USA'].includes(firer.id)
    ? { kind: 'public' }
    : { kind: 'roles', roles: [firer.side] }
  const fired = new Set<string>()
  for (const f of order?.fire ?? []) {
    const held = new Map<string, string[]>()
    const hold = (gunId: string, why: string) => held.set(why, [...(held.get(why) ?? []), gunId])
    for (const gunId of f.guns) {
      const g = c.guns.find((x) => x.id === gunId)!
      const gs = next.ships[firer.id]!.guns[gunId]!
      // §9 L607: one shot per gun per move, whatever the clauses say.
      if (fired.has(gunId)) {
        hold(gunId, 'fired already this move (one shot per gun per move, §9 L607)')
        continue
      }
      const bar = gunBar(g.gun, gs, n, t) ?? (gs.status !== 'ok' ? 'out of action' : null)
      if (bar) {
        hold(gunId, bar)
        continue
      }
      // §9 L607: on move 1 a gun may fire during the move: at the quarter ordered, or (BEST) at the
      // quarter where the shot is easiest, the earliest of equals.
      const sights = (f.when === 'BEST' ? [1, 2, 3, 4] : [f.when]).map((q) =>
        gunSight(firer, g, f, ctx.snapshot(q), ctx),
      )
      const aim = sights.reduce<Aim | null>(
        (best, x) => ('aim' in x && (!best || x.aim.hardness < best.hardness) ? x.aim : best),
        null,
      )
      if (!aim) {
        hold(gunId, sights.map((x) => ('why' in x ? x.why : '')).find(Boolean) ?? 'no target')
        continue
      }
      fired.add(gunId)
      const shot = fireGun(firer, g, gs, aim, next, { state, pack, dice, shore, aud })
      lines.push(...shot.lines)
      hits.push(...shot.hits)
    }
    for (const [why, guns] of held)
      lines.push({
        firer: firer.id,
        target: firer.id,
        text: `${firer.name} ${guns.join(', ')} (FIRE ${f.selection} AT ${f.target}${f.orElse ? ` ELSE ${f.orElse}` : ''}) held fire: ${why}`,
        rule: why.includes('§') ? '§9 L593-621' : 'ruling RC-25',
        to: firer.side,
      })
  }
  return { lines, hits }
}

/** One gun's shot at its aim: the roll, the hit queued, a 32-pdr rifle's burst (§9 L609). Mutates `next`. */
function fireGun(
  firer: Firer,
  g: GunMount,
  gs: RiverState['ships'][string]['guns'][string],
  aim: Aim,
  next: RiverState,
  ctx: { state: RiverState; pack: RiverPack; dice: Dice; shore: ReturnType<typeof shoreTargets>; aud: Audience },
) {
  const { state, pack, dice, shore, aud } = ctx
  const n = state.move
  const lines: ShotLine[] = []
  const hits: QueuedHit[] = []
  const { chosen, range } = aim
  const tShip = shore.has(chosen) ? null : state.ships[chosen]!
  const tClass = tShip ? pack.classes[tShip.classKey]! : null
  const label = `m${n}:${firer.id}:${g.id}`
  const r = resolveShot(
    {
      label,
      gunType: g.gun,
      range,
      smallTarget: tClass?.smallTarget ?? false,
      bowOrStern: aim.bowOrStern,
      captainBonus: firer.captain.alive && firer.captain.atGun === g.id ? firer.captain.yellow : 0,
      sloped: tClass?.sloped ?? false,
      audience: aud,
    },
    dice,
    pack.tables,
  )
  if (r.band === null) return { lines, hits }
  gs.lastFired = n
  const name = tShip?.name ?? shore.get(chosen)!.name
  lines.push({
    firer: firer.id,
    target: chosen,
    text: `${firer.name} ${g.id} (${g.gun}) at ${name}, ${r.band} range: rolled ${r.roll}${r.modifier ? ` ${r.modifier > 0 ? '+' : ''}${r.modifier}` : ''}, needs ${r.needed}: ${r.hit ? `hit, ${r.damage} damage` : 'miss'}`,
    rule: '§9 L593-611',
  })
  if (tShip) next.ships[chosen]!.firedOnBy.push(firer.id)
  if (r.hit) hits.push({ target: chosen, damage: r.damage, label, audience: aud })
  if (r.burst) {
    next.ships[firer.id] = loseCpv(
      { ...next.ships[firer.id]!, guns: { ...next.ships[firer.id]!.guns, [g.id]: { ...gs, status: 'destroyed' } } },
      1,
      pack.classes[firer.classKey]!.guns,
    )
    lines.push({
      firer: firer.id,
      target: firer.id,
      text: `${firer.name}'s ${g.id} bursts, killing its crew`,
      rule: '§9 L609',
    })
  }
  return { lines, hits }
}

export function runShooting(
  state: RiverState,
  orders: Record<string, ShipOrder>,
  seen: Record<Side, string[]>,
  sc: Scenario,
  dice: Dice,
  pack: RiverPack,
  quarters: Record<string, Pose>[] = [],
): { state: RiverState; lines: ShotLine[] } {
  const t = pack.tables
  const n = state.move
  const next: RiverState = structuredClone(state)
  const lines: ShotLine[] = []
  const hits: QueuedHit[] = []
  // Forts and buildings ashore (§9 L903): no sight needed, range to the nearest point of the footprint.
  const shore = shoreTargets(state, sc)
  for (const s of Object.values(next.ships)) s.firedOnBy = []
  const ctx = { state, sc, pack, dice, seen, shore, snapshot: snapshots(state, sc, pack, seen, quarters) }
  for (const firer of present(state)
    .filter((s) => s.status === 'afloat')
    .sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const volley = shipVolley(firer, orders[firer.id], next, ctx)
    lines.push(...volley.lines)
    hits.push(...volley.hits)
  }
  // The forts' guns fire in the same instant, on the same positions (§1 L75: shooting is one phase).
  const forts = fortShots(state, seen, sc, dice, pack)
  hits.push(...forts.hits)
  lines.push(...forts.lines)
  for (const [id, guns] of Object.entries(forts.fired)) for (const g of guns) next.forts[id]!.lastFired[g] = n
  for (const h of hits) {
    const building = sc.buildings.find((b) => b.id === h.target)
    if (building) {
      for (const l of damageBuilding(next, building, h.damage, 'gunfire', pack))
        lines.push({ firer: l.ship, target: l.ship, text: l.text, rule: l.rule })
      continue
    }
    const fort = next.forts[h.target]
    if (fort) {
      // §9 L903-905: ship fire only wears down FPV; below a third the fort falls silent.
      fort.fpv = Math.max(0, fort.fpv - h.damage)
      const f = t.forts.silencedBelow
      if (!fort.silenced && fort.fpv * f.den < fort.fpvStart * f.num) {
        fort.silenced = true
        const name = sc.forts.find((x) => x.id === h.target)!.name
        lines.push({
          firer: h.target,
          target: h.target,
          text: `${name} is reduced to rubble below a third of its FPV and falls silent`,
          rule: '§9 L905',
        })
      }
      continue
    }
    const s = next.ships[h.target]!
    if (s.status !== 'afloat' && s.status !== 'abandoned') continue
    const out = applyHit(
      s,
      h.damage,
      { label: h.label, move: n, guns: pack.classes[s.classKey]!.guns, audience: h.audience },
      dice,
      t,
    )
    next.ships[h.target] = out.ship
    for (const c of out.criticals)
      lines.push({
        firer: h.target,
        target: h.target,
        text: `${s.name} critical: table ${c.table}, result ${c.result}: ${c.effect ?? 'no effect'}`,
        rule: '§9 L713-795',
      })
    if (out.ship.status !== 'afloat' && s.status === 'afloat')
      lines.push({
        firer: h.target,
        target: h.target,
        text: `${s.name} ${out.ship.status === 'exploded' ? 'explodes' : 'sinks'}`,
        rule: '§9 L711',
      })
  }
  return { state: next, lines }
}
