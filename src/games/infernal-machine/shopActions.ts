// Campaign actions in the shop (Rule Book p.47-61): Build, Change Location, Commission, Contract,
// Investment, Letter, Recruit and Salvage. Each returns why it cannot be taken, or null when done;
// an action refused costs nothing. No action may create or increase debt (p.47).
import { MODERATOR, PUBLIC } from '../contract.ts'
import { draw, shuffled } from '../kit/deck.ts'
import { locationInPlay } from './almanac.ts'
import { assemble, type BuildLine, tileLine } from './assembly.ts'
import { band } from './campaignPack.ts'
import {
  alertCheck,
  type Campaign,
  earn,
  influential,
  investors,
  locationOf,
  pay,
  type Persist,
  persist,
  type PersonaDeck,
  seasonIndex,
  seasonKey,
  SEASONS,
  shutteredNow,
} from './campaign.ts'
import { arrivedParts, collect, removeOne } from './purchaseOrder.ts'
import { type Ctx, d10, note } from './sortie.ts'

const UNIQUE = ['prow', 'stern', 'steeringLink', 'divePlanes', 'propeller']
const kindOf = (ctx: Ctx, id: string) => ctx.pack.components.get(id)!.kind

/** Prow, stern, steering link and propeller, and a hatch or a boiler engine but not both (p.52, p.56). */
export function seaworthy(ctx: Ctx, c: Campaign): boolean {
  const kinds = [...c.boat.tiles, ...c.boat.parts.map(([id]) => id)].map((id) => kindOf(ctx, id))
  const has = (k: string) => kinds.includes(k as never)
  return has('prow') && has('stern') && has('steeringLink') && has('propeller') && has('hatch') !== has('boilerEngine')
}

/** Expertise the shop can work to: the location's plus that of personae in the shop (p.47). */
export const shopExpertise = (ctx: Ctx, c: Campaign): number =>
  locationOf(ctx, c.location).expertise +
  c.personae.filter((p) => p.where === 'shop').reduce((a, p) => a + ctx.pack.personae.get(p.id)!.expertise, 0)

export type BuildOrder = BuildLine

/** Build (p.47): up to 6 parts, each within the shop's expertise, paid with Prices per item. */
export function build(ctx: Ctx, c: Campaign, order: BuildOrder): string | null {
  if (shutteredNow(c)) return shutteredNow(c)
  if (c.wreck) return 'a Wreck is in play: salvage or abandon it first'
  if (order.tiles.length + order.parts.length > 6) return 'at most 6 parts a Build'
  const navy = c.side === 'USA' && c.commissioned
  if (navy) {
    const arrived = arrivedParts(c)
    const missing = [...order.tiles, ...order.parts.map(([id]) => id)].filter((id) => !removeOne(arrived, id))
    if (missing.length)
      return `a commissioned boat is built from parts a Purchase Order delivered; not arrived: ${missing.join(', ')}`
  }
  const all = [...order.tiles, ...order.parts.map(([id]) => id)]
  const skill = shopExpertise(ctx, c)
  let cost = 0
  for (const id of all) {
    const comp = ctx.pack.components.get(id)
    if (!comp) return `no such part: ${id}`
    if (comp.expertise > skill) return `${comp.name} needs expertise ${comp.expertise}, the shop has ${skill}`
    if (comp.kind === 'magneticEngine' && c.training < 1) return 'the Magnetic Engine needs Training Level 1'
    cost += navy ? 0 : comp.cost + (c.side === 'CSA' ? c.prices : 0)
  }
  const assembled = assemble(ctx.pack, c.boat, order)
  if (typeof assembled === 'string') return assembled
  const { tiles, parts } = assembled
  const kinds = [...tiles, ...parts.map(([id]) => id)].map((id) => kindOf(ctx, id))
  for (const u of UNIQUE) if (kinds.filter((k) => k === u).length > 1) return `only one ${u}`
  if (kinds.some((k) => /Engine$/.test(k)) && tiles.length > 5) return 'an engine boat has at most 5 tiles'
  const placement = placementError(ctx, tiles, parts)
  if (placement) return placement
  // No new or increased debt (p.47); a player in debt may still sell, which lessens it.
  const after = c.funds - cost + order.sell.length
  if (after < 0 && after < c.funds) return `the parts cost $${cost}, funds are $${c.funds}`
  earn(c, order.sell.length, `sold ${order.sell.join(', ')}`)
  if (cost) pay(ctx, c, cost, `built ${all.join(', ')}`, false, true)
  const before = c.boat
  c.boat = { tiles, parts }
  if (navy) collect(c, all)
  if (kinds.includes('magneticEngine') && order.parts.some(([id]) => kindOf(ctx, id) === 'magneticEngine'))
    c.training = 0
  const moves = order.move ?? []
  const rearranged = moves.length ? `; moved ${moves.map(([id, at]) => `${id}@${at}`).join(', ')}` : ''
  // A sale or a tile slipped in before the stern renumbers the tiles: the report says how they stand.
  const renumbered = before.tiles.some((t, i) => tiles[i] !== t)
  note(
    ctx,
    'p.47',
    `Build: ${all.join(', ') || 'nothing'} for $${cost}${rearranged}${renumbered ? `; the tiles are now ${tileLine(c.boat)}` : ''}`,
  )
  return null
}

