// Checks of a Confederate activity record at receipt (4.3x, 5.4x, 9.3x, 10.5x, 11.3x): what each
// step may do where the ship will then be, raids a ship may not make, refits its origin forbids.
import type { ScriptLine } from '../../orders/script.ts'
import { baseAllowance, neighbours, type Ctx, type SdState } from './state.ts'
import { isPortRefitCapable, uncommissionedHeld } from './ports.ts'
import { type Collector, type CsaStep, SQUADRON_VERBS, areaSuggestion } from './orderWords.ts'
import { type Bar, coalPortsAt, commissionAt, enterPortAt, isBar, raidBar, runInBar } from './legality.ts'

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
  const ship = state.csa[shipId]!
  const w: Walk = {
    state,
    ctx,
    shipId,
    def: ctx.ship(shipId),
    ship,
    steps,
    out,
    record,
    lineOf: (n: number) => lines.find((l) => l.line === n) ?? lines[0]!,
    area: ship.area!,
    port: ship.port,
    mp: 0,
    coalings: 0,
    commissioned: ship.commissioned,
    raided: new Set<string>(),
    raids: 0,
    bonus: 0,
    neutralCommissions: 0,
  }
  const before = out.errors.length
  const wholeTurn = steps.some((s) => s.verb === 'REPAIR' || s.verb === 'REFIT')
  if (wholeTurn && steps.some((s) => s.verb !== 'REPAIR' && s.verb !== 'REFIT')) {
    out.error(
      w.lineOf(steps[0]!.line),
      'REPAIR and REFIT take the whole turn in port: no other activity may go with them (8.22, 11.31)',
    )
  }
  for (const step of steps) {
    const l = w.lineOf(step.line)
    if (!sailingStep(w, step, l)) portStep(w, step, l)
  }
  return closeWalk(w, before, wholeTurn)
}

/** A script on its way through the map: where the ship is, what it has spent and done. */
interface Walk {
  state: SdState
  ctx: Ctx
  shipId: string
  def: ReturnType<Ctx['ship']>
  ship: SdState['csa'][string]
  steps: CsaStep[]
  out: Collector
  record: RecordTally
  lineOf: (n: number) => ScriptLine
  area: string
  port: string | null
  mp: number
  coalings: number
  commissioned: boolean
  raided: Set<string>
  raids: number
  bonus: number
  neutralCommissions: number
}

/** MOVE, RAID, leaving and entering Confederate ports: false for any other step. */
function sailingStep(w: Walk, step: CsaStep, l: ScriptLine): boolean {
  switch (step.verb) {
    case 'MOVE': {
      if (w.port !== null)
        w.out.error(l, `${w.shipId} is in port at ${w.area}: leave first (LEAVE-PORT, RUN or RUN-OUT)`)
      if (!neighbours(w.ctx, w.area).includes(step.area!))
        w.out.error(l, `${step.area} is not next to ${w.area}`, areaSuggestion(w.ctx, step.area!, w.area))
      w.area = step.area!
      w.mp += 1
      w.coalings += coalPortsAt(w.state, w.ctx, w.area, w.commissioned, false).length
      return true
    }
    case 'RAID': {
      if (w.port !== null) w.out.error(l, 'a ship in port cannot raid; leave port first')
      if (w.raided.has(w.area)) w.out.error(l, `${w.shipId} has already raided ${w.area} this turn (5.0)`)
      const bar = raidBar(w.state, w.ctx, w.shipId, w.area, w.raids, w.commissioned)
      if (bar) w.out.error(l, `${w.shipId} may not raid ${w.area}: ${bar.why} (${bar.rule})`)
      w.raided.add(w.area)
      w.raids += 1
      w.mp += 1
      return true
    }
    case 'LEAVE-PORT':
    case 'RUN': {
      if (w.port === null || w.port === 'CSA')
        w.out.error(l, w.port === 'CSA' ? 'leave a Confederate port with RUN-OUT (7.11)' : `${w.shipId} is not in port`)
      const held = w.port !== null && !w.commissioned ? uncommissionedHeld(w.state, w.ctx, w.area, w.port) : null
      if (held)
        w.out.error(
          l,
          `${w.shipId} is uncommissioned and may not leave ${held.nat} while its prestige level is below ${held.threshold} (${held.nat === 'France' ? '9.35' : '9.34'}); commission it first`,
        )
      if (step.verb === 'RUN') w.mp += 1
      if (w.port !== null) w.coalings += coalPortsAt(w.state, w.ctx, w.area, w.commissioned, false).length
      w.port = null
      return true
    }
    case 'RUN-OUT':
      if (w.port !== 'CSA') w.out.error(l, `${w.shipId} is not in a Confederate port`)
      else w.coalings += coalPortsAt(w.state, w.ctx, w.area, w.commissioned, true).length
      w.port = null
      w.mp += 1
      return true
    case 'RUN-IN':
      if (w.port !== null) w.out.error(l, `${w.shipId} is already in port`)
      else {
        const bar = runInBar(w.state, w.ctx, w.area)
        if (bar) w.out.error(l, `${w.shipId} cannot run into a Confederate port: ${bar.why} (${bar.rule})`)
      }
      w.port = 'CSA'
      w.coalings += 1
      w.mp += 1
      return true
  }
  return false
}

