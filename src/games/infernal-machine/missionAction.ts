// The Mission action (Rule Book p.56-59): its conditions, the mission type, the mission itself,
// then Recovery (training, cubes, Repair Checks, crew home, prize) or the Wreck sequence.
import { PUBLIC } from '../contract.ts'
import { buildBoat } from './boat.ts'
import { d10Result } from './campaignPack.ts'
import { type Campaign, investors, locationOf, pay, sailor, seasonKey } from './campaign.ts'
import { advancementCheck } from './almanac.ts'
import { escapeCrew } from './escape.ts'
import { deferFog } from './fogOfWar.ts'
import {
  AUTO_SETUP,
  enemyEyes,
  type Mission,
  type MissionType,
  positionOf,
  type SetupChoices,
  setupMission,
} from './mission.ts'
import { type MissionChoices, runMission } from './missionTurn.ts'
import { recruitFrom, seaworthy, shopExpertise } from './shopActions.ts'
import { type Ctx, d10, note } from './sortie.ts'

export interface MissionOrder {
  training: boolean
  launch: string
  /** Persona id and the tile index he sits in. */
  crew: [string, number][]
}

const WEAPON = ['longSpar', 'shortSpar', 'towCord', 'diver', 'charge']
const ARMED: MissionType[] = ['ship', 'dock', 'bridge', 'obstruction']

/** The mission type (p.56-57): training when chosen, else the Almanac's table for the year and board. */
export function missionType(ctx: Ctx, c: Campaign, training: boolean): MissionType {
  const board = locationOf(ctx, c.location).board
  if (training || board === 'training' || (c.side === 'USA' && !c.commissioned)) return 'training'
  const tables = ctx.pack.campaign.missionTypes.filter((t) => t.side === c.side && t.board === board)
  const table = tables.find((t) => t.year === c.year) ?? tables.find((t) => t.year === 0)
  if (!table) return 'training'
  return d10Result(table.rolls, d10(ctx, `${seasonKey(c.year, c.season)} mission type`)) as MissionType
}

/** The Mission action's conditions and set-up (p.56): the mission, or why it cannot be flown. */
export function startMission(
  ctx: Ctx,
  c: Campaign,
  order: MissionOrder,
  setup: SetupChoices = AUTO_SETUP,
): Mission | string {
  if (c.wreck) return 'a Wreck is in play'
  if (!seaworthy(ctx, c)) return 'the fishboat is not seaworthy'
  const board = locationOf(ctx, c.location).board
  if (!order.training && c.side === 'CSA' && !c.marque)
    return 'a Letter of Marque is needed for a mission other than training'
  const crewOk = order.crew.every(([id]) => c.personae.some((p) => p.id === id && p.where === 'shop'))
  if (!crewOk || !order.crew.length) return 'the crew must be personae in the shop'
  if (c.navyOnly && order.crew.some(([id]) => !sailor(ctx.pack, c, id))) return 'Navy only: Sailors only'
  if (!ctx.pack.boards.get(board)!.positions.some((p) => p.id === order.launch && p.launch?.includes(c.side)))
    return `${order.launch} is not a launch position of the ${board} board`
  const crowded = crewOverflow(ctx, c, order.crew)
  if (crowded) return crowded
  const type = missionType(ctx, c, order.training)
  const parts = c.boat.parts.filter(
    ([id]) => ARMED.includes(type) || !WEAPON.includes(ctx.pack.components.get(id)!.kind),
  )
  const boat = buildBoat(ctx.pack, c.boat.tiles, parts, order.crew)
  note(ctx, 'p.56', `Mission: ${type} on the ${board} board from ${order.launch}`)
  for (const p of c.personae) if (order.crew.some(([id]) => id === p.id)) p.where = 'contract'
  const m = setupMission(
    ctx,
    {
      side: c.side,
      season: c.season,
      board,
      launch: order.launch,
      type,
      boat,
      pool: { ...c.pool },
      alert: c.alert,
      training: c.training,
    },
    setup,
  )
  m.noEnemyWaters = type === 'training' || (c.side === 'USA' && !c.commissioned)
  if (c.fog) m.fog = true
  return m
}

/** Crewmen a tile holds: its crew icons, less two where an engine stands (p.19, p.47). */
export function crewOverflow(ctx: Ctx, c: Campaign, crew: [string, number][]): string | null {
  for (let space = 0; space < c.boat.tiles.length; space++) {
    const engine = c.boat.parts.some(([id, at]) => at === space && /Engine$/.test(ctx.pack.components.get(id)!.kind))
    const room = (ctx.pack.components.get(c.boat.tiles[space]!)!.crew ?? 0) - (engine ? 2 : 0)
    const placed = crew.filter(([, at]) => at === space).length
    if (placed > Math.max(0, room)) return `tile ${space} holds ${Math.max(0, room)} crewmen, ${placed} placed`
  }
  return crew.some(([, at]) => at >= c.boat.tiles.length)
    ? 'a crewman is placed on a tile the boat does not have'
    : null
}