/**
 * Where parts may go (p.47): the prow first and the stern last; a spar on the prow's tile or the next,
 * a tow cord on the stern's or the one before; a Diver in the Airlock's space.
 */
export function placementError(ctx: Ctx, tiles: string[], parts: [string, number][]): string | null {
  const kinds = tiles.map((t) => kindOf(ctx, t))
  const prow = kinds.indexOf('prow')
  const stern = kinds.indexOf('stern')
  if (prow > 0) return 'the prow must be the first tile'
  if (stern >= 0 && stern !== kinds.length - 1) return 'the stern must be the last tile'
  for (const [id, space] of parts) {
    const kind = kindOf(ctx, id)
    if ((kind === 'longSpar' || kind === 'shortSpar') && space > 1) return 'a spar goes next to the prow'
    if (kind === 'towCord' && space < tiles.length - 2) return 'a tow cord goes next to the stern'
    if (kind === 'diver' && !parts.some(([other, at]) => kindOf(ctx, other) === 'airlock' && at === space))
      return 'the Diver goes in the Airlock'
  }
  return null
}

/** Change Location (CSA, p.50): pay by the parts kept (Prices once), an Alert Check; ends the phase. */
export function changeLocation(ctx: Ctx, c: Campaign, to: string): string | null {
  if (c.side !== 'CSA') return 'only the CSA changes location'
  const loc = ctx.pack.campaign.locations.find((l) => l.id === to)
  if (!loc || loc.side !== 'CSA' || c.removedLocations.includes(to) || to === c.location) return `cannot move to ${to}`
  if (!locationInPlay(ctx, c, to))
    return `${loc.name} is not in play until ${locationOf(ctx, loc.waitsFor!).name} is removed`
  const kept = c.boat.tiles.length + c.boat.parts.length
  const cost = ctx.pack.campaign.changeLocationCost.find((r) => kept <= r.upTo)!.cost
  if (!pay(ctx, c, cost, `moving the shop to ${loc.name}`)) return `moving costs $${cost + c.prices}`
  c.location = to
  alertCheck(ctx, c, `${seasonKey(c.year, c.season)} relocation alert`)
  c.actionsLeft = 0
  return null
}

