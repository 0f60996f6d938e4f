// Checks of a Confederate activity record at receipt (4.3x, 5.4x, 9.3x, 10.5x, 11.3x): what each
// step may do where the ship will then be, raids a ship may not make, refits its origin forbids.
import type { ScriptLine } from '../../orders/script.ts'
import { baseAllowance, neighbours, type Ctx, type SdState } from './state.ts'
import { isPortRefitCapable, uncommissionedHeld } from './ports.ts'
import { type Collector, type CsaStep, SQUADRON_VERBS, areaSuggestion } from './orderWords.ts'
import { type Bar, coalPortsAt, commissionAt, enterPortAt, isBar, raidBar, runInBar } from './legality.ts'
import { portWord } from './nations.ts'

const barText = (b: Bar | null) => (b ? `${b.why} (${b.rule})` : 'may raid')

/** 10.52: the turn of arrival of a ship that must repair at once (it takes no orders). */
export function forcedRepairTurn(state: SdState, ctx: Ctx, shipId: string): boolean {
  const s = state.csa[shipId]
  return !!s && s.status === 'map' && !!ctx.ship(shipId).arrivalRepairIn && s.arrivedTurn === state.turn
}

/** A squadron's script (4.52, ruling R-SQ): MOVE, RAID and STAY at its slowest member's allowance. */
export function checkSquadronScript(
  state: SdState,
  ctx: Ctx,
  id: string,
  members: string[],
  steps: CsaStep[],
  lines: ScriptLine[],
  out: Collector,
): boolean {
  const before = out.errors.length
  const lineOf = (n: number) => lines.find((l) => l.line === n) ?? lines[0]!
  let area = state.csa[members[0]!]!.area!
  let mp = 0
  const raided = new Set<string>()
  const raidsBy = new Map<string, number>()
  const allowance = Math.min(...members.map((m) => baseAllowance(ctx, state.csa[m]!) - state.csa[m]!.damage))
  for (const step of steps) {
    const l = lineOf(step.line)
    if (!SQUADRON_VERBS.includes(step.verb)) {
      out.error(l, `a squadron may only ${SQUADRON_VERBS.join(', ')} (ruling R-SQ); ${step.verb} is for single ships`)
      continue
    }
    if (step.verb === 'MOVE') {
      if (!neighbours(ctx, area).includes(step.area!))
        out.error(l, `${step.area} is not next to ${area}`, areaSuggestion(ctx, step.area!, area))
      area = step.area!
      mp += 1
    } else if (step.verb === 'RAID') {
      if (raided.has(area)) out.error(l, `squadron ${id} has already raided ${area} this turn (5.0)`)
      const able = members.filter((m) => raidBar(state, ctx, m, area, raidsBy.get(m) ?? 0) === null)
      if (!able.length)
        out.error(
          l,
          `no ship of squadron ${id} may raid ${area} (${members.map((m) => `${m}: ${barText(raidBar(state, ctx, m, area, raidsBy.get(m) ?? 0))}`).join('; ')})`,
        )
      for (const m of able) raidsBy.set(m, (raidsBy.get(m) ?? 0) + 1)
      raided.add(area)
      mp += 1
    }
  }
  if (mp > allowance)
    out.error(
      lineOf(steps.at(-1)?.line ?? lines[0]!.line),
      `squadron ${id} would spend ${mp} MP but its slowest ship has ${allowance} (4.11, 6.21)`,
    )
  if (out.errors.length === before)
    out.warnings.push({ line: lines[0]!.line, text: '', message: `squadron ${id} ${mp}/${allowance} MP planned` })
  return out.errors.length === before
}

/** What the ships of one record use up between them (10.51: one neutral-port commissioning a year). */
export interface RecordTally {
  neutralCommissions: number
}

/** 10.51: this calendar year's neutral-port commissioning is already used. */
export function neutralUsed(state: SdState, ctx: Ctx): boolean {
  return state.neutralCommissionYears.includes(ctx.year(state.turn))
}

