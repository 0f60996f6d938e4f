// The optional Fog of War rule (Rule Book p.6): in the campaign the die a Big-or-Small or a numbered
// Detonation Table cell needs is not rolled at the blast. It waits for the end of the season, or for
// the end of the game when the fishboat was Lost on the way home (ruling IM-50).
import { type Campaign, seasonKey } from './campaign.ts'
import type { Mission } from './mission.ts'
import { type Ctx, d10, note } from './sortie.ts'

/** After the mission: its deferred dice wait on the campaign. */
export function deferFog(c: Campaign, m: Mission, survivors: boolean): void {
  for (const r of m.results)
    if (r.result === 'fog' && r.fogCell !== undefined)
      (c.fogPending ??= []).push({
        target: r.target,
        cell: r.fogCell,
        at: m.lost ? 'end' : 'season',
        survivors,
        season: seasonKey(c.year, c.season),
      })
}

/**
 * Rolls the deferred dice that are due (the season's at its end, the rest when the game ends). A
 * Big Hole counts as an achieved objective and, with survivors, earns its prize (p.6, p.46).
 */
export function resolveFog(ctx: Ctx, c: Campaign, at: 'season' | 'end', prize: (target: string) => void): void {
  const due = (c.fogPending ?? []).filter((p) => at === 'end' || p.at === 'season')
  c.fogPending = (c.fogPending ?? []).filter((p) => !due.includes(p))
  for (const p of due) {
    const roll = d10(ctx, `fog of war ${p.season} ${p.target}`)
    const bs = ctx.pack.tactical.detonation.bigOrSmallAtLeast
    const result = p.cell === 'BS' ? (roll >= bs ? 'B' : 'S') : roll >= p.cell ? 'S' : 'miss'
    const told = result === 'B' ? 'Big Hole' : result === 'S' ? 'Small Hole' : 'Miss'
    note(
      ctx,
      'p.6',
      `Fog of War: the ${p.target} attacked in ${p.season}: ${p.cell === 'BS' ? 'Big or Small' : p.cell}, rolled ${roll}: ${told}`,
    )
    if (result !== 'B') continue
    c.objectives = (c.objectives ?? 0) + 1
    if (p.survivors && at === 'season') prize(p.target)
  }
}
