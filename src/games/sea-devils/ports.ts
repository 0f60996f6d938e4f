// Which ports serve Confederate ships at the current prestige levels (4.4, 9.11, 9.3x, 11.5).
import type { PortDef } from './pack.ts'
import type { Ctx, SdState } from './state.ts'

/** How reports name a port (nations.ts), beside the rules on which ports serve. */
export { portName } from './nations.ts'

const SOUTH_AMERICA_DENIABLE = new Set(['Chile', 'Peru', 'COL'])

/** 9.11: England's and France's own CPL govern C2/C5; the world CPL governs every other port. */
function governingCpl(state: SdState, port: PortDef): number {
  if (port.nat === 'England') return state.cpl.england
  if (port.nat === 'France') return state.cpl.france
  return state.cpl.world
}

/** Whether a neutral or Confederate port may be used for coal, commissioning or a voluntary call. */
export function csaPortUsable(state: SdState, _ctx: Ctx, areaId: string, port: PortDef): boolean {
  if (port.nat === 'USA') return false
  if (port.nat === 'CSA') return !state.csaPortsLost.includes(areaId)
  if (SOUTH_AMERICA_DENIABLE.has(port.nat) && state.coalDenied.includes(port.nat)) return false
  const threshold = port.cplThreshold
  return threshold === undefined || governingCpl(state, port) >= threshold
}

/** Coal ports a ship may use on entering the area (11.51); 9.37: England and France always coal commissioned ships. */
export function usableCoalPorts(state: SdState, ctx: Ctx, areaId: string, commissioned: boolean): PortDef[] {
  return ctx.area(areaId).ports.filter((p) => {
    if (!p.coal || p.nat === 'USA') return false
    if (commissioned && (p.nat === 'England' || p.nat === 'France')) return true
    return csaPortUsable(state, ctx, areaId, p)
  })
}

/** Repair and refit: Confederate ports in Confederate hands, England and France within their limits (4.41, 9.34, 9.35). */
export function isPortRefitCapable(state: SdState, ctx: Ctx, areaId: string, portNat: string): boolean {
  const port = ctx.area(areaId).ports.find((p) => p.nat === portNat)
  if (!port || !port.repairRefit) return false
  return csaPortUsable(state, ctx, areaId, port)
}

/** 10.51: a commissioning port in the area (a Confederate port the ship lies in, or any usable neutral one). */
export function commissionPort(state: SdState, ctx: Ctx, areaId: string, inCsaPort: boolean): PortDef | null {
  const ports = ctx.area(areaId).ports
  if (inCsaPort) return ports.find((p) => p.nat === 'CSA' && csaPortUsable(state, ctx, areaId, p)) ?? null
  return (
    ports.find((p) => p.commission && p.nat !== 'CSA' && p.nat !== 'USA' && commissionsNow(state, ctx, areaId, p)) ??
    null
  )
}

/** 9.34 / 9.35 (ruling R8): a port may commission at a level of its own (null: at any level). */
function commissionsNow(state: SdState, ctx: Ctx, areaId: string, port: PortDef): boolean {
  if (port.commissionThreshold === undefined) return csaPortUsable(state, ctx, areaId, port)
  if (SOUTH_AMERICA_DENIABLE.has(port.nat) && state.coalDenied.includes(port.nat)) return false
  return port.commissionThreshold === null || governingCpl(state, port) >= port.commissionThreshold
}

/** 9.34 / 9.35: the port an uncommissioned ship may not leave while its country's level is below the threshold. */
export function uncommissionedHeld(
  state: SdState,
  ctx: Ctx,
  areaId: string,
  portNat: string,
): { nat: string; threshold: number } | null {
  const port = ctx.area(areaId).ports.find((p) => p.nat === portNat)
  if (!port?.holdsUncommissioned || port.cplThreshold === undefined) return null
  return governingCpl(state, port) < port.cplThreshold ? { nat: port.nat, threshold: port.cplThreshold } : null
}

/** 4.42: a refuge (accept blockade) is possible in any coastal area except C9 and C54, at any CPL. */
export function refugeAvailable(ctx: Ctx, areaId: string): boolean {
  const a = ctx.area(areaId)
  return a.kind === 'C' && !a.noRefuge
}

/** 11.41/11.42: how many consecutive turns a ship may lie in this port before internment. */
export function internmentLimit(ctx: Ctx, areaId: string, portNat: string, refitDuringStay: boolean): number {
  const i = ctx.pack.internment
  const long = ctx.area(areaId).european || portNat === 'CSA'
  const base = long ? i.europeOrCsa : i.other
  const refitPort = ctx.area(areaId).ports.some((p) => p.nat === portNat && p.repairRefit)
  return base + (refitPort && refitDuringStay ? i.refitBonus : 0)
}
