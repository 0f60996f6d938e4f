// The Almanac entries the campaign reads at set moments (all synthetic in the shipped pack, rulings
// IM-51 to IM-55): location cards removed (New Orleans, with Natchez entering play), the USA
// blockade stations, USA Advancement, the Outcomes of the war, and a CSA inventor changing sides.
import { MODERATOR } from '../contract.ts'
import { newDeck } from '../kit/deck.ts'
import { band } from './campaignPack.ts'
import { type Campaign, locationOf, type PersonaDeck, seasonKey } from './campaign.ts'
import { type Ctx, d10, note } from './sortie.ts'

/** A location a CSA shop may move to: not removed, and Natchez only once New Orleans is gone (p.50). */
export function locationInPlay(ctx: Ctx, c: Campaign, id: string): boolean {
  const loc = locationOf(ctx, id)
  return !c.removedLocations.includes(id) && (!loc.waitsFor || c.removedLocations.includes(loc.waitsFor))
}

/** The Almanac's removals at the end of a season; a shop on a removed card moves free to the refuge. */
export function removeLocations(ctx: Ctx, c: Campaign): void {
  if (c.side !== 'CSA') return
  for (const r of ctx.pack.campaign.removals.filter((x) => x.year === c.year && x.season === c.season)) {
    if (c.removedLocations.includes(r.location)) continue
    c.removedLocations.push(r.location)
    note(ctx, 'p.50', `Almanac: the ${locationOf(ctx, r.location).name} card is removed`)
    if (c.location !== r.location) continue
    c.location = r.refuge
    c.ledger.push(`${seasonKey(c.year, c.season)}: the shop leaves for ${locationOf(ctx, r.refuge).name}`)
    note(ctx, 'p.50', `the shop moves to ${locationOf(ctx, r.refuge).name}, the parts with it`)
  }
}

/** The USA Advancement Check after the Training Level check (p.58): no effect but on the Outcomes. */
export function advancementCheck(ctx: Ctx, c: Campaign, objectives: number): void {
  if (c.side !== 'USA') return
  const a = ctx.pack.campaign.advancement
  const roll = d10(ctx, `${seasonKey(c.year, c.season)} advancement`)
  const total = roll + objectives * a.perObjective + c.training * a.perTraining
  const up = total >= a.needs
  if (up) c.advancement = (c.advancement ?? 0) + 1
  note(
    ctx,
    'p.58',
    `Advancement Check: ${roll} +${objectives * a.perObjective} objectives +${c.training * a.perTraining} training = ${total} against ${a.needs}: ${up ? `Advancement ${c.advancement}` : 'no advancement'}`,
  )
}

/** The Outcomes at the end of the war (p.62): the score and the level it reads. */
export function outcome(ctx: Ctx, c: Campaign): { score: number; level: string } {
  const o = ctx.pack.campaign.outcomes
  const score =
    (c.objectives ?? 0) * o.perObjective +
    Math.floor(Math.max(0, c.funds) / o.fundsPer) +
    (c.advancement ?? 0) * o.perAdvancement -
    c.lost * o.perLost
  return { score, level: band(o.levels, score).result }
}

/** Change Sides (CSA Almanac p.1): the shop goes north, uncommissioned, with its boat and personae. */
export function changeSides(ctx: Ctx, c: Campaign): string | null {
  const rule = ctx.pack.campaign.changeSides
  if (c.side !== 'CSA') return 'only a CSA player changes sides'
  if (c.year < rule.fromYear) return `not before ${rule.fromYear}`
  if (c.wreck) return 'a Wreck is in play'
  Object.assign(c, { side: 'USA', location: rule.to, marque: false, recruitment: false, prices: 0, contracts: [] })
  for (const p of c.personae) if (p.where === 'contract') p.where = 'shop'
  // The decks become the USA's: every USA card not in the shop, shuffled face down (hidden).
  for (const deck of Object.keys(c.decks) as PersonaDeck[]) {
    const ids = [...ctx.pack.personae.values()]
      .filter((p) => p.deck === deck && p.sides.includes('USA') && !c.personae.some((h) => h.id === p.id))
      .map((p) => p.id)
    c.decks[deck] = newDeck(ids, ctx.dice, `${deck} deck north`, MODERATOR)
  }
  c.actionsLeft = 0
  c.ledger.push(`${seasonKey(c.year, c.season)}: changed sides; the shop moves to ${locationOf(ctx, rule.to).name}`)
  note(ctx, 'Alm CSA p.1', `Change Sides: the inventor goes north to ${locationOf(ctx, rule.to).name}`)
  return null
}
