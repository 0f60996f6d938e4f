// What the captain may do next, with its price (p.47-61): funds and debt, the parts the shop can
// build with their cost and expertise, the boat's tile numbers, the launch positions of each board,
// the personae and investors by name, the contracts on offer. The season's report and the HELP
// answer both show it, so a valid order can be written from them alone.
import type { Dice } from '../contract.ts'
import { type Campaign, locationOf } from './campaign.ts'
import { tileLine } from './assembly.ts'
import type { ImPack } from './pack.ts'
import { shopExpertise } from './shopActions.ts'
import type { Ctx } from './sortie.ts'

const view = (pack: ImPack): Ctx => ({ pack, dice: undefined as unknown as Dice, notes: [] })

function moneyLine(c: Campaign): string {
  const prices = c.side === 'CSA' && c.prices ? `; Prices ${c.prices > 0 ? '+' : ''}${c.prices} on each payment` : ''
  const debt =
    c.funds < 0 ? ` (in debt $${-c.funds}: no payment may add to it; INVEST 0 and SELL in a BUILD are allowed)` : ''
  return `Funds $${c.funds}${debt}${prices}`
}

function partLines(pack: ImPack, c: Campaign): string[] {
  const skill = shopExpertise(view(pack), c)
  const add = c.side === 'CSA' ? c.prices : 0
  const navy = c.side === 'USA' && c.commissioned
  const show = (id: string) => {
    const p = pack.components.get(id)!
    return `${id} $${navy ? 0 : p.cost + add} (expertise ${p.expertise})`
  }
  const all = [...pack.components.keys()]
  const within = all.filter((id) => pack.components.get(id)!.expertise <= skill)
  const beyond = all.filter((id) => pack.components.get(id)!.expertise > skill)
  return [
    `Shop expertise ${skill}${navy ? '; a commissioned boat is built from delivered parts, at no cost' : ''}. BUILD parts within it: ${within.map(show).join(', ') || 'none'}`,
    ...(beyond.length ? [`Beyond the shop's expertise: ${beyond.map(show).join(', ')}`] : []),
  ]
}

function boatLine(c: Campaign): string {
  if (!c.boat.tiles.length) return 'Boat tiles: none yet (a BUILD names the prow first, then Sections, the stern last)'
  return `Boat tiles (the number after @ in BUILD, SELL and MOVE; tiles a BUILD adds are ${c.boat.tiles.length} on): ${tileLine(c.boat)}`
}

function launchLine(pack: ImPack, c: Campaign): string {
  const home = locationOf(view(pack), c.location).board
  const launches = (id: string) =>
    (pack.boards.get(id)?.positions ?? [])
      .filter((p) => p.launch?.includes(c.side))
      .map((p) => p.id)
      .join(', ') || 'none'
  const others = [...pack.boards.keys()].filter((id) => id !== home).map((id) => `${id}: ${launches(id)}`)
  return `Launch positions (MISSION ... FROM; a mission starts on your shop's board, ${home}): ${launches(home)}${others.length ? `; other boards (another location's): ${others.join('; ')}` : ''}`
}

function peopleLines(pack: ImPack, c: Campaign): string[] {
  const who = (deck: 'investor' | 'crew') =>
    c.personae
      .filter((p) => (pack.personae.get(p.id)!.deck === 'investor') === (deck === 'investor'))
      .map((p) => {
        const x = pack.personae.get(p.id)!
        const skills = x.skills.length ? ` ${x.skills.join('/')}` : ''
        const where = p.where === 'shop' ? '' : `, ${p.where === 'sickBay' ? 'in Sick Bay' : 'on a contract'}`
        return deck === 'investor'
          ? `${p.id} (${x.name}, expertise ${x.expertise}${where})`
          : `${p.id} (${x.name}, ${x.deck}, expertise ${x.expertise}, strength ${x.strength}${skills}${where})`
      })
  return [`Investors: ${who('investor').join(', ') || 'none'}`, `Personae: ${who('crew').join(', ') || 'none'}`]
}

/** The captain's menu for the campaign's next actions. */
export function campaignMenu(pack: ImPack, c: Campaign): string[] {
  const taken = new Set(c.contracts.map((k) => k.id))
  const contracts = pack.campaign.contracts
    .filter((k) => !taken.has(k.id))
    .map((k) => `${k.id} $${k.pay} a season for ${k.seasons} (expertise ${k.expertise})`)
  return [
    moneyLine(c),
    ...partLines(pack, c),
    boatLine(c),
    launchLine(pack, c),
    ...peopleLines(pack, c),
    `Contracts on offer: ${contracts.join(', ') || 'none'}`,
    `Investment stakes: ${pack.campaign.investmentRules.stakes.map((s) => `$${s}`).join(', ')}`,
  ]
}