/** Commission (USA, p.51-52): 2d10 + modifiers against the table; success moves to Washington. */
export function commission(ctx: Ctx, c: Campaign, budget = 0, persistence: Persist = null): string | null {
  if (c.side !== 'USA' || c.commissioned) return 'only an uncommissioned USA player may seek a commission'
  const r = ctx.pack.campaign.commissioningRules
  const experts = c.personae.filter((p) => p.where === 'shop' && ctx.pack.personae.get(p.id)!.expertise >= 3).length
  const parts = c.boat.tiles.length + c.boat.parts.length
  const row = ctx.pack.campaign.commissioning[Math.min(4, experts)]!
  const needed = row.cells[r.partsUpTo.findIndex((top) => parts <= top)]
  if (needed === null || needed === undefined) return 'nothing to commission'
  const bonus = influential(ctx, c).reduce((a, i) => a + (ctx.pack.personae.get(i.id)!.commission ?? 0), 0)
  const mod =
    (seaworthy(ctx, c) ? r.seaworthy : 0) + influential(ctx, c).length * r.perInvestor + c.lost * r.perLost + bonus
  let a = d10(ctx, 'commission die 1')
  let b = d10(ctx, 'commission die 2')
  // Greased Palms (p.52): after the roll, $5 re-rolls the lower die, while the budget and funds last.
  for (
    let n = 1;
    a + b + mod < needed && budget >= r.rerollOne && pay(ctx, c, r.rerollOne, 'Greased Palms', false);
    n++
  ) {
    budget -= r.rerollOne
    const again = d10(ctx, `commission re-roll ${n}`)
    if (a <= b) a = again
    else b = again
  }
  // Persistence is bought only when it turns a failure into success (R24).
  const extra = a + b + mod === needed - 1 ? persist(c, persistence) : 0
  const ok = a + b + mod + extra >= needed
  note(
    ctx,
    'p.52',
    `Commission: ${a}+${b} ${mod >= 0 ? '+' : ''}${mod}${extra ? ' +1 Persistence' : ''} = ${a + b + mod + extra} against ${needed}: ${ok ? 'commissioned' : 'refused'}`,
  )
  if (ok) {
    c.commissioned = true
    c.location = 'washington'
    c.actionsLeft = 0
  }
  return null
}

/** Contract (p.53): personae with enough expertise leave the shop until the marker's season. */
export function contract(ctx: Ctx, c: Campaign, id: string, personae: string[]): string | null {
  const k = ctx.pack.campaign.contracts.find((x) => x.id === id)
  if (!k) return `no contract ${id} this season`
  if (c.contracts.length >= 4 || c.contracts.some((x) => x.id === id)) return 'at most 4 contracts, no two alike'
  const hired = c.personae.filter((p) => personae.includes(p.id) && p.where === 'shop')
  if (hired.length !== personae.length) return 'the personae must be in the shop'
  const skill = hired.reduce((a, p) => a + ctx.pack.personae.get(p.id)!.expertise, 0)
  if (skill < k.expertise) return `contract ${id} needs expertise ${k.expertise}`
  const at = seasonIndex(c.season) + k.seasons
  const expires = seasonKey(c.year + Math.floor(at / 4), SEASONS[at % 4]!)
  c.contracts.push({ id, pay: k.pay, expires, personae })
  for (const p of hired) p.where = 'contract'
  note(ctx, 'p.53', `Contract ${id}: $${k.pay} a season until ${expires}`)
  return null
}

/** Investment (p.54): the stake, a d10 (+1 with 3 investors); '!' Shenanigans, 'i' a new investor. */
export function invest(ctx: Ctx, c: Campaign, stake: number, solicitor: boolean): string | null {
  const r = ctx.pack.campaign.investmentRules
  const col = r.stakes.indexOf(stake)
  if (col < 0) return `the stake must be one of ${r.stakes.join(', ')}`
  if (c.funds < 0 && stake > 0) return 'in debt: only a $0 stake'
  if (!pay(ctx, c, stake, 'investment stake', false)) return `a $${stake} stake is more than the funds`
  const roll = d10(ctx, `${seasonKey(c.year, c.season)} investment`)
  // Sure Bet counts investors in play, not on a contract or in Sick Bay (p.54).
  const inPlay = investors(ctx, c).filter((i) => i.where === 'shop').length
  const sure = inPlay >= r.sureBetInvestors ? r.sureBet : 0
  // Blind Alley (CSA without an investor): Prices added to an even roll, taken from an odd one.
  const alley = c.side === 'CSA' && investors(ctx, c).length === 0 ? (roll % 2 === 0 ? c.prices : -c.prices) : 0
  const cell = band(ctx.pack.campaign.investment, roll + sure + alley).cells[col]!
  earn(c, Number.parseInt(cell, 10), 'investment return')
  note(
    ctx,
    'p.54',
    `Investment: $${stake} at ${roll}${sure ? ' +1 Sure Bet' : ''}${alley ? ` ${alley > 0 ? '+' : ''}${alley} Blind Alley` : ''}: ${cell}`,
  )
  if (cell.endsWith('!') && investors(ctx, c).length) {
    const paid = solicitor && pay(ctx, c, r.solicitor, 'solicitor', true)
    const dice = [d10(ctx, 'shenanigans'), ...(paid ? [d10(ctx, 'shenanigans solicitor')] : [])]
    if (!dice.some((d) => d % 2 === 0)) {
      const list = investors(ctx, c)
      // A lone investor is the one who leaves: there is no die of one side to roll.
      const gone = list.length === 1 ? list[0]! : list[ctx.dice.roll('shenanigans investor', list.length, PUBLIC) - 1]!
      c.personae = c.personae.filter((p) => p !== gone)
      note(ctx, 'p.54', `Shenanigans (${dice.join(', ')}): investor ${gone.id} leaves`)
    }
  }
  if (cell.endsWith('i') && investors(ctx, c).length < 3) recruitFrom(ctx, c, 'investor', 1, () => true)
  return null
}

