// The Campaign level (Rule Book p.39-62): seasons from Spring 1861 to Spring 1865, each with Income,
// Fortunes of War, Actions and Time; the shop's personae, funds, gauges, contracts and the ledger.
import { MODERATOR, PUBLIC } from '../contract.ts'
import { type Deck, draw, newDeck } from '../kit/deck.ts'
import { band, d10Result, type LocationCard } from './campaignPack.ts'
import type { Persona } from './fishboatPack.ts'
import type { FatePool, FogPending } from './sortie.ts'
import { type Ctx, d10, note } from './sortie.ts'
import type { Season, Side } from './terms.ts'

export type PersonaDeck = Persona['deck']

export interface Hired {
  id: string
  where: 'shop' | 'contract' | 'sickBay'
}

export interface Campaign {
  side: Side
  year: number
  season: Season
  funds: number
  prices: number
  alert: number
  training: number
  location: string
  removedLocations: string[]
  commissioned: boolean
  marque: boolean
  recruitment: boolean
  navyOnly: boolean
  personae: Hired[]
  decks: Record<PersonaDeck, Deck<string>>
  /** The fishboat in the shop: tiles prow first, parts as [component, space]. */
  boat: { tiles: string[]; parts: [string, number][] }
  contracts: { id: string; pay: number; expires: string; personae: string[] }[]
  pool: FatePool
  lost: number
  wreck: boolean
  /** Personae re-designated as Sailors by a Military Recruit (p.60). */
  sailors?: string[]
  /** The open Purchase Order (USA, p.48): parts, and the season they arrive. */
  purchase?: { parts: string[]; due: string; dueTurn: number }
  /** Prizes earned, paid next Winter (p.46). */
  prizes: number
  actionsLeft: number
  /** The Fortunes of War action change for this season. */
  actionBonus: number
  ledger: string[]
  /** The season the shop was shuttered by an epidemic: no Build or Recruit in it (p.62). */
  shuttered?: string
  ended?: string
  /** The optional Fog of War rule is in play (p.6), and the dice it defers. */
  fog?: boolean
  fogPending?: FogPending[]
  /** USA Advancement (p.58), read by the Outcomes. */
  advancement?: number
  /** The Outcomes level read when the campaign ended (p.62). */
  outcome?: string
  /** Mission objectives achieved (p.58: a Big Hole on an armed mission, the target seen on Spy or Delivery). */
  objectives?: number
}

export const SEASONS: Season[] = ['winter', 'spring', 'summer', 'autumn']
export const seasonKey = (year: number, season: Season) => `${season} ${year}`
export const seasonIndex = (s: Season) => SEASONS.indexOf(s)

export function locationOf(ctx: Ctx, id: string): LocationCard {
  const l = ctx.pack.campaign.locations.find((x) => x.id === id)
  if (!l) throw new Error(`unknown location ${id}`)
  return l
}

export const investors = (ctx: Ctx, c: Campaign) =>
  c.personae.filter((p) => ctx.pack.personae.get(p.id)?.deck === 'investor')

/** Investors in play for Influence: not in Sick Bay, not on a Contract (p.48, p.51, p.55). */
export const influential = (ctx: Ctx, c: Campaign) => investors(ctx, c).filter((p) => p.where === 'shop')

/** A Sailor for Navy only (p.42): drawn from the Sailors deck, or re-designated by a Military Recruit (p.60). */
export const sailor = (pack: Ctx['pack'], c: Campaign, id: string) =>
  pack.personae.get(id)?.deck === 'sailor' || !!c.sailors?.includes(id)

/** Money in and out, with the reason, on the ledger; Prices added to a CSA payment (p.42). */
export function pay(_ctx: Ctx, c: Campaign, amount: number, why: string, prices = true, debtAllowed = false): boolean {
  const total = amount + (prices && c.side === 'CSA' && amount > 0 ? c.prices : 0)
  // Nothing paid never incurs debt: a $0 stake is allowed in debt (p.54).
  if (total <= 0) return true
  if (!debtAllowed && c.funds - total < 0) return false
  c.funds -= total
  c.ledger.push(`${seasonKey(c.year, c.season)}: -$${total} ${why} (funds $${c.funds})`)
  return true
}

export function earn(c: Campaign, amount: number, why: string): void {
  if (!amount) return
  c.funds += amount
  c.ledger.push(`${seasonKey(c.year, c.season)}: +$${amount} ${why} (funds $${c.funds})`)
}

export interface CampaignSetupChoices {
  /** Keep one of the investors drawn (p.39). */
  investor(ids: readonly string[]): string
}