/** Walks a script through the map as it stands now; errors for what can never be legal. */
export function checkScript(
  state: SdState,
  ctx: Ctx,
  shipId: string,
  steps: CsaStep[],
  lines: ScriptLine[],
  out: Collector,
  record: RecordTally = { neutralCommissions: 0 },
): boolean {
  const def = ctx.ship(shipId)
  let neutralCommissions = 0
  const ship = state.csa[shipId]!
  const lineOf = (n: number) => lines.find((l) => l.line === n) ?? lines[0]!
  const before = out.errors.length
  let area = ship.area!
  let port = ship.port
  let mp = 0
  let coalings = 0
  let commissioned = ship.commissioned
  const raided = new Set<string>()
  let raids = 0
  let bonus = 0
  const wholeTurn = steps.some((s) => s.verb === 'REPAIR' || s.verb === 'REFIT')
  if (wholeTurn && steps.some((s) => s.verb !== 'REPAIR' && s.verb !== 'REFIT')) {
    out.error(
      lineOf(steps[0]!.line),
      'REPAIR and REFIT take the whole turn in port: no other activity may go with them (8.22, 11.31)',
    )
  }
  for (const step of steps) {
    const l = lineOf(step.line)
    switch (step.verb) {
      case 'MOVE': {
        if (port !== null) out.error(l, `${shipId} is in port at ${area}: leave first (LEAVE-PORT, RUN or RUN-OUT)`)
        if (!neighbours(ctx, area).includes(step.area!))
          out.error(l, `${step.area} is not next to ${area}`, areaSuggestion(ctx, step.area!, area))
        area = step.area!
        mp += 1
        coalings += coalPortsAt(state, ctx, area, commissioned, false).length
        break
      }
      case 'RAID': {
        if (port !== null) out.error(l, 'a ship in port cannot raid; leave port first')
        if (raided.has(area)) out.error(l, `${shipId} has already raided ${area} this turn (5.0)`)
        const bar = raidBar(state, ctx, shipId, area, raids, commissioned)
        if (bar) out.error(l, `${shipId} may not raid ${area}: ${bar.why} (${bar.rule})`)
        raided.add(area)
        raids += 1
        mp += 1
        break
      }
      case 'LEAVE-PORT':
      case 'RUN': {
        if (port === null || port === 'CSA')
          out.error(l, port === 'CSA' ? 'leave a Confederate port with RUN-OUT (7.11)' : `${shipId} is not in port`)
        const held = port !== null && !commissioned ? uncommissionedHeld(state, ctx, area, port) : null
        if (held)
          out.error(
            l,
            `${shipId} is uncommissioned and may not leave ${held.nat} while its prestige level is below ${held.threshold} (${held.nat === 'France' ? '9.35' : '9.34'}); commission it first`,
          )
        if (step.verb === 'RUN') mp += 1
        if (port !== null) coalings += coalPortsAt(state, ctx, area, commissioned, false).length
        port = null
        break
      }
      case 'RUN-OUT':
        if (port !== 'CSA') out.error(l, `${shipId} is not in a Confederate port`)
        else coalings += coalPortsAt(state, ctx, area, commissioned, true).length
        port = null
        mp += 1
        break
      case 'RUN-IN':
        if (port !== null) out.error(l, `${shipId} is already in port`)
        else {
          const bar = runInBar(state, ctx, area)
          if (bar) out.error(l, `${shipId} cannot run into a Confederate port: ${bar.why} (${bar.rule})`)
        }
        port = 'CSA'
        coalings += 1
        mp += 1
        break
      case 'ENTER-PORT': {
        if (port !== null) out.error(l, `${shipId} is already in port`)
        const at = enterPortAt(state, ctx, area, step.nat)
        if (isBar(at)) out.error(l, `${shipId} cannot enter port in ${area}: ${at.why} (${at.rule})`)
        else if (step.nat) step.nat = at.port.nat
        const chosen = isBar(at) ? null : at.port
        port = chosen?.nat ?? 'neutral'
        break
      }
      case 'COMMISSION': {
        const at = commissioned
          ? null
          : commissionAt(
              state,
              ctx,
              area,
              port,
              neutralUsed(state, ctx) || record.neutralCommissions + neutralCommissions > 0,
            )
        if (commissioned) out.error(l, `${shipId} is already commissioned`)
        else if (at && isBar(at))
          out.error(
            l,
            `${shipId} cannot be commissioned in ${area}: ${at.why} (${at.rule})`,
            at.rule === '10.51' ? 'commission in a Confederate port, or wait for the next calendar year' : undefined,
          )
        else if (at && at.port.nat !== 'CSA') neutralCommissions += 1
        commissioned = true
        mp += 1
        break
      }
      case 'PRIZE-COAL':
        if (!def.prizeCoal) out.error(l, `only a ship that can coal from its prizes may use PRIZE-COAL (11.53)`)
        else if (ship.prizeCoalUsed)
          out.error(l, `${shipId} has already coaled from a captured merchant ship; it may do so once a game (11.53)`)
        else if (step !== steps[0])
          out.error(
            l,
            `PRIZE-COAL must be ${shipId}'s first line: it is announced at the start of the activity phase (11.53)`,
          )
        else {
          bonus = def.prizeCoal.extraMp
          coalings += 1
        }
        break
      case 'REPAIR':
      case 'REFIT':
        if (port === null) out.error(l, `${step.verb} needs the ship in port for the whole turn (8.22, 11.31)`)
        else if (!isPortRefitCapable(state, ctx, area, port))
          out.error(l, `${area} cannot ${step.verb.toLowerCase()} Confederate ships now (4.41, 9.34, 9.35)`)
        if (step.verb === 'REFIT' && port !== null && refitForbiddenByOrigin(ctx, shipId, port))
          out.error(l, `${shipId} was received in ${port} and may never refit there (9.36)`)
        break
      case 'STAY':
        break
    }
  }
  const ma = baseAllowance(ctx, ship)
  const allowance = ma + bonus - ship.damage
  if (mp > allowance) {
    out.error(
      lineOf(steps.at(-1)!.line),
      `${shipId} would spend ${mp} MP but has ${allowance} (movement allowance ${ma}${bonus ? `, prize coal +${bonus}` : ''}, damage ${ship.damage}) (4.11)`,
    )
  }
  const stillAtSea =
    !wholeTurn &&
    !(ship.port !== null && port !== null && steps.every((s) => s.verb === 'STAY' || s.verb === 'COMMISSION'))
  if (stillAtSea && def.coal !== undefined && coalings < def.coal && out.errors.length === before) {
    out.warn(
      { line: steps[0]!.line, text: lineOf(steps[0]!.line).text },
      `WARNING: ${shipId} plans ${coalings} of the ${def.coal} coalings it needs: short of coal, every raid it makes this turn is void and it may not raid again until it has refitted (11.52)`,
    )
  }
  if (out.errors.length === before) {
    record.neutralCommissions += neutralCommissions
    out.warnings.push({ line: steps[0]!.line, text: '', message: `${shipId} ${mp}/${allowance} MP planned` })
  }
  return out.errors.length === before
}

export function refitForbiddenByOrigin(ctx: Ctx, shipId: string, portNat: string): boolean {
  const origin = ctx.ship(shipId).receivedIn
  return (origin === 'England' && portNat === 'England') || (origin === 'France' && portNat === 'France')
}

export function describeStep(s: CsaStep): string {
  if (s.verb === 'MOVE') return `MOVE ${s.area}`
  if (s.verb === 'ENTER-PORT' && s.nat) return `ENTER-PORT ${portWord(s.nat)}`
  return s.verb
}

// ---------------------------------------------------------------- Federal orders (10.4, 4.1, 11.1)