/** Letter (CSA, p.55): Marque by d10 + modifiers against the table; Recruitment likewise (synthetic table). */
export function letter(
  ctx: Ctx,
  c: Campaign,
  kind: 'marque' | 'recruitment',
  paid: number,
  persona?: string,
  greaseUpTo = 0,
  persistence: Persist = null,
): string | null {
  if (c.side !== 'CSA') return 'only the CSA seeks letters'
  const table = kind === 'marque' ? ctx.pack.campaign.letterOfMarque : ctx.pack.campaign.letterOfRecruitment
  const row = table.find((r) => r.paid === paid)
  if (!row) return `pay one of ${table.map((r) => r.paid).join(', ')}`
  if (paid && !pay(ctx, c, paid, `letter of ${kind}`)) return `the letter costs $${paid + c.prices}`
  const r = ctx.pack.campaign.letterRules
  const col =
    kind === 'marque'
      ? Math.min(3, c.training)
      : Math.min(3, Math.max(0, (ctx.pack.personae.get(persona ?? '')?.expertise ?? 1) - 1))
  const mod = (c.year >= r.lateWarFrom ? r.lateWar : 0) + influential(ctx, c).length * r.perInvestor
  const roll = d10(ctx, `letter of ${kind}`)
  const needed = row.cells[col]!
  // Greased Wheels (p.55): after the roll, $5 (+Prices) for +1 each, only as many as reach the value.
  let grease = 0
  const extra = roll + mod < needed && roll + mod + greaseUpTo + 1 >= needed ? persist(c, persistence) : 0
  const short = needed - roll - mod - extra
  if (short > 0 && short <= greaseUpTo)
    while (grease < short && pay(ctx, c, r.greasedWheelsCost, 'Greased Wheels')) grease += r.greasedWheels
  const ok = roll + mod + extra + grease >= needed
  note(
    ctx,
    'p.55',
    `Letter of ${kind}: ${roll} +${mod}${extra ? ' +1 Persistence' : ''}${grease ? ` +${grease} Greased Wheels` : ''} against ${needed}: ${ok ? 'granted' : 'refused'}`,
  )
  if (ok) c[kind] = true
  return null
}

/** Draws from a persona deck face down and hires those `keep` accepts, paying their fee (p.60). */
export function recruitFrom(
  ctx: Ctx,
  c: Campaign,
  deck: PersonaDeck,
  count: number,
  keep: (id: string) => boolean,
  choose?: (drawn: readonly string[]) => (id: string) => boolean,
): string[] {
  if (c.decks[deck].drawPile.length < count) rebuildDeck(ctx, c, deck)
  const d = draw(c.decks[deck], count, ctx.dice, `${deck} deck`, MODERATOR, { reshuffle: false })
  // The player may choose after seeing the cards (halt point `recruit`, R22).
  if (choose && d.cards.length) keep = choose(d.cards)
  const hired: string[] = []
  for (const id of d.cards) {
    const p = ctx.pack.personae.get(id)!
    // A commissioned USA player's Sailors come free (p.52).
    const fee = deck === 'sailor' && c.side === 'USA' && c.commissioned ? 0 : p.hire
    if (keep(id) && pay(ctx, c, fee, `hiring ${p.name}`)) {
      hired.push(id)
      c.personae.push({ id, where: 'shop' })
      c.pool.black += p.black ?? 0
      c.pool.red += p.red ?? 0
      if (p.funds) earn(c, p.funds, `investor ${p.name}`)
    }
  }
  c.decks[deck] = { ...d.deck, discards: [...d.deck.discards, ...d.cards.filter((x) => !hired.includes(x))] }
  note(
    ctx,
    'p.60',
    `Recruit from the ${deck} deck: drew ${d.cards.join(', ') || 'nothing'}; hired ${hired.join(', ') || 'nobody'}`,
  )
  return hired
}

