// One answer to "may this line be carried out now?", asked twice: when the record arrives (the
// acknowledgement flags the line) and when the line runs (it is skipped, ruling R32). The state
// may have moved on in between (a prestige level falling mid-phase, 9.22), so both ask it.
import type { PortDef } from './pack.ts'
import { commissionPort, csaPortUsable, usableCoalPorts } from './ports.ts'
import { typeClass, type Ctx, type SdState } from './state.ts'
import { namesPort, portName, portWord } from './nations.ts'

/** Why a line may not run: the rule and the reason in words. */
export interface Bar {
  rule: string
  why: string
}

/** 5.4x, 11.52, 5.43: why a ship may not raid `area` (raidsSoFar: its raids earlier this turn), or null. */
export function raidBar(
  state: SdState,
  ctx: Ctx,
  shipId: string,
  area: string,
  raidsSoFar: number,
  commissioned = state.csa[shipId]!.commissioned,
): Bar | null {
  const s = state.csa[shipId]!
  const def = ctx.ship(shipId)
  const cls = typeClass(def.type)
  if (!commissioned) return { rule: '5.46', why: 'it is uncommissioned' }
  if (cls === 'IC') return { rule: '5.41', why: 'ironclads never raid' }
  if ((cls === 'GB' || cls === 'AUX') && ctx.area(area).kind === 'D' && s.deepRaidTurn !== state.turn)
    return { rule: '5.41', why: 'gunboats and auxiliaries raid only coastal areas' }
  if (def.oneRaidPerTurn && raidsSoFar >= 1) return { rule: '5.42', why: 'it may raid only once a turn' }
  if (s.cannotRaidUntilRefit) return { rule: '11.52', why: 'it may not raid until refitted' }
  if (cls === 'AUX' && ctx.area(area).density < 1)
    return { rule: '5.43', why: 'auxiliaries need a density of at least 1' }
  return null
}

/**
 * 10.51, 4.41, 9.34/9.35: the port where a ship in `area` (lying in `port`) would be commissioned,
 * or why it cannot be. `neutralUsed`: a neutral-port commissioning already made this calendar year,
 * in the state or earlier in the same record.
 */
export function commissionAt(
  state: SdState,
  ctx: Ctx,
  area: string,
  port: string | null,
  neutralUsed: boolean,
): { port: PortDef } | Bar {
  if (port === 'CSA' && state.csaPortsLost.includes(area))
    return { rule: '4.41', why: `the Confederate port in ${area} is lost to the land war` }
  const found = commissionPort(state, ctx, area, port === 'CSA')
  if (!found) {
    if (ctx.area(area).ports.some((p) => p.nat === 'CSA') && state.csaPortsLost.includes(area))
      return { rule: '4.41', why: `the Confederate port in ${area} is lost to the land war` }
    const shut = ctx.area(area).ports.some((p) => p.commission && p.nat !== 'CSA' && p.nat !== 'USA')
    return shut
      ? {
          rule: shutRule(ctx, area),
          why: `the port in ${area} commissions no Confederate ship at the current prestige level`,
        }
      : { rule: '10.51', why: `${area} has no port where a ship can be commissioned` }
  }
  if (found.nat !== 'CSA' && neutralUsed)
    return { rule: '10.51', why: `the one neutral-port commissioning of ${ctx.year(state.turn)} is already used` }
  return { port: found }
}

/** 9.34 (England), 9.35 (France), 9.3 (any other port): which rule shuts the ports of an area. */
function shutRule(ctx: Ctx, area: string): string {
  const nats = ctx.area(area).ports.map((p) => p.nat)
  return nats.includes('England') ? '9.34' : nats.includes('France') ? '9.35' : '9.3'
}

/** 4.4, 9.3: the neutral port a ship at sea in `area` would enter (`nat` as written, or the first), or why not. */
export function enterPortAt(state: SdState, ctx: Ctx, area: string, nat?: string): { port: PortDef } | Bar {
  const ports = ctx.area(area).ports.filter((p) => p.nat !== 'CSA' && p.nat !== 'USA')
  const port = nat ? ports.find((p) => namesPort(p.nat, nat)) : ports[0]
  if (!port)
    return {
      rule: '4.4',
      why: ports.length
        ? `${area} has no ${nat} port (ports here: ${ports.map((p) => portWord(p.nat)).join(', ')})`
        : `${area} has no neutral port to enter`,
    }
  if (!csaPortUsable(state, ctx, area, port))
    return {
      rule: '9.3',
      why: `the ${portName(port.nat)} port in ${area} is closed to Confederate ships at the current prestige level`,
    }
  return { port }
}

/** 7.11, 4.41: why a ship at sea in `area` cannot run into a Confederate port there, or null. */
export function runInBar(state: SdState, ctx: Ctx, area: string): Bar | null {
  if (!ctx.area(area).ports.some((p) => p.nat === 'CSA'))
    return { rule: '7.11', why: `${area} has no Confederate port` }
  if (state.csaPortsLost.includes(area))
    return { rule: '4.41', why: `the Confederate port in ${area} is lost to the land war` }
  return null
}

/**
 * 3.0 step 1C, 6.3: the Confederate ships a declared European blockade of `area` can take: those in
 * the area that began the turn there (not this turn's arrivals), never the Stonewall (11.61), not
 * already blockaded.
 */
export function europeBlockadeTargets(state: SdState, ctx: Ctx, area: string): string[] {
  return Object.values(state.csa)
    .filter(
      (s) =>
        s.status === 'map' &&
        s.area === area &&
        s.arrivedTurn !== state.turn &&
        !ctx.ship(s.id).stonewall &&
        !Object.values(state.usa).some((o) => o.blockading === s.id),
    )
    .map((s) => s.id)
}

/**
 * 7.24: why a Federal ship ending Phase 3 in `endArea` cannot join the blockade of `target`, or
 * null: the target must lie in a neutral port there, already blockaded (the blockades of this
 * phase's 6.3 declarations come after).
 */
export function joinBlockadeBar(state: SdState, target: string, endArea: string | null): Bar | null {
  const t = state.csa[target]
  if (!t || t.status !== 'map' || t.port === null || t.port === 'CSA')
    return { rule: '7.24', why: `${target} does not lie in a neutral port` }
  if (!Object.values(state.usa).some((o) => o.blockading === target))
    return { rule: '7.24', why: `${target} is not blockaded; only an existing blockade can be joined` }
  if (endArea !== t.area)
    return { rule: '7.24', why: `the ship does not end its movement in ${t.area}, where ${target} lies` }
  return null
}

/** 11.51 (ruling R13): the coal ports a ship counts on entering `area` (a Confederate one only from its port). */
export function coalPortsAt(
  state: SdState,
  ctx: Ctx,
  area: string,
  commissioned: boolean,
  inCsaPort: boolean,
): PortDef[] {
  return usableCoalPorts(state, ctx, area, commissioned).filter((p) => p.nat !== 'CSA' || inCsaPort)
}

export function isBar<T extends object>(x: T | Bar): x is Bar {
  return 'why' in x
}
