// Phase 4, the Confederate Activity Phase: each ship carries out its recorded script in the
// order written (4.12, 4.3), meeting searches, escapes, combats, blockades and raids on the way.
import type { CsaStep } from './orders.ts'
import { CSA, PUBLIC, USA, type Resolution } from './resolution.ts'
import { combat, csaSpeed, removeConfederate, reveal, rollWithSemmes, searchOnEntry, unitName, unitSpeed, type Activity, type FederalUnit, type Outcome } from './combat.ts'
import { commissionPort, csaPortUsable, usableCoalPorts } from './ports.ts'
import { blockadeResult, combatDamage, escapes, raidLoss } from './tables.ts'
import { typeClass } from './state.ts'

export interface ShipTurn {
  activity: Activity
  /** The ship began and ended the phase in port without leaving it (11.5: no coaling needed). */
  wholeTurnInPort: boolean
  repair: boolean
  refit: boolean
}

export function runActivityPhase(res: Resolution, scripts: { ship: string; steps: CsaStep[] }[]): Map<string, ShipTurn> {
  const { state } = res
  const turns = new Map<string, ShipTurn>()
  const scripted = new Set(scripts.map((s) => s.ship))
  const order = [...scripts]
  // Ships without a script stay where they are (an empty record means STAY).
  for (const s of Object.values(state.csa)) if (s.status === 'map' && !scripted.has(s.id)) order.push({ ship: s.id, steps: [] })
  for (const { ship, steps } of order) {
    const s = state.csa[ship]
    if (!s || s.status !== 'map') continue
    const startedInPort = s.port !== null
    const act: Activity = {
      ship,
      mp: 0,
      allowance: res.ctx.ship(ship).ma - s.damage,
      escapedIn: [],
      raidedIn: [],
      raids: 0,
      coalings: 0,
      acceptedBlockade: false,
      ended: false,
      raidPlannedIn: plannedRaids(s.area!, steps),
    }
    const turn: ShipTurn = { activity: act, wholeTurnInPort: false, repair: false, refit: false }
    turns.set(ship, turn)
    if (!steps.length) res.say(CSA, '4.3', `${ship} has no recorded activity and stays ${s.port ? 'in port' : 'at sea'} in ${s.area}.`)
    let leftPort = false
    for (const step of steps) {
      if (act.ended || state.csa[ship]!.status !== 'map') break
      if (step.verb === 'REPAIR') turn.repair = true
      else if (step.verb === 'REFIT') turn.refit = true
      else if (step.verb === 'LEAVE-PORT' || step.verb === 'RUN' || step.verb === 'RUN-OUT') leftPort = true
      if (runStep(res, act, step) === 'ended') act.ended = true
      // 8.21: damage taken on the way (combat, blockade fire) cuts the rest of the allowance.
      const now = state.csa[ship]!
      if (now.status === 'map') act.allowance = Math.min(act.allowance, res.ctx.ship(ship).ma - now.damage)
    }
    const now = state.csa[ship]!
    turn.wholeTurnInPort = startedInPort && !leftPort && now.status === 'map' && now.port !== null
  }
  return turns
}

