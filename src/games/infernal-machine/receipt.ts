// Orders checked when they arrive, against the game as it stands: what the resolution would refuse
// is refused at receipt, with the reason and the legal choices (a Build the funds cannot pay, a tile
// that will not exist, an expertise the shop lacks, a launch position not on the board). A check
// that depends on money or the shop is made only when no earlier action of the same mail can
// change them; the resolution still checks everything again.
import type { Dice } from '../contract.ts'
import { type Campaign, investors, locationOf, sailor, seasonIndex, seasonKey } from './campaign.ts'
import type { ImCommand } from './commands.ts'
import { ACTION_KINDS } from './orders.ts'
import type { ImPack } from './pack.ts'
import { assemble } from './assembly.ts'
import { build, contract, shopExpertise } from './shopActions.ts'
import type { Ctx } from './sortie.ts'

/** What a receipt check reads of the game: the campaign (none before set-up) and where it stands. */
export interface ReceiptView {
  campaign?: Campaign
  /** True when the next resolution starts with the Income and Fortunes of War phases. */
  incomeFirst: boolean
  scenario: boolean
  /** A mission is out: its end (Recovery or the Wreck) changes the shop, the boat and the funds first. */
  missionOut?: boolean
}

const NO_DICE: Dice = {
  roll: () => {
    throw new Error('no dice at receipt')
  },
} as unknown as Dice

const view = (pack: ImPack): Ctx => ({ pack, dice: NO_DICE, notes: [] })

/** Why the order would be refused, with the legal choices; null when it may stand. */
export function receiptError(
  pack: ImPack,
  v: ReceiptView,
  cmd: ImCommand,
  earlier: readonly ImCommand[],
): string | null {
  if (v.scenario) return null
  const settled = !v.missionOut && !earlier.some((e) => ACTIONS.has(e.kind))
  if (cmd.kind === 'build') return buildError(pack, v, cmd, earlier, settled)
  if (cmd.kind === 'mission') return missionError(pack, v, cmd, settled)
  if (cmd.kind === 'letter') return letterError(pack, cmd)
  if (cmd.kind === 'leaks') return leaksError(pack, v, cmd.tiles, earlier)
  if (!v.campaign || !settled) return null
  if (cmd.kind === 'recruit') return recruitError(pack, v.campaign, cmd.deck)
  if (cmd.kind === 'salvage' && !v.campaign.wreck) return 'no Wreck marker in play: there is nothing to salvage'
  if (cmd.kind === 'invest') return investError(pack, v, cmd.stake)
  if (cmd.kind === 'contract') return contractError(pack, v, cmd.id, cmd.personae)
  return null
}

function recruitError(pack: ImPack, c: Campaign, deck: 'journeyman' | 'mechanic' | 'sailor'): string | null {
  const offer = locationOf(view(pack), c.location).recruit
  const open = (['journeyman', 'mechanic', 'sailor'] as const).filter(
    (d) => offer[d] && (d !== 'sailor' || c.commissioned || c.recruitment),
  )
  if (open.includes(deck)) return null
  const why =
    deck === 'sailor' && !(c.commissioned || c.recruitment)
      ? 'Sailors need a commission or a Letter of Recruitment'
      : `${c.location} offers no ${deck}s`
  return `${why}; decks you may draw here: ${open.map((d) => `${d.toUpperCase()} (${offer[d]} cards)`).join(', ') || 'none'}`
}

function investError(pack: ImPack, v: ReceiptView, stake: number): string | null {
  const c = v.campaign!
  const most = c.funds + (v.incomeFirst ? bestIncome(pack, c) : 0)
  if (stake === 0 || stake <= most) return null
  const stakes = pack.campaign.investmentRules.stakes.filter((x) => x === 0 || x <= most)
  return `a $${stake} stake is more than the funds ($${c.funds}${v.incomeFirst ? `, at most $${most} after this season's income` : ''}); stakes you may make: ${stakes.map((x) => `INVEST ${x}`).join(', ')}`
}

