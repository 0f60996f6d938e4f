// 4.52 (ruling R-SQ): a Confederate squadron's script in Phase 4: formed at sea from ships
// together, it moves at its slowest ship's allowance, is searched for and raids as one unit.
import { notCarriedOut, plannedRaids, type ShipTurn } from './activityShared.ts'
import type { CsaStep } from './orderWords.ts'
import { CSA, type Resolution } from './resolution.ts'
import { csaName, newActivity, pruneMembers, rollWithSemmes, type Activity, type Outcome } from './combat.ts'
import { searchOnEntry } from './spotting.ts'
import { raidBar } from './legality.ts'
import { raidLoss } from './tables.ts'
import { baseAllowance, typeClass } from './state.ts'
import { coal } from './portActions.ts'
import { afterRaid } from './raids.ts'

/** 4.52 (ruling R-SQ): a squadron formed at sea moves, is searched, raids and fights as one. */
export function runSquadron(
  res: Resolution,
  id: string,
  members: string[],
  steps: CsaStep[],
  turns: Map<string, ShipTurn>,
): void {
  const { state, ctx } = res
  const memberActs = new Map<string, Activity>()
  const startedInPort = new Map(members.map((m) => [m, state.csa[m]?.port != null]))
  for (const m of members) {
    if (turns.has(m) || state.csa[m]?.status !== 'map') continue
    const a = newActivity(m, [m], 0, new Set())
    memberActs.set(m, a)
    turns.set(m, { activity: a, wholeTurnInPort: false, repair: false, refit: false })
  }
  const area = state.csa[members[0]!]?.area
  const ready =
    memberActs.size === members.length &&
    members.every((m) => state.csa[m]!.port === null && state.csa[m]!.area === area)
  if (!ready) {
    res.say(
      CSA,
      '4.52',
      `Squadron ${id} (${members.join('+')}) cannot form: its ships are no longer together at sea; they stay where they are.`,
    )
    for (const m of memberActs.keys())
      turns.get(m)!.wholeTurnInPort = startedInPort.get(m)! && state.csa[m]!.port !== null
    return
  }
  const allowanceOf = () =>
    Math.min(...act.members.map((m) => baseAllowance(ctx, state.csa[m]!) - state.csa[m]!.damage))
  const act = newActivity(id, [...members], 0, plannedRaids(area!, steps), { squadron: true })
  act.allowance = allowanceOf()
  res.say(
    CSA,
    '4.52',
    `Squadron ${id} (${members.join('+')}) forms in ${area}; it moves at its slowest ship's ${act.allowance} MP.`,
  )
  if (!steps.length) res.say(CSA, '4.3', `${csaName(act)} stays at sea in ${area}.`)
  for (const [i, step] of steps.entries()) {
    if (act.ended) break
    let outcome: Outcome = 'continue'
    const here = state.csa[act.members[0]!]!.area!
    if (step.verb === 'MOVE') {
      if (act.mp + 1 > act.allowance) {
        res.say(CSA, '4.11', `${csaName(act)} has no MP left for MOVE ${step.area}; its script ends.`)
        break
      }
      act.mp += 1
      for (const m of act.members) state.csa[m]!.area = step.area!
      res.say(CSA, '4.1', `${csaName(act)} moves to ${step.area} (${act.mp}/${act.allowance} MP).`)
      for (const m of act.members) coal(res, memberActs.get(m)!, step.area!)
      outcome = searchOnEntry(res, act, step.area!)
    } else if (step.verb === 'RAID') outcome = raidSquadron(res, act, memberActs, here)
    if (outcome === 'ended') act.ended = true
    const before = act.members
    const afloat = pruneMembers(res, act)
    // 4.3: a member lost on the way misses the squadron's remaining lines; its owner hears which.
    const rest = steps.slice(i + 1)
    if (rest.length) for (const m of before.filter((m) => !act.members.includes(m))) notCarriedOut(res, m, rest, id)
    if (!afloat) break
    act.allowance = Math.min(act.allowance, allowanceOf())
  }
  for (const a of memberActs.values()) a.acceptedBlockade = act.acceptedBlockade
}

/** 5.0 / 4.52: a squadron raids an area once, with one roll, by the members that may raid there. */
function raidSquadron(res: Resolution, act: Activity, memberActs: Map<string, Activity>, areaId: string): Outcome {
  const { state, ctx } = res
  const name = csaName(act)
  const skip = (rule: string, why: string): Outcome => {
    res.say(CSA, rule, `${name} does not raid ${areaId}: ${why}.`)
    return 'continue'
  }
  if (act.escapedIn.includes(areaId)) return skip('6.23', 'it attempted an escape here')
  if (act.raidedIn.includes(areaId)) return skip('5.0', 'it has already raided here')
  const able = act.members.filter((m) => raidBar(state, ctx, m, areaId, memberActs.get(m)!.raids) === null)
  if (!able.length) return skip('5.4', 'none of its ships may raid here')
  if (act.mp + 1 > act.allowance) return skip('4.11', 'no MP left')
  act.mp += 1
  act.raidedIn.push(areaId)
  for (const m of able) memberActs.get(m)!.raids += 1
  const classes = able.map((m) => typeClass(ctx.ship(m).type))
  let density = ctx.area(areaId).density
  let note = `density ${density}`
  if (classes.every((c) => c === 'AUX') && areaId !== ctx.pack.mapRoles.eastCoast) {
    density = 1
    note = 'auxiliaries: density 1 (5.43)'
  }
  const whaling = state.whaling[areaId]
  if (whaling !== undefined && classes.includes('S')) {
    density = whaling
    delete state.whaling[areaId]
    note = `whaling counter revealed: density ${whaling} (5.31)`
  }
  const roller = able.find((m) => state.semmes.ship === m && !state.semmes.removed) ?? able[0]!
  const r = rollWithSemmes(res, roller, 'RAID', `raid by ${act.ship} in ${areaId}`, CSA, (die) => ({
    RESULT: raidLoss(ctx.pack.tables, die, density),
  }))
  const loss = raidLoss(ctx.pack.tables, r.die, density)
  state.mm -= loss
  state.raidsThisTurn.push({ ship: act.ship, area: areaId, loss, members: able })
  res.say(
    CSA,
    '5.11',
    `${name} raids ${areaId} with ${able.join(', ')} (${note}, die ${r.die}): ${loss} merchant-marine points (${act.mp}/${act.allowance} MP).`,
    r.rolls,
    { at: areaId, mark: 'raid' },
  )
  afterRaid(res, areaId, loss)
  return 'continue'
}