/** Areas in which the script raids, so an escape there uses the raid's MP (4.34). */
function plannedRaids(start: string, steps: CsaStep[]): Set<string> {
  const areas = new Set<string>()
  let at = start
  for (const s of steps) {
    if (s.verb === 'MOVE') at = s.area!
    if (s.verb === 'RAID') areas.add(at)
  }
  return areas
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
    case 'RUN':
      if (s.port === null) {
        res.say(CSA, '4.4', `${act.ship} is not in port; ${step.verb} is skipped.`)
        return 'continue'
      }
      if (s.port === 'CSA') return runConfederatePort(res, act, 'out')
      return leaveNeutralPort(res, act)
    case 'RUN-OUT':
      if (s.port !== 'CSA') {
        res.say(CSA, '7.11', `${act.ship} is not in a Confederate port; RUN-OUT is skipped.`)
        return 'continue'
      }
      return runConfederatePort(res, act, 'out')
    case 'RUN-IN':
      if (s.port !== null || state.csaPortsLost.includes(here) || !ctx.area(here).ports.some((p) => p.nat === 'CSA')) {
        res.say(CSA, '7.11', `${act.ship} cannot run into a Confederate port in ${here}; RUN-IN is skipped.`)
        return 'continue'
      }
      return runConfederatePort(res, act, 'in')
    case 'ENTER-PORT': {
      const ports = ctx.area(here).ports.filter((p) => p.nat !== 'CSA' && p.nat !== 'USA')
      const port = step.nat ? ports.find((p) => p.nat.toUpperCase() === step.nat!.toUpperCase()) : ports[0]
      if (s.port !== null || !port || !csaPortUsable(state, ctx, here, port)) {
        res.say(CSA, '9.3', `${act.ship} cannot enter ${port ? `the ${port.nat} port` : 'a port'} in ${here} now; ENTER-PORT is skipped (ruling R32).`)
        return 'continue'
      }
      s.port = port.nat
      reveal(res, act.ship)
      res.say(PUBLIC, '4.4', `${act.ship} puts into the ${port.nat} port in ${here}.`)
      return 'continue'
    }
    case 'COMMISSION':
      return commission(res, act, here)
    case 'REPAIR':
    case 'REFIT':
      res.say(CSA, step.verb === 'REPAIR' ? '8.22' : '11.31', `${act.ship} spends the turn in port: ${step.verb.toLowerCase()} under way.`)
      return 'continue'
    case 'STAY':
      return 'continue'
  }
}

/** 11.51: every usable coal port in an area the ship enters counts once. */
function coal(res: Resolution, act: Activity, areaId: string): void {
  const s = res.state.csa[act.ship]!
  const ports = usableCoalPorts(res.state, res.ctx, areaId, s.commissioned).filter((p) => p.nat !== 'CSA' || s.port === 'CSA')
  if (ports.length) {
    act.coalings += ports.length
    res.say(CSA, '11.51', `${act.ship} coals in ${areaId} (${ports.map((p) => p.nat).join(', ')}): ${act.coalings} coaling(s) this turn.`)
  }
}

/** 5.x: one raid roll against the area's shipping density. */
function raid(res: Resolution, act: Activity, areaId: string): Outcome {
  const { state, ctx } = res
  const s = state.csa[act.ship]!
  const def = ctx.ship(act.ship)
  const cls = typeClass(def.type)
  const skip = (rule: string, why: string): Outcome => {
    res.say(CSA, rule, `${act.ship} does not raid ${areaId}: ${why}.`)
    return 'continue'
  }
  if (s.port !== null) return skip('5.0', 'it is in port')
  if (act.escapedIn.includes(areaId)) return skip('6.23', 'it attempted an escape here')
  if (act.raidedIn.includes(areaId)) return skip('5.0', 'it has already raided here')
  if (!s.commissioned) return skip('5.46', 'it is uncommissioned')
  if (cls === 'IC') return skip('5.41', 'ironclads never raid')
  if ((cls === 'GB' || cls === 'AUX') && ctx.area(areaId).kind === 'D') return skip('5.41', 'gunboats and auxiliaries raid only coastal areas')
  if (def.oneRaidPerTurn && act.raids >= 1) return skip('5.42', 'it may raid only once a turn')
  if (s.cannotRaidUntilRefit) return skip('11.52', 'it may not raid until refitted')
  if (cls === 'AUX' && ctx.area(areaId).density < 1) return skip('5.43', 'auxiliaries need a density of at least 1')
  if (act.mp + 1 > act.allowance) return skip('4.11', 'no MP left')
  act.mp += 1
  act.raidedIn.push(areaId)
  act.raids += 1
  let density = ctx.area(areaId).density
  let note = `density ${density}`
  if (cls === 'AUX' && areaId !== ctx.pack.mapRoles.eastCoast) {
    density = 1
    note = 'auxiliary: density 1 (5.43)'
  }
  const whaling = state.whaling[areaId]
  if (whaling !== undefined && cls === 'S') {
    density = whaling
    delete state.whaling[areaId]
    note = `whaling counter revealed: density ${whaling} (5.31)`
  }
  const r = rollWithSemmes(res, act.ship, 'RAID', `raid by ${act.ship} in ${areaId}`, CSA, (die) => ({ RESULT: raidLoss(ctx.pack.tables, die, density) }))
  const loss = raidLoss(ctx.pack.tables, r.die, density)
  state.mm -= loss
  state.raidsThisTurn.push({ ship: act.ship, area: areaId, loss })
  res.say(CSA, '5.11', `${act.ship} raids ${areaId} (${note}, die ${r.die}): ${loss} merchant-marine points (${act.mp}/${act.allowance} MP).`, r.rolls, { at: areaId, mark: 'raid' })
  // The Federal side hears of the losses, not of where the raider is (ruling R-INTEL).
  res.say(USA, '5.2', `Merchant losses reported: ${loss} points taken by a Confederate raider. Merchant marine now ${state.mm}.`)
  const threshold = ctx.pack.victoryPoints.mmEnglandThreshold
  if (!state.mmEnglandDropDone && state.mm < threshold) {
    state.mmEnglandDropDone = true
    state.cpl.england -= 1
    res.say(PUBLIC, '9.22', `The merchant marine falls below ${threshold}: England's prestige level drops to ${state.cpl.england}.`)
  }
  if (ctx.area(areaId).pacific && !state.pacificRaid) {
    state.pacificRaid = true
    res.say(PUBLIC, '11.21', 'A Confederate raid in the Pacific: the Wyoming may now leave the Pacific.')
  }
  return 'continue'
}

