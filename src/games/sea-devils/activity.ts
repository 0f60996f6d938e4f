// Phase 4, the Confederate Activity Phase: each ship carries out its recorded script in the
// order written (4.12, 4.3), meeting searches, escapes, combats, blockades and raids on the way.
import { describeStep, forcedRepairTurn } from './scriptChecks.ts'
import { notCarriedOut, plannedRaids, type Script, type ShipTurn } from './activityShared.ts'
import { runSquadron } from './squadronActivity.ts'
import { enterPortAt, isBar, runInBar } from './legality.ts'
import type { CsaStep } from './orderWords.ts'
import { CSA, PUBLIC, type Resolution } from './resolution.ts'
import { combat, newActivity, reveal, unitName, type Activity, type FederalUnit, type Outcome } from './combat.ts'
import { searchOnEntry } from './spotting.ts'
import { portName, uncommissionedHeld } from './ports.ts'
import { baseAllowance } from './state.ts'
import { commission, leaveNeutralPort, runConfederatePort } from './portActions.ts'
import { announcePrizeCoal, coal, groupBySquadron } from './portActions.ts'
import { raid } from './raids.ts'

/**
 * Phase 4. `turns` holds the ships that have already acted this turn (the Stonewall, 11.61); the
 * scripts run in the order written (4.12), squadrons as one unit (4.52).
 */
export function runActivityPhase(
  res: Resolution,
  scripts: Script[],
  turns = new Map<string, ShipTurn>(),
): Map<string, ShipTurn> {
  const { state } = res
  const scripted = new Set(scripts.flatMap((s) => [s.ship, ...(s.members ?? [])]))
  // 11.53: prize coal is announced at the start of the phase, before any ship acts.
  const bonus = new Map<string, number>()
  for (const sc of scripts)
    if (!sc.members && sc.steps[0]?.verb === 'PRIZE-COAL') bonus.set(sc.ship, announcePrizeCoal(res, sc.ship))
  const order = [...scripts]
  // Ships without a script stay where they are (an empty record means STAY).
  for (const s of Object.values(state.csa))
    if (s.status === 'map' && !scripted.has(s.id)) order.push({ ship: s.id, steps: [] })
  for (const entry of order) {
    if (entry.members) runSquadron(res, entry.ship, entry.members, entry.steps, turns)
    else if (!turns.has(entry.ship)) runShip(res, entry.ship, entry.steps, turns, { bonus: bonus.get(entry.ship) ?? 0 })
  }
  return turns
}

/** One ship's script (4.12, 4.3). */
function runShip(
  res: Resolution,
  ship: string,
  steps: CsaStep[],
  turns: Map<string, ShipTurn>,
  opts: { bonus?: number; unsearchable?: boolean } = {},
): ShipTurn | null {
  const { state, ctx } = res
  const s = state.csa[ship]
  if (!s || s.status !== 'map') return null
  const startedInPort = s.port !== null
  const extra = opts.bonus ?? 0
  const act = newActivity(ship, [ship], baseAllowance(ctx, s) + extra - s.damage, plannedRaids(s.area!, steps), {
    bonus: extra,
    unsearchable: opts.unsearchable,
  })
  if (extra) act.coalings += 1
  const turn: ShipTurn = { activity: act, wholeTurnInPort: false, repair: false, refit: false }
  turns.set(ship, turn)
  if (forcedRepairTurn(state, ctx, ship)) {
    // 10.52: it reached its port at placement and repairs there for the rest of the turn.
    res.say(CSA, '10.52', `${ship} repairs in the ${s.port} port in ${s.area} for the rest of the turn.`)
    turn.repair = true
    turn.wholeTurnInPort = true
    return turn
  }
  if (!steps.length)
    res.say(CSA, '4.3', `${ship} has no recorded activity and stays ${s.port ? 'in port' : 'at sea'} in ${s.area}.`)
  let leftPort = false
  for (const [i, step] of steps.entries()) {
    if (state.csa[ship]!.status !== 'map') {
      notCarriedOut(res, ship, steps.slice(i))
      break
    }
    if (act.ended) break
    if (step.verb === 'REPAIR') turn.repair = true
    else if (step.verb === 'REFIT') turn.refit = true
    if (runStep(res, act, step) === 'ended') act.ended = true
    // A departure that did not happen (a ship held by 9.34/9.35, no MP left) keeps the turn in port.
    const now = state.csa[ship]!
    if (now.port === null) leftPort = true
    // 8.21: damage taken on the way (combat, blockade fire) cuts the rest of the allowance.
    if (now.status === 'map') act.allowance = Math.min(act.allowance, baseAllowance(ctx, now) + extra - now.damage)
  }
  const now = state.csa[ship]!
  turn.wholeTurnInPort = startedInPort && !leftPort && now.status === 'map' && now.port !== null
  return turn
}

/**
 * 11.61: the Stonewall moves in the record phase, before the Federal movement, meeting no search;
 * its move is published. Returns its turn record (it takes no further part in Phase 4's scripts).
 */
export function runRecordPhaseMoves(res: Resolution, scripts: Script[]): Map<string, ShipTurn> {
  const { state, ctx } = res
  const turns = new Map<string, ShipTurn>()
  for (const s of Object.values(state.csa)) {
    if (s.status !== 'map' || !ctx.ship(s.id).stonewall) continue
    const steps = scripts.find((sc) => sc.ship === s.id && !sc.members)?.steps ?? []
    const from = s.port ? `in port in ${s.area}` : `at sea in ${s.area}`
    runShip(res, s.id, steps, turns, { unsearchable: true })
    const now = state.csa[s.id]!
    if (now.status !== 'map') continue
    reveal(res, s.id)
    const done = steps.length ? steps.map(describeStep).join(', ') : 'STAY'
    res.say(
      PUBLIC,
      '11.61',
      `The ${ctx.ship(s.id).name} (${s.id}) acts before the Federal movement, ${from}: ${done}; it is now ${now.port ? `in port in ${now.area}` : `at sea in ${now.area}`}.`,
      undefined,
      { at: now.area! },
    )
  }
  return turns
}

