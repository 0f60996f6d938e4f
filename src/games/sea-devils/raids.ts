// Raiding (5.x): one raid roll against an area's shipping density, and what every loss sets off:
// the Federal news, England's prestige (9.22) and the Wyoming's release (11.21).
import { CSA, PUBLIC, USA, type Resolution } from './resolution.ts'
import { rollWithSemmes, type Activity, type Outcome } from './combat.ts'
import { raidLoss } from './tables.ts'
import { typeClass } from './state.ts'
import { raidBar } from './legality.ts'

/** 5.x: one raid roll against the area's shipping density. */
export function raid(res: Resolution, act: Activity, areaId: string): Outcome {
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
  const bar = raidBar(state, ctx, act.ship, areaId, act.raids)
  if (bar) return skip(bar.rule, bar.why)
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
  const r = rollWithSemmes(res, act.ship, 'RAID', `raid by ${act.ship} in ${areaId}`, CSA, (die) => ({
    RESULT: raidLoss(ctx.pack.tables, die, density),
  }))
  const loss = raidLoss(ctx.pack.tables, r.die, density)
  state.mm -= loss
  state.raidsThisTurn.push({ ship: act.ship, area: areaId, loss })
  res.say(
    CSA,
    '5.11',
    `${act.ship} raids ${areaId} (${note}, die ${r.die}): ${loss} merchant-marine points (${act.mp}/${act.allowance} MP).`,
    r.rolls,
    { at: areaId, mark: 'raid' },
  )
  afterRaid(res, areaId, loss)
  return 'continue'
}

/** What follows every raid roll: the Federal news (R-INTEL), 9.22(1) and the Wyoming's release (11.21). */
export function afterRaid(res: Resolution, areaId: string, loss: number): void {
  const { state, ctx } = res
  // The Federal side hears of the losses, not of where the raider is (ruling R-INTEL).
  res.say(
    USA,
    '5.2',
    `Merchant losses reported: ${loss} points taken by a Confederate raider. Merchant marine now ${state.mm}.`,
  )
  const threshold = ctx.pack.victoryPoints.mmEnglandThreshold
  if (!state.mmEnglandDropDone && state.mm < threshold) {
    state.mmEnglandDropDone = true
    state.cpl.england -= 1
    res.say(
      PUBLIC,
      '9.22',
      `The merchant marine falls below ${threshold}: England's prestige level drops to ${state.cpl.england}.`,
    )
  }
  if (ctx.area(areaId).pacific && !state.pacificRaid) {
    state.pacificRaid = true
    res.say(PUBLIC, '11.21', 'A Confederate raid in the Pacific: the Wyoming may now leave the Pacific.')
  }
}