/** 10.51: commissioning costs 1 MP in a Confederate port or an area with a usable neutral port. */
function commission(res: Resolution, act: Activity, areaId: string): Outcome {
  const { state, ctx } = res
  const s = state.csa[act.ship]!
  if (s.commissioned) return 'continue'
  const port = commissionPort(state, ctx, areaId, s.port === 'CSA')
  const year = ctx.year(state.turn)
  if (!port) {
    res.say(CSA, '10.51', `${act.ship} cannot be commissioned in ${areaId}: no usable port; the line is skipped (ruling R32).`)
    return 'continue'
  }
  if (port.nat !== 'CSA' && state.neutralCommissionYears.includes(year)) {
    res.say(CSA, '10.51', `A neutral-port commissioning was already used in ${year}; ${act.ship} stays uncommissioned.`)
    return 'continue'
  }
  if (act.mp + 1 > act.allowance) {
    res.say(CSA, '4.11', `${act.ship} has no MP left to commission.`)
    return 'continue'
  }
  act.mp += 1
  s.commissioned = true
  if (port.nat !== 'CSA') state.neutralCommissionYears.push(year)
  res.say(CSA, '10.51', `${act.ship} is commissioned at the ${port.nat} port in ${areaId}.`)
  return 'continue'
}

/** 7.11: running into or out of a Confederate port: a Blockade Table roll, maybe one segment of fire. */
function runConfederatePort(res: Resolution, act: Activity, direction: 'in' | 'out'): Outcome {
  const { state, ctx } = res
  const s = state.csa[act.ship]!
  const areaId = s.area!
  if (act.mp + 1 > act.allowance) {
    res.say(CSA, '4.11', `${act.ship} has no MP left to run the blockade.`)
    return 'ended'
  }
  act.mp += 1
  const year = ctx.year(state.turn)
  const r = rollWithSemmes(res, act.ship, 'BLOCKADE', `blockade ${direction} ${act.ship} at ${areaId}`, PUBLIC, (die) => {
    const g = blockadeResult(ctx.pack.tables, die, year, direction).gunnery
    return { RESULT: g === null ? 'NONE' : g }
  })
  const result = blockadeResult(ctx.pack.tables, r.die, year, direction)
  const rolls = [...r.rolls]
  let text = `${act.ship} runs the blockade ${direction === 'out' ? 'out of' : 'into'} the Confederate port in ${areaId} (die ${r.die}, modified ${result.modified} for ${year}): `
  if (result.gunnery === null) text += 'the blockaders do not fire.'
  else {
    const f = res.roll(`blockader fires on ${act.ship}`, 6, PUBLIC)
    rolls.push(f.index)
    const dmg = combatDamage(ctx.pack.tables, f.value, result.gunnery)
    s.damage += dmg
    text += `a blockader of gunnery ${result.gunnery} fires once (die ${f.value}) for ${dmg} damage.`
  }
  res.say(PUBLIC, '7.11', text, rolls, { at: areaId, mark: 'blockade' })
  reveal(res, act.ship)
  if (s.damage >= ctx.ship(act.ship).def) {
    removeConfederate(res, act.ship, 'sunk', 'sunk by the blockaders (7.11)')
    return 'ended'
  }
  // 8.21 at once: the search that follows the run already sees the slower ship.
  act.allowance = Math.min(act.allowance, ctx.ship(act.ship).ma - s.damage)
  if (direction === 'in') {
    s.port = 'CSA'
    act.coalings += 1
    res.say(CSA, '11.51', `${act.ship} coals in the Confederate port: ${act.coalings} coaling(s) this turn.`)
    return 'continue'
  }
  // Leaving counts as entering the area (4.4), and the ship coals at the port it leaves (ruling R13).
  coal(res, act, areaId)
  s.port = null
  return searchOnEntry(res, act, areaId)
}

