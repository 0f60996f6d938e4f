// The Time Phase and the calendar (Rule Book p.41, p.61-62): Sick Bay checks with an optional
// doctor, the Event Check, the USA Assignment Check, then the season marker moves on.
import { band, d10Result } from './campaignPack.ts'
import { applyResult, type Campaign, pay, SEASONS, seasonKey } from './campaign.ts'
import { outcome, removeLocations } from './almanac.ts'
import { resolveFog } from './fogOfWar.ts'
import { awardPrize } from './missionAction.ts'
import { seaworthy } from './shopActions.ts'
import { type Ctx, d10, note } from './sortie.ts'

const WASHINGTON = 'washington'

export interface TimeChoices {
  /** Pay $1 (plus Prices) for a doctor: two dice, keep one (p.61). */
  doctor(c: Campaign, id: string): boolean
  /** A voluntary reassignment offered by the Assignment Check (USA, p.62). */
  acceptAssignment(c: Campaign): boolean
}

export const AUTO_TIME: TimeChoices = { doctor: (c) => c.funds >= 1, acceptAssignment: () => false }

/** Sick Bay (p.61): even recovers, odd stays, a 1 dies; a doctor's two dice keep the better (R20). */
export function sickBay(ctx: Ctx, c: Campaign, choices: TimeChoices): void {
  for (const p of c.personae.filter((x) => x.where === 'sickBay')) {
    const name = ctx.pack.personae.get(p.id)!.name
    const doctor = choices.doctor(c, p.id) && pay(ctx, c, ctx.pack.campaign.checks.doctor, `doctor for ${name}`)
    const a = d10(ctx, `sick bay ${p.id}`)
    const dice = doctor ? [a, d10(ctx, `sick bay ${p.id} doctor`)] : [a]
    // The best die: an even one if any (recovery), else anything but a 1.
    const roll = dice.find((d) => d % 2 === 0) ?? dice.find((d) => d !== 1) ?? 1
    if (roll === ctx.pack.campaign.checks.sickBayDies) {
      c.personae = c.personae.filter((x) => x !== p)
      note(ctx, 'p.61', `Sick Bay: ${name} rolls ${dice.join(', ')}: dies`)
    } else if (roll % 2 === 0) {
      p.where = 'shop'
      note(ctx, 'p.61', `Sick Bay: ${name} rolls ${dice.join(', ')}: recovers`)
    } else note(ctx, 'p.61', `Sick Bay: ${name} rolls ${dice.join(', ')}: stays`)
  }
}

/** The Time Phase (p.61-62) and the move to the next season (p.41); true when the campaign ends. */
export function timePhase(ctx: Ctx, c: Campaign, choices: TimeChoices = AUTO_TIME): boolean {
  // Fog of War (p.6): the season's deferred dice at its end, the rest when the game ends.
  const prize = (target: string) => awardPrize(ctx, c, target)
  if (c.fogPending?.length) resolveFog(ctx, c, 'season', prize)
  const over = seasonEnds(ctx, c, choices)
  if (over && c.fogPending?.length) resolveFog(ctx, c, 'end', prize)
  if (over) {
    const o = outcome(ctx, c)
    c.outcome = o.level
    note(ctx, 'p.62', `Outcomes: score ${o.score}, ${o.level}`)
  }
  return over
}

function seasonEnds(ctx: Ctx, c: Campaign, choices: TimeChoices): boolean {
  sickBay(ctx, c, choices)
  const events = ctx.pack.campaign.events.find((e) => e.season === c.season)!
  const roll = d10(ctx, `${seasonKey(c.year, c.season)} event`)
  const result = d10Result(events.rolls, roll)
  note(ctx, 'p.61', `Event Check: ${roll}, ${result}`)
  applyResult(ctx, c, result, 'event', false)
  removeLocations(ctx, c)
  if (c.side === 'USA' && c.commissioned && (c.wreck || !seaworthy(ctx, c))) {
    // Not seaworthy, or a Wreck in play: assignment is Washington, with no roll (p.62).
    if (c.location !== WASHINGTON) {
      c.location = WASHINGTON
      note(ctx, 'p.62', `${c.wreck ? 'a Wreck is in play' : 'the fishboat is not seaworthy'}: assigned to Washington`)
    }
  } else if (c.side === 'USA' && c.commissioned) {
    const a = d10(ctx, `${seasonKey(c.year, c.season)} assignment`)
    const r = band(ctx.pack.campaign.assignment, a).result
    note(ctx, 'p.62', `Assignment Check: ${a}, ${r}`)
    const station = ctx.pack.campaign.locations.find((l) => l.blockade && l.id !== c.location)
    if (r === 'blockade' && station) {
      c.location = station.id
      note(ctx, 'p.62', `the fishboat is assigned to the ${station.name}`)
    }
    if (r === 'reassigned' || (r === 'voluntary' && choices.acceptAssignment(c))) {
      c.ended = 'reassigned'
      note(ctx, 'p.62', 'the officer is reassigned: the campaign ends')
      return true
    }
  }
  return advanceSeason(ctx, c)
}

export function advanceSeason(ctx: Ctx, c: Campaign): boolean {
  const cal = ctx.pack.campaign.calendar
  if (c.year === cal.lastYear && c.season === cal.lastSeason) {
    c.ended = 'the war ends'
    note(ctx, 'p.41', `${seasonKey(c.year, c.season)} was the last season: the campaign ends`)
    return true
  }
  const next = (SEASONS.indexOf(c.season) + 1) % 4
  if (next === 0) c.year++
  c.season = SEASONS[next]!
  c.actionBonus = 0
  return false
}
