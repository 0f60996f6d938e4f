// The Mission level's state and set-up (Rule Book p.15-21): the fishboat on a Mission Board with its
// decks, nautical conditions, Rally markers and base power grade; a mission is a Sortie plus these.
import { MODERATOR } from '../contract.ts'
import { type Deck, newDeck } from '../kit/deck.ts'
import { componentOf, engineOf, personaOf } from './boat.ts'
import type { MissionBoard, Position, SeasonBox } from './boardsPack.ts'
import { d10Result } from './campaignPack.ts'
import { type Ctx, d10, type FogCell, loseBoat, note, type Sortie } from './sortie.ts'
import { type Crank, type Grade, GRADES, type Season, type Side } from './terms.ts'

export type MissionType = 'training' | 'ship' | 'spy' | 'delivery' | 'dock' | 'bridge' | 'obstruction'

export interface Mission extends Sortie {
  season: Season
  type: MissionType
  launch: string
  turn: number
  navDeck: Deck<string>
  discoveryDeck: Deck<string>
  rally: number
  baseGrade: Grade
  /** The crank of the last Navigation Phase (Morale Boost, Fresh Air, repair kind R6). */
  lastCrank: Crank
  /** The position the boat came from this turn (obstructions, p.25) and whether it moved. */
  cameFrom?: string
  /** The position the boat last entered its present one from: the way back out of an obstruction (p.25). */
  enteredFrom?: string
  movedThisTurn: boolean
  passages: string[]
  /** For the Training Level check at Recovery (p.43). */
  farthest: number
  reachedBelowShallow: boolean
  detonatedOnce: boolean
  /** Target results of the mission: marker id and B or S. */
  results: { target: string; result: 'B' | 'S' | 'miss' | 'spotted' | 'fog'; fogCell?: FogCell }[]
  ended?: 'home' | 'lost' | 'abandoned'
  /** Extra strength from a Training Benefit (p.19). */
  benefitStrength: number
  /** Training missions and an uncommissioned USA boat stay out of Enemy Eyes (p.51, p.56). */
  noEnemyWaters?: boolean
  /** Skills a Training Benefit added for this mission (p.19; Operator read as Mechanical, IM-26). */
  extraSkills?: Record<string, string[]>
  /** The last attack run's board, for the report's picture. */
  lastTactical?: import('./sortie.ts').TacticalState
}

export const boardOf = (ctx: Ctx, id: string): MissionBoard => {
  const b = ctx.pack.boards.get(id)
  if (!b) throw new Error(`unknown board ${id}`)
  return b
}
export const positionOf = (ctx: Ctx, m: Sortie, id = m.position): Position => {
  const p = boardOf(ctx, m.board).positions.find((x) => x.id === id)
  if (!p) throw new Error(`unknown position ${id} on ${m.board}`)
  return p
}
export const enemyOf = (side: Side): Side => (side === 'CSA' ? 'USA' : 'CSA')
/** The Enemy Eyes that matter: the other side's icon (p.10). */
export const enemyEyes = (ctx: Ctx, m: Sortie, id = m.position) => positionOf(ctx, m, id).enemyEyes?.[enemyOf(m.side)]
export const neighbours = (ctx: Ctx, m: Sortie, id = m.position): string[] =>
  boardOf(ctx, m.board).connections.flatMap((c) => (c.from === id ? [c.to] : c.to === id ? [c.from] : []))

/** Steps from the launch position over the connections (the TL distance, ruling IM-32). */
export function distanceFrom(ctx: Ctx, m: Sortie, from: string, to: string): number {
  const seen = new Map([[from, 0]])
  const queue = [from]
  while (queue.length) {
    const at = queue.shift()!
    for (const n of neighbours(ctx, m, at))
      if (!seen.has(n)) {
        seen.set(n, seen.get(at)! + 1)
        queue.push(n)
      }
  }
  return seen.get(to) ?? Number.POSITIVE_INFINITY
}