/** 4.4 / 7.21-7.22: leaving a neutral port, running any blockade there first. */
function leaveNeutralPort(res: Resolution, act: Activity): Outcome {
  const { state } = res
  const s = state.csa[act.ship]!
  const areaId = s.area!
  const blockaders = Object.values(state.usa).filter((u) => u.blockading === act.ship && u.loc === 'map' && u.area === areaId)
  if (!blockaders.length) {
    s.port = null
    res.say(CSA, '4.4', `${act.ship} leaves port into ${areaId}.`)
    coal(res, act, areaId)
    return searchOnEntry(res, act, areaId)
  }
  if (act.mp + 1 > act.allowance) {
    res.say(CSA, '4.11', `${act.ship} has no MP left to run the blockade.`)
    return 'ended'
  }
  act.mp += 1
  reveal(res, act.ship)
  res.say(PUBLIC, '7.21', `${act.ship} runs the blockade of the port in ${areaId} (${blockaders.length} blockader(s)).`)
  // Each blockading ship or squadron must be escaped from or fought, one after another.
  const units = groupBySquadron(res, blockaders.map((b) => b.id))
  for (const ids of units) {
    const unit: FederalUnit = { kind: 'ships', ids }
    if (ids.every((id) => state.usa[id]!.loc === 'sunk')) continue
    const diff = csaSpeed(res, act.ship) - unitSpeed(res, unit)
    const choice = res.decide(
      'confederate',
      'BLOCKADER',
      [act.ship, 'ALL'],
      { DIFF: diff, 'MY.HP': res.ctx.ship(act.ship).def - s.damage, 'FOE.GUN': ids.reduce((n, id) => n + res.ctx.ship(id).gun, 0), TURN: state.turn },
      () => 'ESCAPE',
      `${act.ship} runs past ${unitName(res, unit)}: fight or escape?`,
      [
        { id: 'FIGHT', label: 'fight this blockader' },
        { id: 'ESCAPE', label: 'try to slip past' },
      ],
    )
    if (choice.action === 'ESCAPE') {
      const r = rollWithSemmes(res, act.ship, 'ESCAPE', `run past ${unitName(res, unit)}`, PUBLIC, (die) => ({ RESULT: escapes(res.ctx.pack.tables, die, diff) ? 'ESCAPED' : 'FAIL' }))
      if (!act.escapedIn.includes(areaId)) act.escapedIn.push(areaId)
      if (escapes(res.ctx.pack.tables, r.die, diff)) {
        res.say(PUBLIC, '7.21', `${act.ship} slips past ${unitName(res, unit)} (speed difference ${diff}, die ${r.die}).`, r.rolls)
        continue
      }
      res.say(PUBLIC, '6.22', `${act.ship} cannot slip past ${unitName(res, unit)} (speed difference ${diff}, die ${r.die}).`, r.rolls)
    }
    if (combat(res, act.ship, unit) === 'ended') return 'ended'
  }
  for (const b of blockaders) if (b.blockading === act.ship) b.blockading = null
  s.port = null
  coal(res, act, areaId)
  // 7.22: once clear, the other Federal ships in the area may search for it.
  return searchOnEntry(res, act, areaId, blockaders.map((b) => b.id))
}

function groupBySquadron(res: Resolution, ids: string[]): string[][] {
  const groups: string[][] = []
  const placed = new Set<string>()
  for (const members of Object.values(res.state.squadrons)) {
    const g = members.filter((m) => ids.includes(m))
    if (g.length) {
      groups.push(g)
      g.forEach((m) => placed.add(m))
    }
  }
  for (const id of ids) if (!placed.has(id)) groups.push([id])
  return groups
}