function contractError(pack: ImPack, v: ReceiptView, id: string, personae: string[]): string | null {
  const c = v.campaign!
  const k = pack.campaign.contracts.find((x) => x.id === id)!
  if (c.contracts.some((x) => x.id === id)) return `contract ${id} is already on the calendar (at most 4, no two alike)`
  const home = (where: string) => where === 'shop' || (v.incomeFirst && where === 'contract')
  // Any persona card in the shop may work a Contract, an Investor too (p.53; p.48, p.51, p.62 count them there).
  const free = c.personae.filter((p) => home(p.where))
  const away = personae.find((id) => !free.some((p) => p.id === id))
  if (away)
    return `${away} is not in the shop; personae free for a contract: ${free.map((p) => p.id).join(', ') || 'none'}`
  const skill = personae.reduce((a, id) => a + pack.personae.get(id)!.expertise, 0)
  if (skill < k.expertise)
    return `contract ${id} needs expertise ${k.expertise}, ${personae.join(', ')} give ${skill}; free personae and their expertise: ${free.map((p) => `${p.id} ${pack.personae.get(p.id)!.expertise}`).join(', ')}`
  // The rest as the resolution has it (at most four contracts), tried on a copy.
  const copy = structuredClone(c)
  if (v.incomeFirst) for (const p of copy.personae) if (p.where === 'contract') p.where = 'shop'
  if (v.incomeFirst) copy.contracts = copy.contracts.filter((x) => x.expires !== seasonKey(c.year, c.season))
  return contract(view(pack), copy, id, personae)
}

/** Actions that change the shop, the boat or the funds for the actions after them ('pass' does not). */
const ACTIONS = new Set(ACTION_KINDS.filter((k) => k !== 'pass'))

const tileList = (tiles: readonly string[]) => tiles.map((t, i) => `${i} ${t}`).join(', ')

/**
 * LEAKS names tiles by their numbers at launch (p.59): the boat at sea when a mission is out, else the
 * boat the earlier Builds of this mail leave; a Salvage or a change of sides earlier leaves it open.
 */
function leaksError(
  pack: ImPack,
  v: ReceiptView,
  tiles: number[] | 'auto',
  earlier: readonly ImCommand[],
): string | null {
  const c = v.campaign
  if (tiles === 'auto' || !c || earlier.some((e) => e.kind === 'salvage' || e.kind === 'changesides')) return null
  const boat = v.missionOut ? c.boat : boatAfter(pack, c.boat, earlier)
  const off = tiles.find((t) => t >= boat.tiles.length)
  if (off === undefined) return null
  if (!boat.tiles.length) return `LEAKS ${off}: the boat has no tiles yet; LEAKS AUTO, or name tiles once it is built`
  return `LEAKS ${off}: there is no tile ${off}; the boat's tiles are ${tileList(boat.tiles)}`
}

type Boat = Campaign['boat']

/** The boat as the earlier Builds of the same mail leave it (each read against the boat before it). */
function boatAfter(pack: ImPack, start: Boat, earlier: readonly ImCommand[]): Boat {
  return earlier
    .filter((e): e is Extract<ImCommand, { kind: 'build' }> => e.kind === 'build')
    .reduce((now, b) => {
      const next = assemble(pack, now, b)
      return typeof next === 'string' ? now : next
    }, start)
}

/**
 * The boat as the earlier Builds of the same mail leave it (each was read against the boat before it),
 * and why this Build cannot be read against it: a tile number that is not there, a sale of what is not aboard.
 */
function readBuild(
  pack: ImPack,
  c: Campaign | undefined,
  cmd: Extract<ImCommand, { kind: 'build' }>,
  earlier: readonly ImCommand[],
): string | null {
  const empty = { tiles: [] as string[], parts: [] as [string, number][] }
  const boat = boatAfter(pack, c?.boat ?? empty, earlier)
  const at = [...cmd.parts, ...(cmd.move ?? [])].find(([, i]) => i >= boat.tiles.length + cmd.tiles.length)
  if (at && !boat.tiles.length && !cmd.tiles.length)
    return `${at[0]}@${at[1]}: the boat has no tiles; name the tiles first, prow first (BUILD needle-prow section ${at[0]}@1)`
  const read = assemble(pack, boat, cmd)
  return typeof read === 'string' ? read : null
}