/** 11.61: Federal ships and squadrons ending Phase 3 in the Stonewall's area (at sea) spot it. */
export function stonewallSpotted(res: Resolution): { ship: string; unit: FederalUnit }[] {
  const { state, ctx } = res
  const found: { ship: string; unit: FederalUnit }[] = []
  for (const s of Object.values(state.csa)) {
    if (s.status !== 'map' || !ctx.ship(s.id).stonewall || s.port !== null) continue
    const here = Object.values(state.usa)
      .filter((u) => u.loc === 'map' && u.area === s.area)
      .map((u) => u.id)
    for (const ids of groupBySquadron(res, here)) {
      const unit: FederalUnit = { kind: 'ships', ids }
      found.push({ ship: s.id, unit })
      res.say(
        PUBLIC,
        '11.61',
        `${unitName(res, unit)} ends the Federal movement in ${s.area} with ${s.id} and spots it.`,
        undefined,
        { at: s.area!, mark: 'spot' },
      )
    }
  }
  return found
}

/** 11.61: those combats open Phase 4, before any other activity; neither side may decline (ruling R22). */
export function stonewallCombats(res: Resolution, spotted: { ship: string; unit: FederalUnit }[]): void {
  for (const { ship, unit } of spotted) {
    if (
      res.state.csa[ship]!.status !== 'map' ||
      unit.kind !== 'ships' ||
      unit.ids.every((id) => res.state.usa[id]!.loc === 'sunk')
    )
      continue
    combat(res, ship, { kind: 'ships', ids: unit.ids.filter((id) => res.state.usa[id]!.loc !== 'sunk') })
  }
}

function runStep(res: Resolution, act: Activity, step: CsaStep): Outcome {
  const { state, ctx } = res
  const s = state.csa[act.ship]!
  const here = s.area!
  switch (step.verb) {
    case 'MOVE': {
      if (s.port !== null) {
        res.say(CSA, '4.4', `${act.ship} is in port and cannot MOVE ${step.area}; the line is skipped (ruling R32).`)
        return 'continue'
      }
      if (act.mp + 1 > act.allowance) {
        res.say(CSA, '4.11', `${act.ship} has no MP left for MOVE ${step.area}; its script ends.`)
        return 'ended'
      }
      act.mp += 1
      s.area = step.area!
      res.say(CSA, '4.1', `${act.ship} moves to ${step.area} (${act.mp}/${act.allowance} MP).`)
      coal(res, act, step.area!)
      return searchOnEntry(res, act, step.area!)
    }
    case 'RAID':
      return raid(res, act, here)
    case 'LEAVE-PORT':
    case 'RUN': {
      if (s.port === null) {
        res.say(CSA, '4.4', `${act.ship} is not in port; ${step.verb} is skipped.`)
        return 'continue'
      }
      const held = s.commissioned ? null : uncommissionedHeld(state, ctx, here, s.port)
      if (held) {
        res.say(
          CSA,
          held.nat === 'France' ? '9.35' : '9.34',
          `${act.ship} is uncommissioned and may not leave ${held.nat} while its prestige level is below ${held.threshold}; ${step.verb} is skipped (ruling R32).`,
        )
        return 'continue'
      }
      if (s.port === 'CSA') return runConfederatePort(res, act, 'out')
      return leaveNeutralPort(res, act)
    }
    case 'RUN-OUT':
      if (s.port !== 'CSA') {
        res.say(CSA, '7.11', `${act.ship} is not in a Confederate port; RUN-OUT is skipped.`)
        return 'continue'
      }
      return runConfederatePort(res, act, 'out')
    case 'RUN-IN': {
      const bar = s.port !== null ? { rule: '7.11', why: 'it is already in port' } : runInBar(state, ctx, here)
      if (bar) {
        res.say(
          CSA,
          bar.rule,
          `${act.ship} cannot run into a Confederate port in ${here}: ${bar.why}; RUN-IN is skipped.`,
        )
        return 'continue'
      }
      return runConfederatePort(res, act, 'in')
    }
    case 'ENTER-PORT': {
      const at =
        s.port !== null ? { rule: '4.4', why: 'it is already in port' } : enterPortAt(state, ctx, here, step.nat)
      if (isBar(at)) {
        res.say(
          CSA,
          at.rule,
          `${act.ship} cannot enter port in ${here}: ${at.why}; ENTER-PORT is skipped (ruling R32).`,
        )
        return 'continue'
      }
      const port = at.port
      s.port = port.nat
      reveal(res, act.ship)
      res.say(PUBLIC, '4.4', `${act.ship} puts into the ${portName(port.nat)} port in ${here}.`)
      return 'continue'
    }
    case 'COMMISSION':
      return commission(res, act, here)
    case 'REPAIR':
    case 'REFIT':
      res.say(
        CSA,
        step.verb === 'REPAIR' ? '8.22' : '11.31',
        `${act.ship} spends the turn in port: ${step.verb.toLowerCase()} under way.`,
      )
      return 'continue'
    case 'STAY':
    case 'PRIZE-COAL':
      return 'continue'
  }
}