/** After the mission: Recovery, or Escape and the Wreck sequence (p.58-59). */
export function finishMission(
  ctx: Ctx,
  c: Campaign,
  m: Mission,
  sentiment: Sentiment = () => 'red',
  leaks: readonly number[] = [],
): void {
  for (const p of c.personae)
    if (m.boat.crew.some((x) => x.id === p.id) || p.where === 'contract')
      p.where = c.contracts.some((k) => k.personae.includes(p.id)) ? 'contract' : 'shop'
  // An objective achieved before a Lost result still counts (p.58).
  const achieved = m.results.filter((r) => r.result === 'B' || r.result === 'spotted').length
  if (achieved) c.objectives = (c.objectives ?? 0) + achieved
  if (m.lost) wreck(ctx, c, m, sentiment)
  else recovery(ctx, c, m, leaks)
}

/** The whole Mission action at once (PACE MISSION): start, every turn, then the aftermath. */
export function missionAction(
  ctx: Ctx,
  c: Campaign,
  order: MissionOrder,
  choices: MissionChoices,
  sentiment?: Sentiment,
): string | null {
  const m = startMission(ctx, c, order)
  if (typeof m === 'string') return m
  if (!m.lost) runMission(ctx, m, choices)
  finishMission(ctx, c, m, sentiment)
  return null
}

/** Recovery (p.58-59). */
export function recovery(ctx: Ctx, c: Campaign, m: Mission, leaks: readonly number[] = []): void {
  const before = { ...c.pool }
  trainingCheck(ctx, c, m)
  advancementCheck(ctx, c, m.results.filter((r) => r.result === 'B' || r.result === 'spotted').length)
  // Step 2 (p.58): the pool is recycled, except the cubes a new Investor brought in Step 1.
  c.pool = { black: c.pool.black - before.black, red: c.pool.red - before.red }
  for (const part of m.boat.parts)
    for (let i = 0; i < part.malfunctions; i++) {
      const free = c.side === 'USA' && c.commissioned
      if (!free && !pay(ctx, c, ctx.pack.campaign.checks.repairCost, `Repair Check on the ${part.kind}`)) {
        // No debt for a Repair Check (p.59): unpaid, the mechanism goes with its marker.
        recyclePart(c, part)
        note(ctx, 'p.59', `no funds for the Repair Check: the ${part.kind} and its marker are recycled`)
        break
      }
      // Mastery (p.59): a shop of expertise 15+ rolls two dice and keeps an even one if it can.
      const first = d10(ctx, `repair check ${part.kind} ${i + 1}`)
      const mastery = shopExpertise(ctx, c) >= ctx.pack.campaign.checks.masteryExpertise
      const second = mastery ? d10(ctx, `repair check ${part.kind} ${i + 1} mastery`) : first
      const roll = first % 2 === 0 ? first : second
      if (roll % 2 === 1) {
        recyclePart(c, part)
        note(ctx, 'p.59', `Repair Check ${roll}: the ${part.kind} is beyond repair`)
        break
      }
      note(ctx, 'p.59', `Repair Check ${roll}: a Malfunction marker off the ${part.kind}`)
    }
  leakTileLoss(ctx, c, m.boat.leaks, leaks)
  for (const cr of m.boat.crew) {
    const p = c.personae.find((x) => x.id === cr.id)
    if (p) p.where = cr.fatigue && cr.panic ? 'sickBay' : 'shop'
  }
  recordPrizes(ctx, c, m)
  deferFog(c, m, true)
}

/** Takes this one part off the shop's boat (another of the same kind stays). */
function recyclePart(c: Campaign, part: { component: string; space: number }): void {
  const i = c.boat.parts.findIndex(([id, space]) => id === part.component && space === part.space)
  const at = i >= 0 ? i : c.boat.parts.findIndex(([id]) => id === part.component)
  if (at >= 0) c.boat.parts = c.boat.parts.filter((_, k) => k !== at)
}

/**
 * Leaks at Recovery (p.59, R28): each leak recycles a boat tile of the player's choice, as LEAKS names
 * them by their numbers at launch, first choice first; a tile named that is gone, or none named, leaves
 * the automatic choice: the last Section (the cheapest), else the stern. The boat stays a straight
 * line (IM-23): parts on later tiles move down with their tiles, and the recycled tile's parts stay
 * aboard on the tile before it, or on the next one for the prow (ruling IM-58).
 */