/** Steps taken in port or about the ship itself: ENTER-PORT, COMMISSION, PRIZE-COAL, REPAIR, REFIT, STAY. */
function portStep(w: Walk, step: CsaStep, l: ScriptLine): void {
  switch (step.verb) {
    case 'ENTER-PORT': {
      if (w.port !== null) w.out.error(l, `${w.shipId} is already in port`)
      const at = enterPortAt(w.state, w.ctx, w.area, step.nat)
      if (isBar(at)) w.out.error(l, `${w.shipId} cannot enter port in ${w.area}: ${at.why} (${at.rule})`)
      else if (step.nat) step.nat = at.port.nat
      const chosen = isBar(at) ? null : at.port
      w.port = chosen?.nat ?? 'neutral'
      break
    }
    case 'COMMISSION': {
      const at = w.commissioned
        ? null
        : commissionAt(
            w.state,
            w.ctx,
            w.area,
            w.port,
            neutralUsed(w.state, w.ctx) || w.record.neutralCommissions + w.neutralCommissions > 0,
          )
      if (w.commissioned) w.out.error(l, `${w.shipId} is already commissioned`)
      else if (at && isBar(at))
        w.out.error(
          l,
          `${w.shipId} cannot be commissioned in ${w.area}: ${at.why} (${at.rule})`,
          at.rule === '10.51' ? 'commission in a Confederate port, or wait for the next calendar year' : undefined,
        )
      else if (at && at.port.nat !== 'CSA') w.neutralCommissions += 1
      w.commissioned = true
      w.mp += 1
      break
    }
    case 'PRIZE-COAL':
      if (!w.def.prizeCoal) w.out.error(l, `only a ship that can coal from its prizes may use PRIZE-COAL (11.53)`)
      else if (w.ship.prizeCoalUsed)
        w.out.error(l, `${w.shipId} has already coaled from a captured merchant ship; it may do so once a game (11.53)`)
      else if (step !== w.steps[0])
        w.out.error(
          l,
          `PRIZE-COAL must be ${w.shipId}'s first line: it is announced at the start of the activity phase (11.53)`,
        )
      else {
        w.bonus = w.def.prizeCoal.extraMp
        w.coalings += 1
      }
      break
    case 'REPAIR':
    case 'REFIT':
      if (w.port === null) w.out.error(l, `${step.verb} needs the ship in port for the whole turn (8.22, 11.31)`)
      else if (!isPortRefitCapable(w.state, w.ctx, w.area, w.port))
        w.out.error(l, `${w.area} cannot ${step.verb.toLowerCase()} Confederate ships now (4.41, 9.34, 9.35)`)
      if (step.verb === 'REFIT' && w.port !== null && refitForbiddenByOrigin(w.ctx, w.shipId, w.port))
        w.out.error(l, `${w.shipId} was received in ${w.port} and may never refit there (9.36)`)
      break
    case 'STAY':
      break
  }
}

/** The movement allowance and coal over the whole script; the tally of neutral commissions when it stands. */
function closeWalk(w: Walk, before: number, wholeTurn: boolean): boolean {
  const ma = baseAllowance(w.ctx, w.ship)
  const allowance = ma + w.bonus - w.ship.damage
  if (w.mp > allowance) {
    w.out.error(
      w.lineOf(w.steps.at(-1)!.line),
      `${w.shipId} would spend ${w.mp} MP but has ${allowance} (movement allowance ${ma}${w.bonus ? `, prize coal +${w.bonus}` : ''}, damage ${w.ship.damage}) (4.11)`,
    )
  }
  const stillAtSea =
    !wholeTurn &&
    !(w.ship.port !== null && w.port !== null && w.steps.every((s) => s.verb === 'STAY' || s.verb === 'COMMISSION'))
  if (stillAtSea && w.def.coal !== undefined && w.coalings < w.def.coal && w.out.errors.length === before) {
    w.out.warn(
      { line: w.steps[0]!.line, text: w.lineOf(w.steps[0]!.line).text },
      `WARNING: ${w.shipId} plans ${w.coalings} of the ${w.def.coal} coalings it needs: short of coal, every raid it makes this turn is void and it may not raid again until it has refitted (11.52)`,
    )
  }
  if (w.out.errors.length === before) {
    w.record.neutralCommissions += w.neutralCommissions
    w.out.warnings.push({ line: w.steps[0]!.line, text: '', message: `${w.shipId} ${w.mp}/${allowance} MP planned` })
  }
  return w.out.errors.length === before
}

export function refitForbiddenByOrigin(ctx: Ctx, shipId: string, portNat: string): boolean {
  const origin = ctx.ship(shipId).receivedIn
  return (origin === 'England' && portNat === 'England') || (origin === 'France' && portNat === 'France')
}

export { describeStep } from './orderGrammar.ts'

// ---------------------------------------------------------------- Federal orders (10.4, 4.1, 11.1)