/** Campaign set-up (p.39-41): persona decks shuffled face down, an investor kept, a start location drawn. */
export function setupCampaign(ctx: Ctx, side: Side, choices: CampaignSetupChoices): Campaign {
  const deckOf = (deck: PersonaDeck) =>
    newDeck(
      [...ctx.pack.personae.values()].filter((p) => p.deck === deck && p.sides.includes(side)).map((p) => p.id),
      ctx.dice,
      `${deck} deck`,
      MODERATOR,
    )
  const decks = {
    investor: deckOf('investor'),
    mechanic: deckOf('mechanic'),
    journeyman: deckOf('journeyman'),
    sailor: deckOf('sailor'),
  }
  const offer = draw(decks.investor, ctx.pack.campaign.startingInvestors.draw, ctx.dice, 'investor deck', MODERATOR)
  const kept = choices.investor(offer.cards)
  const investor = ctx.pack.personae.get(kept)!
  decks.investor = { ...offer.deck, discards: offer.cards.filter((x) => x !== kept) }
  const starts = ctx.pack.campaign.locations.filter((l) => l.side === side && l.start)
  const start = starts[ctx.dice.roll('start location', starts.length, PUBLIC) - 1]!
  const c: Campaign = {
    side,
    year: ctx.pack.campaign.calendar.firstYear,
    season: ctx.pack.campaign.calendar.firstSeason,
    funds: 0,
    prices: 0,
    alert: 0,
    training: 0,
    location: start.id,
    removedLocations: [],
    commissioned: false,
    marque: false,
    recruitment: false,
    navyOnly: false,
    personae: [{ id: kept, where: 'shop' }],
    decks,
    boat: { tiles: [], parts: [] },
    contracts: [],
    pool: { black: investor.black ?? 0, red: investor.red ?? 0 },
    lost: 0,
    wreck: false,
    prizes: 0,
    actionsLeft: 0,
    actionBonus: 0,
    ledger: [],
  }
  earn(c, investor.funds ?? 0, `investor ${investor.name}`)
  note(
    ctx,
    'p.39',
    `campaign set-up: investor ${investor.name} kept of ${offer.cards.length}; the shop is at ${start.name}`,
  )
  return c
}

/** Income Phase (p.44-46): shop earnings, contracts, and in Winter the investors' infusion and prizes. */
export function income(ctx: Ctx, c: Campaign): void {
  const loc = locationOf(ctx, c.location)
  earn(c, loc.earnings[seasonIndex(c.season)]!, `shop earnings at ${loc.name}`)
  const now = seasonKey(c.year, c.season)
  for (const k of [...c.contracts]) {
    earn(c, k.pay, `contract ${k.id}`)
    if (k.expires === now) {
      c.contracts = c.contracts.filter((x) => x !== k)
      for (const p of c.personae) if (k.personae.includes(p.id)) p.where = 'shop'
      note(ctx, 'p.45', `contract ${k.id} expires; its personae return to the shop`)
    }
  }
  if (c.season === 'winter') {
    // An investor in Sick Bay is out of play but for the Sick Bay, Alert and Epidemic Checks (p.61);
    // one on a Contract still pays (ruling IM-44).
    for (const i of investors(ctx, c).filter((p) => p.where !== 'sickBay'))
      earn(c, ctx.pack.personae.get(i.id)!.infusion ?? 0, `infusion ${i.id}`)
    if (c.prizes) earn(c, c.prizes, 'prizes of the past year')
    c.prizes = 0
  }
}

/** Fortunes of War (p.46): 1d10 unmodified on the season's table; debt is allowed here only. */
export function fortunes(ctx: Ctx, c: Campaign): void {
  const blockade = c.side === 'USA' && !!locationOf(ctx, c.location).blockade
  const row = ctx.pack.campaign.fortunes.find((f) => f.season === c.season && !!f.blockade === blockade)!
  const roll = d10(ctx, `${seasonKey(c.year, c.season)} fortunes of war`)
  const result = d10Result(row.rolls, roll)
  note(ctx, 'p.46', `Fortunes of War${blockade ? ' (blockade)' : ''}: ${roll}, ${result}`)
  applyResult(ctx, c, result, 'fortunes of war', true)
}

/** Applies an Almanac result code: alert+/-, prices+/-, funds+n/-n, action+/-n, epidemic, none. */
export function applyResult(ctx: Ctx, c: Campaign, result: string, why: string, debt: boolean): void {
  const n = Number(result.replace(/^\D+/, '')) || 0
  if (result === 'alert+') c.alert = Math.min(4, c.alert + 1)
  else if (result === 'alert-') c.alert = Math.max(0, c.alert - 1)
  else if (result === 'prices+') c.prices = c.side === 'CSA' ? Math.min(4, c.prices + 1) : c.prices
  else if (result === 'prices-') c.prices = c.side === 'CSA' ? Math.max(-1, c.prices - 1) : c.prices
  else if (result.startsWith('funds+')) earn(c, n, why)
  // A CSA payment is adjusted by Prices, a Fortunes of War payment too (p.42, p.46 debt example).
  else if (result.startsWith('funds-')) pay(ctx, c, n, why, true, debt)
  else if (result.startsWith('action')) c.actionBonus += result.includes('-') ? -n : n
  else if (result === 'epidemic') epidemicCheck(ctx, c)
}

