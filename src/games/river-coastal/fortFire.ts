// Fort and shore-battery fire (rulebook §9 L881-907, digest §3.11). The fort order sheet (§18) is
// lost, so a fort's guns pick their own target (ruling RC-50): the nearest enemy ship its side has in
// sight, inside the fort's arc and the gun's long range, with a clear line from the fort's centre.
// Fort guns keep the alternate-move rule; a silenced fort (FPV under a third) does not fire. Each gun
// needs a CPV to fire (§9 L899): the garrison serves the guns in the fort's order (ruling RC-103), and
// its own side is told which stand unmanned.
import type { Audience, Dice } from '../contract.ts'
import { angleDiff, distance, headingTo } from '../kit/geometry.ts'
import { bandFor, readyToFire, resolveShot } from './gunnery.ts'
import { samplePoints } from './hull.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { centreOf } from './shapes.ts'
import { bowOrSternOn, canSee } from './sight.ts'
import { present, screensFrom, sightedShip, sightRules } from './sighting.ts'
import type { RiverState } from './state.ts'

export interface QueuedHit {
  target: string
  damage: number
  label: string
  audience: Audience
}

export function fortShots(state: RiverState, seen: Record<Side, string[]>, sc: Scenario, dice: Dice, pack: RiverPack) {
  const t = pack.tables
  const n = state.move
  const hits: QueuedHit[] = []
  const lines: { firer: string; target: string; text: string; rule: string; to?: Side }[] = []
  const fired: Record<string, string[]> = {}
  const all = present(state).map((s) => sightedShip(state, s.id, pack))
  for (const fort of sc.forts) {
    const fs = state.forts[fort.id]!
    if (fs.silenced) continue
    const at = centreOf(fort.polygon)
    const land = screensFrom(at, state, sc)
    const eye = { id: fort.id, pose: { pos: at, heading: 0 }, hull: { length: 1, beam: 1 }, spv: 0 }
    // A gun destroyed by mortar fire (mortars.ts) fires no more.
    const working = fort.guns.filter((g) => !fs.gunsLost?.includes(g.id))
    const manned = working.slice(0, Math.max(0, fs.cpv))
    if (manned.length < working.length)
      lines.push({
        firer: fort.id,
        target: fort.id,
        text: `${fort.name}: ${fs.cpv} CPV serve ${manned.length} of its ${working.length} guns; ${working
          .slice(manned.length)
          .map((g) => g.id)
          .join(', ')} stand unmanned`,
        rule: '§9 L899',
        to: fort.side,
      })
    for (const g of manned) {
      if (!readyToFire(g.gun, fs.lastFired[g.id], n, t)) continue
      const reach = (id: string): number | null => {
        const target = all.find((x) => x.id === id)!
        if (!canSee(eye, target, all, land, sightRules(state, pack))) return null
        const inArc = Object.values(samplePoints(target.pose, target.hull)).filter(
          (p) => Math.abs(angleDiff(fort.arcCentre, headingTo(at, p))) <= fort.arcHalf,
        )
        if (!inArc.length) return null
        const r = Math.min(...inArc.map((p) => distance(at, p)))
        return bandFor(r, t.guns[g.gun]!.range, t) ? r : null
      }
      const target = seen[fort.side]
        .filter((id) => state.ships[id]!.status === 'afloat')
        .map((id) => ({ id, r: reach(id) }))
        .filter((x): x is { id: string; r: number } => x.r !== null)
        .sort((a, b) => a.r - b.r || (a.id < b.id ? -1 : 1))[0]
      if (!target) continue
      const ship = state.ships[target.id]!
      const c = pack.classes[ship.classKey]!
      const label = `m${n}:${fort.id}:${g.id}`
      const r = resolveShot(
        {
          label,
          gunType: g.gun,
          range: target.r,
          smallTarget: c.smallTarget,
          bowOrStern: bowOrSternOn(ship.pose, at, t.toHit.aspectConeDegrees * 100),
          captainBonus: 0,
          sloped: c.sloped,
          audience: { kind: 'public' },
        },
        dice,
        t,
      )
      fired[fort.id] = [...(fired[fort.id] ?? []), g.id]
      lines.push({
        firer: fort.id,
        target: target.id,
        text: `${fort.name} ${g.id} (${g.gun}) at ${ship.name}, ${r.band} range: rolled ${r.roll}${r.modifier ? ` ${r.modifier}` : ''}, needs ${r.needed}: ${r.hit ? `hit, ${r.damage} damage` : 'miss'}`,
        rule: '§9 L593-611, L881-907',
      })
      if (r.hit) hits.push({ target: target.id, damage: r.damage, label, audience: { kind: 'public' } })
    }
  }
  return { hits, lines, fired }
}
