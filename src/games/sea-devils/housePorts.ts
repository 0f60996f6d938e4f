// What Sea Devils' standard house player does with a raider in port or in need of one: commission,
// repair, refit, or make for a port that can refit it. It asks the game's own port rules (ports.ts,
// legality.ts) about a position rebuilt from the Confederate view alone: the public tracks, the
// side's own ships and the land war's dates on the map (4.41), never the Federal side's secrets.
import type { View } from '../contract.ts'
import { commissionAt, enterPortAt, isBar, runInBar } from './legality.ts'
import { portWord } from './nations.ts'
import { isPortRefitCapable } from './ports.ts'
import { neutralUsed, refitForbiddenByOrigin } from './scriptChecks.ts'
import { type CsaShip, type Ctx, neighbours, type SdState } from './state.ts'

/** The Confederate view's own ship, as the house reads it. */
export type OwnShip = CsaShip & { type: string; ma: number; refitPeriod: number }

/**
 * The parts of a position the port rules read, from the Confederate view: the turn, the prestige
 * levels, the ports the land war has taken by now, the side's own ships and this year's neutral
 * commissioning. South American coal denial (9.38) is not in the view; the house keeps out of those
 * countries' ports instead.
 */
export function positionFromView(ctx: Ctx, view: View): SdState {
  const turn = view.turn as number
  const own = (view.confederate as OwnShip[] | undefined) ?? []
  return {
    turn,
    cpl: view.cpl,
    csaPortsLost: ctx.pack.mapRoles.landWar.filter((l) => l.turn <= turn).map((l) => l.area),
    coalDenied: ['Chile', 'Peru', 'COL'],
    csa: Object.fromEntries(own.map((s) => [s.id, s])),
    neutralCommissionYears: view.neutralCommissionUsed ? [ctx.year(turn)] : [],
  } as unknown as SdState
}

/** 11.3, 11.52: a raider past its refit period, or barred from raiding, wants a refit. */
export const wantsRefit = (s: OwnShip): boolean => s.cannotRaidUntilRefit || s.turnsAtSea >= s.refitPeriod

/** The record line of a raider in port that should not sail yet (commission, repair, refit), or null. */
export function inPortLine(ctx: Ctx, pos: SdState, s: OwnShip, commissioned: { neutral: boolean }): string | null {
  const area = s.area!
  const port = s.port!
  if (!s.commissioned) {
    const at = commissionAt(pos, ctx, area, port, commissioned.neutral || neutralUsed(pos, ctx))
    if (isBar(at)) return `${s.id}: STAY`
    if (at.port.nat !== 'CSA') commissioned.neutral = true
    return `${s.id}: COMMISSION`
  }
  const yard = isPortRefitCapable(pos, ctx, area, port)
  if (yard && s.damage > 0) return `${s.id}: REPAIR`
  if (yard && wantsRefit(s) && !refitForbiddenByOrigin(ctx, s.id, port)) return `${s.id}: REFIT`
  return null
}

/** A port in `area` a ship at sea may enter and be refitted in, as its ENTER-PORT words, or null. */
function refitPortIn(ctx: Ctx, pos: SdState, s: OwnShip, area: string): string | null {
  if (!runInBar(pos, ctx, area)) return 'RUN-IN'
  const at = enterPortAt(pos, ctx, area)
  if (isBar(at) || !isPortRefitCapable(pos, ctx, area, at.port.nat)) return null
  if (refitForbiddenByOrigin(ctx, s.id, at.port.nat)) return null
  return `ENTER-PORT ${portWord(at.port.nat)}`
}

/** A raider at sea wanting a refit: into a refitting port here, or one area toward the nearest, or null. */
export function homewardLine(ctx: Ctx, pos: SdState, s: OwnShip): string | null {
  const here = refitPortIn(ctx, pos, s, s.area!)
  if (here) return `${s.id}: ${here}`
  if (s.ma - s.damage < 2) return null
  const back = new Map<string, string>([[s.area!, s.area!]])
  const queue = [s.area!]
  while (queue.length) {
    const at = queue.shift()!
    if (at !== s.area && refitPortIn(ctx, pos, s, at)) {
      let first = at
      while (back.get(first) !== s.area) first = back.get(first)!
      const enter = first === at ? refitPortIn(ctx, pos, s, at) : null
      return `${s.id}: MOVE ${first}${enter ? `, ${enter}` : ''}`
    }
    for (const n of neighbours(ctx, at))
      if (!back.has(n)) {
        back.set(n, at)
        queue.push(n)
      }
  }
  return null
}