/**
 * No more Persona cards (p.13, ruling IM-56): of the rule's two answers the judge takes the second.
 * Every removed card of the type (recycled unkept cards, the dead, the captured) is shuffled, hidden,
 * under what is left of the pile; the shuffle's rolls are kept like any deck's, so it can be checked.
 */
function rebuildDeck(ctx: Ctx, c: Campaign, deck: PersonaDeck): void {
  const d = c.decks[deck]
  const removed = [...ctx.pack.personae.values()]
    .filter((p) => p.deck === deck && p.sides.includes(c.side))
    .map((p) => p.id)
    .filter((id) => !d.drawPile.includes(id) && !c.personae.some((p) => p.id === id))
  if (!removed.length) return
  const n = d.reshuffles + 1
  const pile = [...d.drawPile, ...shuffled(removed, ctx.dice, `${deck} deck rebuilt ${n}`, MODERATOR)]
  c.decks[deck] = { drawPile: pile, discards: [], reshuffles: n }
  note(ctx, 'p.13', `no more ${deck} cards: the ${removed.length} removed card(s) make a new deck`)
}

/** Recruit (p.60): the location says how many cards; keeping any lowers the Training Level. */
export function recruit(
  ctx: Ctx,
  c: Campaign,
  deck: Exclude<PersonaDeck, 'investor'>,
  keep: (id: string) => boolean,
  choose?: (drawn: readonly string[]) => (id: string) => boolean,
): string | null {
  if (shutteredNow(c)) return shutteredNow(c)
  if (deck === 'sailor' && !(c.commissioned || c.recruitment))
    return 'Sailors need a commission or a Letter of Recruitment'
  const count = locationOf(ctx, c.location).recruit[deck]
  if (!count) return `${locationOf(ctx, c.location).name} offers no ${deck}s`
  if (recruitFrom(ctx, c, deck, count, keep, choose).length) c.training = Math.max(0, c.training - 1)
  return null
}

/** Salvage (p.61): pay by the parts kept; the rest recycled; the Wreck marker goes. */
export function salvage(ctx: Ctx, c: Campaign, keep: string[], roll = false): string | null {
  if (!c.wreck) return 'no Wreck marker in play'
  if (roll) {
    if (c.side !== 'USA' || !c.commissioned) return 'only a commissioned USA player salvages by the die'
    // For free, a d10 of the parts, taken in the order the player listed them (p.61).
    keep = keep.slice(0, d10(ctx, 'salvage parts'))
  }
  const n = roll ? 0 : keep.length
  const cost = n ? ctx.pack.campaign.salvageCost.find((r) => n <= r.upTo)!.cost : 0
  if (cost && !pay(ctx, c, cost, `salvaging ${n} parts`)) return `salvage costs $${cost + c.prices}`
  // Each id named keeps one part: two Sections are kept only if "section" is named twice.
  const bag = [...keep]
  c.boat = {
    tiles: c.boat.tiles.filter((t) => removeOne(bag, t)),
    parts: c.boat.parts.filter(([id]) => removeOne(bag, id)),
  }
  c.wreck = false
  note(ctx, 'p.61', `Salvage: ${keep.length} parts kept for $${cost}`)
  return null
}

/** Military Recruit (p.60): $5 each re-designates a persona in the shop, an investor too, as a Sailor; no Training lost. */
export function militaryRecruit(ctx: Ctx, c: Campaign, ids: string[]): string | null {
  if (shutteredNow(c)) return shutteredNow(c)
  const ok = ids.every((id) => c.personae.some((p) => p.id === id && p.where === 'shop'))
  if (!ok || !ids.length) return 'name personae in the shop'
  if (c.funds < ids.length * (5 + (c.side === 'CSA' ? c.prices : 0))) return 'not enough money'
  for (const id of ids) pay(ctx, c, 5, `military recruit ${id}`)
  c.sailors = [...(c.sailors ?? []), ...ids]
  note(ctx, 'p.60', `Military Recruit: ${ids.join(', ')} now count as Sailors`)
  return null
}