export function leakTileLoss(ctx: Ctx, c: Campaign, leaks: number, prefer: readonly number[] = []): void {
  // The launch number of each tile still aboard, in order.
  let numbers = c.boat.tiles.map((_, k) => k)
  for (let i = 0; i < leaks && c.boat.tiles.length > 1; i++) {
    const tiles = c.boat.tiles
    const chosen = prefer.map((n) => numbers.indexOf(n)).find((k) => k >= 0)
    const sections = tiles.map((t, k) => (ctx.pack.components.get(t)?.kind === 'section' ? k : -1))
    const section = Math.max(...sections)
    const at = chosen ?? (section > 0 ? section : tiles.length - 1)
    const tile = tiles[at]!
    c.boat.tiles = tiles.filter((_, k) => k !== at)
    c.boat.parts = c.boat.parts.map(
      ([id, space]) => [id, space > at || (space === at && at > 0) ? space - 1 : space] as [string, number],
    )
    const how = chosen === undefined ? '' : `, LEAKS ${numbers[at]}`
    note(
      ctx,
      'p.59',
      `a leak recycles the ${tile} tile (tile ${at}${how}); its parts stay aboard on tile ${Math.max(0, at - 1)}`,
    )
    numbers = numbers.filter((_, k) => k !== at)
  }
}

/** Big Holes earn the Almanac's prize next Winter, if a crewman came home uncaptured (Alm, digest B14). */
function recordPrizes(ctx: Ctx, c: Campaign, m: Mission): void {
  for (const r of m.results.filter((x) => x.result === 'B')) awardPrize(ctx, c, r.target)
}

export function awardPrize(ctx: Ctx, c: Campaign, target: string): void {
  const kind = ctx.pack.tactical.targets.find((t) => t.id === target)!.kind
  const prize = ctx.pack.campaign.prizes.find((p) => p.side === c.side && p.kind === kind)?.prize ?? 0
  c.prizes += prize
  c.ledger.push(`${seasonKey(c.year, c.season)}: objective ${target} sunk, prize $${prize} next Winter`)
}

/** Training Level check at Recovery (p.43-44): at most +1, maybe a new investor. */
export function trainingCheck(ctx: Ctx, c: Campaign, m: Mission): void {
  const rule = ctx.pack.mission.trainingImprovement.find((r) => r.from === c.training)
  if (!rule) return
  const hatchBoat = m.boat.parts.some((p) => p.kind === 'hatch') && !m.boat.parts.some((p) => p.kind === 'boilerEngine')
  const ok =
    m.farthest >= rule.distance &&
    m.position === m.launch &&
    (!hatchBoat || m.reachedBelowShallow) &&
    m.pool.black > m.pool.red &&
    (!rule.weapon || m.boat.parts.some((p) => p.kind === 'charge') || m.detonatedOnce) &&
    (!rule.detonated || m.detonatedOnce)
  if (!ok) return
  c.training++
  note(ctx, 'p.43', `Training Level rises to ${c.training}`)
  const r = rule.investorRatio
  const ratioOk = r > 0 && (m.pool.red === 0 ? m.pool.black >= r : m.pool.black >= r * m.pool.red)
  if (ratioOk && c.funds >= rule.investorFunds && !(c.side === 'USA' && c.commissioned) && investors(ctx, c).length < 3)
    recruitFrom(ctx, c, 'investor', 1, () => true)
}

/** The Wreck sequence (p.59) after Escape (p.13). */
/** The player's answer to an odd Investor Sentiment roll (R27, p.59). */
export type Sentiment = () => 'red' | 'investor'

export function wreck(ctx: Ctx, c: Campaign, m: Mission, sentiment: Sentiment = () => 'red'): void {
  c.lost++
  const pos = positionOf(ctx, m)
  const eyes = { enemy: !!enemyEyes(ctx, m), friendly: !!pos.friendlyEyes }
  const out = escapeCrew(ctx, m, eyes)
  const survivors = out.home.length + out.sickBay.length > 0
  if (survivors) recordPrizes(ctx, c, m)
  deferFog(c, m, survivors)
  c.personae = c.personae.filter((p) => !out.dead.includes(p.id) && !out.captured.includes(p.id))
  for (const p of c.personae) if (out.sickBay.includes(p.id)) p.where = 'sickBay'
  c.wreck = !eyes.enemy
  if (!c.wreck) c.boat = { tiles: [], parts: [] }
  note(ctx, 'p.59', c.wreck ? 'a Wreck marker: the parts wait for Salvage' : 'no Wreck: every part of the boat is lost')
  c.pool = { black: 0, red: 0 }
  const funders = investors(ctx, c)
  if (!funders.length) return
  const roll = d10(ctx, 'investor sentiment')
  // Odd: 2 Red, or one investor drawn at random is recycled (the player's SENTIMENT, or asked).
  if (roll % 2 === 1 && sentiment() === 'investor') {
    const i = funders.length === 1 ? 0 : ctx.dice.roll('investor sentiment: who leaves', funders.length, PUBLIC) - 1
    const gone = funders[i]!.id
    c.personae = c.personae.filter((p) => p.id !== gone)
    c.decks.investor = { ...c.decks.investor, discards: [...c.decks.investor.discards, gone] }
    note(ctx, 'p.59', `Investor sentiment ${roll}: ${ctx.pack.personae.get(gone)!.name} withdraws (recycled)`)
    return
  }
  c.pool.red += roll % 2 === 0 ? 1 : 2
  note(ctx, 'p.59', `Investor sentiment ${roll}: ${roll % 2 === 0 ? 1 : 2} Red cube(s)`)
}