function buildError(
  pack: ImPack,
  v: ReceiptView,
  cmd: Extract<ImCommand, { kind: 'build' }>,
  earlier: readonly ImCommand[],
  settled: boolean,
): string | null {
  const c = v.campaign
  // A Salvage or a change of sides earlier in the mail leaves the boat open.
  if (v.missionOut || earlier.some((e) => e.kind === 'salvage' || e.kind === 'changesides')) return null
  const unread = readBuild(pack, c, cmd, earlier)
  if (unread) return unread
  if (cmd.tiles.length + cmd.parts.length > 6)
    return `at most 6 parts a Build, ${cmd.tiles.length + cmd.parts.length} named: put the rest in a second BUILD line (another action)`
  if (!c || !settled) return null
  const ctx = view(pack)
  const navy = c.side === 'USA' && c.commissioned
  // Personae on a contract may come home at Income before the Build (p.45).
  const skill = shopExpertise(ctx, c) + (v.incomeFirst ? contractExpertise(pack, c) : 0)
  const ids = [...cmd.tiles, ...cmd.parts.map(([id]) => id)]
  const price = (id: string) => (navy ? 0 : pack.components.get(id)!.cost + (c.side === 'CSA' ? c.prices : 0))
  const beyond = ids.find((id) => pack.components.get(id)!.expertise > skill)
  if (beyond && !navy) {
    const alts = sameFamily(pack, beyond).filter((id) => pack.components.get(id)!.expertise <= skill)
    return `${beyond} needs expertise ${pack.components.get(beyond)!.expertise}, the shop has ${skill}${alts.length ? `; of its kind within it: ${alts.map((id) => `${id} $${price(id)}`).join(', ')}` : ''}`
  }
  if (navy) return simulatedBuild(pack, v, c, cmd)
  const cost = ids.reduce((a, id) => a + price(id), 0)
  const most = c.funds + cmd.sell.length + (v.incomeFirst ? bestIncome(pack, c) : 0)
  // No new or increased debt (p.47): refused only when even the best income leaves it unpaid.
  if (most - cost < 0 && cmd.sell.length < cost)
    return `the parts cost $${cost} (${ids.map((id) => `${id} $${price(id)}`).join(', ')}); funds are $${c.funds}${v.incomeFirst ? `, at most $${most} after this season's income` : ''}: order parts worth $${Math.max(0, most)} or less`
  return simulatedBuild(pack, v, c, cmd)
}

/**
 * Every other refusal of the Build (p.47: the order of the tiles, where parts go, one of each unique
 * part, a Wreck in play, ...), found by building on a copy of the shop at the season's best.
 */
function simulatedBuild(
  pack: ImPack,
  v: ReceiptView,
  c: Campaign,
  cmd: Extract<ImCommand, { kind: 'build' }>,
): string | null {
  const copy = structuredClone(c)
  if (v.incomeFirst) {
    copy.funds += bestIncome(pack, c)
    for (const p of copy.personae) if (p.where === 'contract') p.where = 'shop'
  }
  return build(view(pack), copy, cmd)
}

const contractExpertise = (pack: ImPack, c: Campaign) =>
  c.personae.filter((p) => p.where === 'contract').reduce((a, p) => a + pack.personae.get(p.id)!.expertise, 0)

const FAMILIES = [/Engine$/, /Prow$|^prow$/, /Stern$|^stern$/, /Spar$|^towCord$|^diver$/]

/** Parts that do the same work as this one: the engines, the prows, the sterns, the conveyances. */
function sameFamily(pack: ImPack, id: string): string[] {
  const kind = pack.components.get(id)!.kind
  const family = FAMILIES.find((f) => f.test(kind))
  return [...pack.components.values()]
    .filter((p) => p.id !== id && (family ? family.test(p.kind) : p.kind === kind))
    .map((p) => p.id)
}