/** Actions this season (p.47): 1 in Winter, 2 otherwise, with the location and Fortunes of War. */
export function actionsFor(ctx: Ctx, c: Campaign): number {
  const base = ctx.pack.campaign.actions.find((a) => a.season === c.season)!.actions
  const loc = locationOf(ctx, c.location)
  return Math.max(0, base + (c.season === 'summer' ? (loc.summerAction ?? 0) : 0) + c.actionBonus)
}

/**
 * Epidemic Check (p.62, synthetic table): everyone in Sick Bay dies first; then a 1 kills one persona
 * at random, 2 or more send that many to Sick Bay at random and one of them dies; S shutters the shop.
 */
export function epidemicCheck(ctx: Ctx, c: Campaign): void {
  const key = seasonKey(c.year, c.season)
  const name = (p: Hired) => ctx.pack.personae.get(p.id)!.name
  for (const p of c.personae.filter((x) => x.where === 'sickBay'))
    note(ctx, 'p.62', `${name(p)} dies in Sick Bay of the epidemic`)
  c.personae = c.personae.filter((x) => x.where !== 'sickBay')
  const roll = d10(ctx, `${key} epidemic`)
  const result = band(ctx.pack.campaign.epidemic, roll).result
  note(ctx, 'p.62', `Epidemic Check: ${roll}, ${result}`)
  if (result === 'S') return shutter(ctx, c)
  const n = Number(result)
  // Every persona card in play may be drawn, investors too (p.62: all the cards shuffled together).
  const well = [...c.personae]
  if (!n || !well.length) return
  // With one candidate left there is nothing to draw (and no die has one side).
  const draw = (label: string, from: Hired[]) => (from.length === 1 ? 0 : ctx.dice.roll(label, from.length, PUBLIC) - 1)
  const victims: Hired[] = []
  while (victims.length < n && well.length)
    victims.push(well.splice(draw(`epidemic victim ${victims.length + 1}`, well), 1)[0]!)
  const dead = victims.length === 1 ? victims[0]! : victims[draw('epidemic death', victims)]!
  for (const p of victims) if (p !== dead) p.where = 'sickBay'
  if (n >= 2)
    note(
      ctx,
      'p.62',
      `${
        victims
          .filter((p) => p !== dead)
          .map(name)
          .join(', ') || 'no one else'
      } to Sick Bay`,
    )
  c.personae = c.personae.filter((p) => p !== dead)
  note(ctx, 'p.62', `${name(dead)} dies of the epidemic`)
}

/** Shuttered (p.62): no Build or Recruit this season; every Contract marker recycled, without penalty. */
function shutter(ctx: Ctx, c: Campaign): void {
  c.shuttered = seasonKey(c.year, c.season)
  for (const p of c.personae) if (p.where === 'contract') p.where = 'shop'
  c.contracts = []
  c.ledger.push(`${c.shuttered}: the shop is shuttered by epidemic`)
  note(ctx, 'p.62', 'the shop is shuttered: no Build or Recruit this season; the contracts are recycled')
}

/** Why a Build or Recruit is barred this season, or null (p.62). */
export const shutteredNow = (c: Campaign): string | null =>
  c.shuttered === seasonKey(c.year, c.season)
    ? 'the shop is shuttered by epidemic this season: no Build or Recruit'
    : null

/** Alert Check (p.42, synthetic table): modifiers for a big shop and past losses. */
export function alertCheck(ctx: Ctx, c: Campaign, label: string): void {
  const r = ctx.pack.campaign.alertCheckRules
  const roll = d10(ctx, label)
  const parts = c.boat.tiles.length + c.boat.parts.length
  const mod = (parts >= r.bigShopParts ? r.bigShop : 0) + (c.lost === 1 ? r.oneLost : c.lost > 1 ? r.manyLost : 0)
  const result = band(ctx.pack.campaign.alertCheck, roll + mod).result
  note(ctx, 'p.42', `Alert Check: ${roll}${mod ? ` ${mod}` : ''}: ${result}`)
  if (result === '+') c.alert = Math.min(4, c.alert + 1)
  else if (result === '-') c.alert = Math.max(0, c.alert - 1)
  else if (result === 'N') {
    c.navyOnly = true
    if (c.side === 'CSA') c.marque = c.recruitment = true
    else c.commissioned = true
  }
}

export type Persist = 'cubes' | 'action' | null

/** Persistence (p.48, p.52, p.55): +1 to the roll for 3 Black cubes or one more action spent. */
export function persist(c: Campaign, how: Persist): number {
  if (how === 'cubes' && c.pool.black >= 3) {
    c.pool.black -= 3
    return 1
  }
  if (how === 'action' && c.actionsLeft >= 2) {
    c.actionsLeft--
    return 1
  }
  return 0
}