/** Base power grade (p.20-21): the engine's, or crew strength against the boat's weight. */
export function basePowerGrade(ctx: Ctx, m: Pick<Sortie, 'boat'>, extraStrength = 0): Grade {
  const engine = engineOf(m.boat)
  if (engine) return ctx.pack.mission.engineGrade.find((e) => e.engine === engine.kind)!.grade
  const strength = m.boat.crew.reduce((a, c) => a + personaOf(ctx.pack, c).strength, 0) + extraStrength
  const weight =
    m.boat.tiles.reduce((a, t) => a + componentOf(ctx.pack, t).weight, 0) +
    m.boat.parts.reduce((a, p) => a + componentOf(ctx.pack, p.component).weight, 0)
  const g = ctx.pack.mission.powerGrade
  if (strength >= g.aTimes * weight) return 'A'
  if (strength >= g.bTimes * weight) return 'B'
  return strength > weight ? 'C' : strength === weight ? 'D' : 'E'
}

export const shiftGrade = (g: Grade, right: number): Grade =>
  GRADES[Math.max(0, Math.min(4, GRADES.indexOf(g) + right))]!

/** The set-up conditions a player may shift; 'direction' is the tidal boards' drift direction (p.17). */
export type ShiftCondition = 'visibility' | 'drift' | 'atmospherics' | 'direction'

export interface SetupChoices {
  /** After each condition's roll (p.16): shift it one step for 2 Red cubes, or keep it. */
  shift(condition: ShiftCondition, value: string): 'up' | 'down' | null
  /** After the Tow Check die, with the pool in view: how many Black cubes to recycle, +1 each (p.18). */
  quickThinking(roll: number, needed: number, black: number): number
  /** How a shift is paid: 2 Red (the default) or, in the campaign, an Action (p.16). */
  shiftPay?(condition: string): 'red' | 'action'
  /** Spends one of the season's actions; false when none is left to spend. */
  payAction?(): boolean
  /** Training Level 2+: one benefit for the mission (p.19): black, strength, operator:<id>, teamwork:<id>. */
  benefit?(m: Mission): string | null
  /** Tidal boards: place the Slack Water card at this depth of the Navigation deck for 2 Red (p.17). */
  slackDepth?(m: Mission): number | null
}

/** Shift nothing; Quick Thinking spends the fewest Black cubes that pass, none if they cannot (R7). */
export const AUTO_SETUP: SetupChoices = {
  shift: () => null,
  quickThinking: (roll, needed, black) => (needed - roll <= black && roll < needed ? needed - roll : 0),
}

/** The player's one paid shift of a condition just rolled (p.16), to the adjacent step of `steps`. */
function shiftCondition(
  ctx: Ctx,
  m: Mission,
  choices: SetupChoices,
  which: ShiftCondition,
  value: string,
  steps: readonly string[],
): string {
  const shift = steps.length ? choices.shift(which, value) : null
  if (!shift) return value
  const i = steps.indexOf(value) + (shift === 'up' ? -1 : 1)
  if (i < 0 || i >= steps.length) return value
  // Paid with 2 Red, or in the campaign with an Action when the player says so and has one left.
  const byAction = choices.shiftPay?.(which) === 'action' && !!choices.payAction?.()
  if (!byAction) m.pool.red += 2
  note(
    ctx,
    which === 'direction' ? 'p.17' : 'p.16',
    `${which} shifted to ${steps[i]} for ${byAction ? 'an Action' : '2 Red cubes'}`,
  )
  return steps[i]!
}

/** Rolls one nautical condition on the board's season box (p.16-17). */
export function rollCondition(
  ctx: Ctx,
  box: SeasonBox,
  which: 'visibility' | 'drift' | 'atmospherics',
  label: string,
): string {
  const roll = d10(ctx, label)
  const value = d10Result(box[which], roll)
  note(ctx, 'p.16', `${which}: ${roll}, ${value}`)
  return value
}