/** The most this season's Income and Fortunes of War can add (p.44-46). */
function bestIncome(pack: ImPack, c: Campaign): number {
  const ctx = view(pack)
  const loc = locationOf(ctx, c.location)
  let sum = loc.earnings[seasonIndex(c.season)]! + c.contracts.reduce((a, k) => a + k.pay, 0)
  if (c.season === 'winter')
    sum +=
      c.prizes +
      investors(ctx, c)
        .filter((i) => i.where !== 'sickBay')
        .reduce((a, i) => a + (pack.personae.get(i.id)!.infusion ?? 0), 0)
  const blockade = c.side === 'USA' && !!loc.blockade
  const row = pack.campaign.fortunes.find((f) => f.season === c.season && !!f.blockade === blockade)
  const gains = (row?.rolls ?? []).map(([, r]) => (r.startsWith('funds+') ? Number(r.slice(6)) || 0 : 0))
  return sum + Math.max(0, ...gains)
}

/** The launch positions a Mission may start from: the board of the shop's location, the player's side (p.56). */
export function launchPositions(pack: ImPack, c: Campaign): { board: string; ids: string[] } {
  const board = locationOf(view(pack), c.location).board
  const ids = (pack.boards.get(board)?.positions ?? []).filter((p) => p.launch?.includes(c.side)).map((p) => p.id)
  return { board, ids }
}

function missionError(
  pack: ImPack,
  v: ReceiptView,
  cmd: Extract<ImCommand, { kind: 'mission' }>,
  settled: boolean,
): string | null {
  const c = v.campaign
  if (!c || !settled) return null
  const lacking = unseaworthy(pack, c)
  if (lacking) return `the fishboat is not seaworthy: ${lacking} (p.56); BUILD it first`
  if (!cmd.training && c.side === 'CSA' && !c.marque)
    return 'a mission other than training needs a Letter of Marque: MISSION TRAINING, or LETTER MARQUE PAY <n> first'
  const { board, ids } = launchPositions(pack, c)
  if (!ids.includes(cmd.launch))
    return `${cmd.launch} is not a launch position of the ${board} board; its launch positions: ${ids.join(', ') || 'none'}`
  const off = cmd.crew.find(([, at]) => at >= c.boat.tiles.length)
  if (off)
    return `${off[0]}@${off[1]}: there is no tile ${off[1]}; the boat's tiles are ${tileList(c.boat.tiles) || 'none'}`
  const home = (where: string) => where === 'shop' || (v.incomeFirst && where === 'contract')
  const away = cmd.crew.find(([id]) => !c.personae.some((p) => p.id === id && home(p.where)))
  if (away)
    return `${away[0]} is not in the shop; the crew may be ${
      c.personae
        .filter((p) => p.where === 'shop')
        .map((p) => p.id)
        .join(', ') || 'no one'
    }`
  const landsman = c.navyOnly && cmd.crew.find(([id]) => !sailor(pack, c, id))
  if (landsman)
    return `${landsman[0]} is no Sailor, and Navy only takes Sailors alone (p.42); Sailors in the shop: ${
      c.personae
        .filter((p) => p.where === 'shop' && sailor(pack, c, p.id))
        .map((p) => p.id)
        .join(', ') || 'none'
    } (RECRUIT MILITARY <persona> makes one, p.60)`
  return null
}

/** What the boat lacks to be seaworthy (p.52, p.56), or null. */
function unseaworthy(pack: ImPack, c: Campaign): string | null {
  const kinds = [...c.boat.tiles, ...c.boat.parts.map(([id]) => id)].map(
    (id) => pack.components.get(id)!.kind as string,
  )
  const missing = (['prow', 'stern', 'steeringLink', 'propeller'] as const).filter((k) => !kinds.includes(k))
  const hatch = kinds.includes('hatch')
  const boiler = kinds.includes('boilerEngine')
  const parts = [
    ...missing.map((k) => `no ${k}`),
    ...(hatch === boiler ? [hatch ? 'a hatch and a boiler engine both' : 'neither a hatch nor a boiler engine'] : []),
  ]
  return parts.length ? parts.join(', ') : null
}

function letterError(pack: ImPack, cmd: Extract<ImCommand, { kind: 'letter' }>): string | null {
  const table = cmd.letter === 'marque' ? pack.campaign.letterOfMarque : pack.campaign.letterOfRecruitment
  return table.some((r) => r.paid === cmd.paid) ? null : `pay one of ${table.map((r) => `$${r.paid}`).join(', ')}`
}
