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
import { bandFor, readyToFire, resolveShot } from './gunnery.ts'
import type { ShipOrder } from './orderTypes.ts'
import { shipFacts, standing } from './policies.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { fortShots, type QueuedHit } from './fortFire.ts'
import { centreOf, gapBetween } from './shapes.ts'
import { type Arc, bowOrSternOn, canSee, rangeInArc } from './sight.ts'
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
  const onTable = present(state)
  const all = onTable.map((s) => sightedShip(state, s.id, pack))
  // Forts and buildings ashore (§9 L903): no sight needed, range to the nearest point of the footprint.
  const shore = shoreTargets(state, sc)
  for (const s of Object.values(next.ships)) s.firedOnBy = []
  const base = { state, all, seen }
  const snaps = new Map<number, typeof base>()
  const snapshot = (q?: number) => {
    if (!q || !quarters[q - 1]) return base as typeof base
    if (!snaps.has(q)) {
      const st: RiverState = structuredClone(state)
      for (const [id, p] of Object.entries(quarters[q - 1]!)) st.ships[id]!.pose = p
      const sn = { USA: seenBy('USA', st, sc, pack), CSA: seenBy('CSA', st, sc, pack) }
      snaps.set(q, { state: st, all: present(st).map((x) => sightedShip(st, x.id, pack)), seen: sn })
    }
    return snaps.get(q)!
  }

  for (const firer of onTable.filter((s) => s.status === 'afloat').sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const c = pack.classes[firer.classKey]!
    const aud: Audience = seen[firer.side === 'USA' ? 'CSA' : 'USA'].includes(firer.id)
      ? { kind: 'public' }
      : { kind: 'roles', roles: [firer.side] }
    for (const f of orders[firer.id]?.fire ?? []) {
      for (const gunId of f.guns) {
        const g = c.guns.find((x) => x.id === gunId)!
        const gs = next.ships[firer.id]!.guns[gunId]!
        if (gs.status !== 'ok' || !gs.crewed || !readyToFire(g.gun, gs.lastFired, n, t)) continue
        const arc = arcOf(g, firer, pack)
        /** The target this gun takes on one set of positions, and how hard the shot is (lower is easier). */
        const aimAt = (geo: ReturnType<typeof snapshot>) => {
          const pose = geo.state.ships[firer.id]!.pose
          const me = geo.all.find((x) => x.id === firer.id)
          if (!me) return null
          // A target counts only inside the arc, in sight and within the gun's long range (ruling RC-25).
          const rawRange = (id: string): number | null => {
            if (shore.has(id)) {
              const fort = shore.get(id)!
              const rel = angleDiff(pose.heading, headingTo(pose.pos, centreOf(fort.polygon)))
              const inArcNow = arc.kind === 'sector' ? Math.abs(angleDiff(arc.centre, rel)) <= arc.half : true
              return inArcNow ? gapBetween([pose.pos], fort.polygon) : null
            }
            const target = geo.all.find((x) => x.id === id)
            if (!target || !geo.seen[firer.side].includes(id)) return null
            if (!canSee(me, target, geo.all, screensFrom(pose.pos, state, sc), sightRules(state, pack))) return null
            return rangeInArc(pose, arc, target.pose, target.hull)
          }
          const rangeTo = (id: string): number | null => {
            const r = rawRange(id)
            return r !== null && bandFor(r, t.guns[g.gun]!.range, t) ? r : null
          }
          const nearest = () =>
            geo.all
              .filter((x) => state.ships[x.id]!.side !== firer.side)
              .map((x) => ({ id: x.id, r: rangeTo(x.id) }))
              .filter((x): x is { id: string; r: number } => x.r !== null)
              .sort((a, b) => a.r - b.r || (a.id < b.id ? -1 : 1))[0]?.id
          const choices = [f.target, f.orElse]
            .filter((x): x is string => !!x)
            .map((x) => (x === 'NEAREST' ? nearest() : x))
          let chosen = choices.find((id) => id !== undefined && rangeTo(id) !== null)
          if (!chosen) {
            // §9 L605: the named targets are gone or out of reach; the standing order says whether to shift fire.
            const facts = shipFacts(firer, n, seen[firer.side].length > 0)
            if (standing(state.policies[firer.side], 'NO-TARGET', firer.id, facts, 'HOLD') === 'NEAREST')
              chosen = nearest()
          }
          if (!chosen) return null
          const range = rangeTo(chosen)!
          const targetShip = shore.has(chosen) ? null : geo.state.ships[chosen]!
          const bowOrStern = targetShip
            ? bowOrSternOn(targetShip.pose, pose.pos as Point, t.toHit.aspectConeDegrees * 100)
            : false
          const small = targetShip ? pack.classes[targetShip.classKey]!.smallTarget : false
          const hardness = bandFor(range, t.guns[g.gun]!.range, t)!.hitOn + (bowOrStern ? 1 : 0) + (small ? 1 : 0)
          return { chosen, range, bowOrStern, hardness }
        }
        // §9 L607: on move 1 a gun may fire during the move: at the quarter ordered, or (BEST) at the
        // quarter where the shot is easiest, the earliest of equals.
        const aims = (f.when === 'BEST' ? [1, 2, 3, 4] : [f.when]).map((q) => aimAt(snapshot(q)))
        const aim = aims.reduce<(typeof aims)[number]>(
          (best, x) => (x && (!best || x.hardness < best.hardness) ? x : best),
          null,
        )
        if (!aim) continue
        const { chosen, range } = aim
        const isFort = shore.has(chosen)
        const tShip = isFort ? null : state.ships[chosen]!
        const tClass = tShip ? pack.classes[tShip.classKey]! : null
        const label = `m${n}:${firer.id}:${gunId}`
        const r = resolveShot(
          {
            label,
            gunType: g.gun,
            range,
            smallTarget: tClass?.smallTarget ?? false,
            bowOrStern: aim.bowOrStern,
            captainBonus: firer.captain.alive && firer.captain.atGun === gunId ? firer.captain.yellow : 0,
            sloped: tClass?.sloped ?? false,
            audience: aud,
          },
          dice,
          t,
        )
        if (r.band === null) continue
        gs.lastFired = n
        const name = tShip?.name ?? shore.get(chosen)!.name
        lines.push({
          firer: firer.id,
          target: chosen,
          text: `${firer.name} ${gunId} (${g.gun}) at ${name}, ${r.band} range: rolled ${r.roll}${r.modifier ? ` ${r.modifier > 0 ? '+' : ''}${r.modifier}` : ''}, needs ${r.needed}: ${r.hit ? `hit, ${r.damage} damage` : 'miss'}`,
          rule: '§9 L593-611',
        })
        if (tShip) next.ships[chosen]!.firedOnBy.push(firer.id)
        if (r.hit) hits.push({ target: chosen, damage: r.damage, label, audience: aud })
        if (r.burst) {
          next.ships[firer.id] = loseCpv(
            {
              ...next.ships[firer.id]!,
              guns: { ...next.ships[firer.id]!.guns, [gunId]: { ...gs, status: 'destroyed' } },
            },
            1,
            c.guns,
          )
          lines.push({
            firer: firer.id,
            target: firer.id,
            text: `${firer.name}'s ${gunId} bursts, killing its crew`,
            rule: '§9 L609',
          })
        }
      }
    }
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