export interface MissionStart {
  side: Side
  season: Season
  board: string
  launch: string
  type: MissionType
  boat: Sortie['boat']
  pool: Sortie['pool']
  alert: number
  training: number
}

/** Mission set-up (p.15-18): cubes for crew and weapon, conditions, grade, Rally, Tow Check, the decks. */
export function setupMission(ctx: Ctx, start: MissionStart, choices: SetupChoices = AUTO_SETUP): Mission {
  const board = boardOf(ctx, start.board)
  const pool = { ...start.pool }
  for (const c of start.boat.crew) {
    const p = personaOf(ctx.pack, c)
    pool.black += p.black ?? 0
    pool.red += p.red ?? 0
  }
  const weaponRed = start.boat.parts.reduce((a, p) => a + (componentOf(ctx.pack, p.component).red ?? 0), 0)
  pool.red += weaponRed
  const m: Mission = {
    ...start,
    pool,
    boat: { ...structuredClone(start.boat), elevation: 0 },
    position: start.launch,
    visibility: 'bright',
    atmospherics: 'none',
    drift: 'calm',
    driftDirection: 'ebb',
    detected: false,
    pursuit: 0,
    turn: 0,
    navDeck: { drawPile: [], discards: [], reshuffles: 0 },
    discoveryDeck: { drawPile: [], discards: [], reshuffles: 0 },
    rally: 0,
    baseGrade: 'E',
    lastCrank: 'easy',
    movedThisTurn: false,
    passages: [],
    farthest: 0,
    reachedBelowShallow: false,
    detonatedOnce: false,
    results: [],
    benefitStrength: 0,
  }
  note(
    ctx,
    'p.15',
    `mission set-up on the ${board.name} board at ${positionOf(ctx, m).name}: Fate Pool ${pool.black} Black, ${pool.red} Red (${weaponRed} Red for the weapon)`,
  )
  rollConditions(ctx, m, board, choices)
  setupDecks(ctx, m, board, choices)
  trainingBenefit(ctx, m, choices)
  m.baseGrade = basePowerGrade(ctx, m, m.benefitStrength)
  // Spirited Leadership counts in or next to the Steering Link's space (p.21).
  const link = m.boat.parts.find((p) => p.kind === 'steeringLink')
  const spirited = m.boat.crew.filter(
    (c) => personaOf(ctx.pack, c).spirited && link && Math.abs(link.space - c.space) <= 1,
  ).length
  m.rally = ctx.pack.mission.rally.find((r) => r.training === Math.min(5, m.training))!.markers + spirited
  note(ctx, 'p.20', `base power grade ${m.baseGrade}; ${m.rally} Rally marker(s)`)
  if (positionOf(ctx, m).launchTow) towCheck(ctx, m, choices)
  return m
}

/** The nautical conditions in order (p.16-17), each with the player's one paid shift. */
function rollConditions(ctx: Ctx, m: Mission, board: MissionBoard, choices: SetupChoices): void {
  const box = board.seasons[m.season]
  const order = ['visibility', 'drift', 'atmospherics'] as const
  const lists = {
    visibility: ['bright', 'dim', 'inky'],
    drift: ['strong', 'weak', 'calm'],
    atmospherics: [] as string[],
  }
  for (const which of order) {
    const value = shiftCondition(ctx, m, choices, which, rollCondition(ctx, box, which, `setup ${which}`), lists[which])
    if (which === 'visibility') m.visibility = value as Mission['visibility']
    else if (which === 'drift') m.drift = value as Mission['drift']
    else m.atmospherics = value as Mission['atmospherics']
  }
  if (board.tidal) {
    const roll = d10(ctx, 'setup drift direction')
    note(ctx, 'p.17', `drift direction: ${roll}, ${roll <= 5 ? 'ebb' : 'flood'}`)
    // Turning the marker 180 degrees is the one shift the direction allows (p.17).
    m.driftDirection = shiftCondition(ctx, m, choices, 'direction', roll <= 5 ? 'ebb' : 'flood', [
      'ebb',
      'flood',
    ]) as Mission['driftDirection']
  }
}

/** The Navigation and Discovery decks, and the Slack Water card placed for 2 Red if the player says (p.17). */
function setupDecks(ctx: Ctx, m: Mission, board: MissionBoard, choices: SetupChoices): void {
  const navCards = ctx.pack.mission.navCards.filter((c) => board.tidal || !('slackWater' in c)).map((c) => c.id)
  m.navDeck = newDeck(navCards, ctx.dice, 'navigation deck', MODERATOR)
  m.discoveryDeck = newDeck(
    ctx.pack.mission.discoveryCards.map((c) => c.id),
    ctx.dice,
    'discovery deck',
    MODERATOR,
  )
  const depth = board.tidal ? choices.slackDepth?.(m) : null
  if (depth) {
    // Placed without looking at the other cards: only its own place changes.
    const rest = m.navDeck.drawPile.filter((id) => id !== 'SLACK')
    rest.splice(Math.min(depth, rest.length + 1) - 1, 0, 'SLACK')
    m.navDeck = { ...m.navDeck, drawPile: rest }
    m.pool.red += 2
    note(ctx, 'p.17', `the Slack Water card is placed ${depth} deep in the Navigation deck for 2 Red cubes`)
  }
}

/** Training Level 2 or more: one benefit for the mission (p.19). */
function trainingBenefit(ctx: Ctx, m: Mission, choices: SetupChoices): void {
  const benefit = m.training >= 2 ? choices.benefit?.(m) : null
  if (benefit === 'black') m.pool.black++
  else if (benefit === 'strength') m.benefitStrength = 1
  else if (benefit?.includes(':')) {
    const [kind, id] = benefit.split(':')
    m.extraSkills = { [id!]: [kind === 'operator' ? 'mechanical' : 'teamwork'] }
  }
  if (benefit) note(ctx, 'p.19', `Training Benefit: ${benefit}`)
}

/** Tow Check (p.18): d10 against the table for drift and Training, Black cubes recycled after the roll. */
export function towCheck(ctx: Ctx, m: Mission, choices: SetupChoices): void {
  const row = ctx.pack.mission.tow.find((r) => r.training === Math.min(5, m.training))!
  const needed = row[m.drift]
  const bonus = m.boat.crew.reduce((a, c) => a + (personaOf(ctx.pack, c).towBonus ?? 0), 0)
  const roll = d10(ctx, 'tow check') + bonus
  const spend = Math.max(0, Math.min(m.pool.black, choices.quickThinking(roll, needed, m.pool.black)))
  m.pool.black -= spend
  const total = roll + spend
  note(ctx, 'p.18', `Tow Check: ${roll}${spend ? ` +${spend} Black recycled` : ''} = ${total} against ${needed}`)
  if (total < needed) loseBoat(ctx, m, 'p.18', 'the tow fails')
}

/**
 * The boat enters an adjacent position, by its own move (p.25) or by drift (p.29; ruling IM-16: a
 * drift move also takes off a Pursuit marker). No Enemy Eyes there: pursuit breaks off (p.12).
 */
export function moveTo(ctx: Ctx, m: Mission, to: string, rule = 'p.25'): void {
  m.cameFrom = m.position
  m.enteredFrom = m.position
  m.position = to
  m.movedThisTurn = true
  m.farthest = Math.max(m.farthest, distanceFrom(ctx, m, m.launch, to))
  note(ctx, rule, `the fishboat ${rule === 'p.29' ? 'drifts' : 'moves'} to ${positionOf(ctx, m).name}`)
  if (m.pursuit) {
    m.pursuit--
    note(ctx, 'p.12', `Pursuit reduced to ${m.pursuit} by the move`)
  }
  if (!enemyEyes(ctx, m) && (m.pursuit || m.detected)) {
    m.pursuit = 0
    m.detected = false
    note(ctx, 'p.12', 'no Enemy Eyes here: pursuit breaks off, the fishboat is undetected')
  }
}
