// The Navigation Phase (Rule Book p.25-30): the maneuver (elevation and move), the Navigation card
// drawn face down and seen whole before the crank is chosen, then the card's effects on the
// temporary power grade, the Navigation Table cell, the lower register and the Drift Table.
import { MODERATOR } from '../contract.ts'
import { discard, draw } from '../kit/deck.ts'
import { engineOf, hasPart, incapacitatedSpaces, partFor } from './boat.ts'
import { deadInWater, malfunctionState, operable } from './malfunction.ts'
import { placeFatigue, placePanic } from './markers.ts'
import { enemyEyes, type Mission, moveTo, neighbours, positionOf, shiftGrade } from './mission.ts'
import type { LowerEffect, NavResult, TableNavCard } from './missionPack.ts'
import { drift, groundOrLost } from './drift.ts'
import { type Ctx, loseBoat, note } from './sortie.ts'
import { type Crank, type Elevation, elevationIndex, type Grade, GRADES } from './terms.ts'

export interface Maneuver {
  /** Change of elevation: -1 up, +1 down (one level a turn, p.25). */
  elevation?: -1 | 0 | 1
  /** An adjacent position to move to. */
  to?: string
}

export interface NavChoices {
  /** After seeing the whole card (p.26); only Easy without an operated, operable engine. */
  crank(card: TableNavCard, outcomes: Record<Crank, { grade: Grade; result: NavResult }>, m: Mission): Crank
  /** A boiler boat's Lost turned into Drift for 2 Black or 4 Red (p.28; R17 automatic: yes). */
  boilerSave(): 'black' | 'red' | null
}

export const steerer = (m: Mission) => m.boat.crew.find((c) => c.order?.kind === 'steer')
const operated = (m: Mission, kind: string) =>
  m.boat.crew.some((c) => c.order?.kind === 'mech' && c.order.mechanism === kind)

/**
 * Dead in the Water (p.21, p.25): a malfunction that stops the boat, or an engine boat whose engine
 * is not operated or is inoperable. No move, no Dive Planes, no Target Check, grade E.
 */
export function noPropulsion(ctx: Ctx, m: Mission): boolean {
  const engine = engineOf(m.boat)
  return deadInWater(ctx, m.boat) || (!!engine && !(operated(m, engine.kind) && operable(ctx, engine)))
}

/** Which elevation changes the boat's mechanisms allow this turn (p.24-25). */
export function elevationAllowed(ctx: Ctx, m: Mission, to: Elevation): boolean {
  const from = m.boat.elevation
  if (Math.abs(to - from) !== 1 || engineOf(m.boat)?.kind === 'boilerEngine') return false
  const ballast = operated(m, 'ballastTank') && operable(ctx, partFor(m.boat, 'ballastTank'))
  const level = hasPart(m.boat, 'levelTank')
  const planes = operated(m, 'divePlanes') && operable(ctx, partFor(m.boat, 'divePlanes')) && !noPropulsion(ctx, m)
  const pair = [Math.min(from, to), Math.max(from, to)].join('-')
  if (pair === '0-1') return ballast
  if (pair === '1-2' && ballast && level) return true
  return planes && Math.min(from, to) >= 1
}

/** Step 1, Maneuver (p.25): elevation first, then an optional move over a connector. */
export function maneuver(ctx: Ctx, m: Mission, plan: Maneuver): void {
  m.movedThisTurn = false
  m.cameFrom = undefined
  if (plan.elevation) {
    const to = (m.boat.elevation + plan.elevation) as Elevation
    if (!elevationAllowed(ctx, m, to)) throw new Error(`elevation change to ${to} is not allowed now`)
    const bottom = elevationIndex(positionOf(ctx, m).bottom)
    // The boat is never deeper than the bottom: past it, it grounds there (p.15, p.29).
    m.boat.elevation = Math.min(to, bottom) as Elevation
    note(ctx, 'p.25', `elevation to ${['surface', 'awash', 'below shallow', 'below deep', 'below deeper'][to]}`)
    if (to > bottom) groundOrLost(ctx, m)
  }
  if (plan.to && !m.lost) {
    if (!steerer(m)) throw new Error('a move needs the Steering order')
    if (noPropulsion(ctx, m)) throw new Error('dead in the water: no propulsion, the boat cannot move')
    if (!neighbours(ctx, m).includes(plan.to)) throw new Error(`${plan.to} is not next to ${m.position}`)
    const here = positionOf(ctx, m)
    if (
      here.obstruction &&
      here.obstruction !== m.side &&
      !m.passages.includes(m.position) &&
      plan.to !== m.enteredFrom
    )
      throw new Error('an enemy obstruction: only back the way the boat came, unless passage is located')
    if (m.noEnemyWaters && enemyEyes(ctx, m, plan.to))
      throw new Error(`${plan.to} is under Enemy Eyes: not on this mission`)
    moveTo(ctx, m, plan.to)
  }
  if (m.boat.elevation >= 2) m.reachedBelowShallow = true
}

/** Right shifts of the temporary grade from malfunctions, incapacitated spaces and Nav arrows (p.28). */
export function standingShifts(ctx: Ctx, m: Mission): { right: number; forceE: boolean } {
  let right = 0
  let forceE = false
  for (const p of m.boat.parts) {
    const e = malfunctionState(ctx, p)
    right += e.gradeRight ?? 0
    forceE ||= !!e.gradeE
  }
  if (!engineOf(m.boat)) right += incapacitatedSpaces(m.boat).length
  right += positionOf(ctx, m).navArrows ?? 0
  return { right, forceE }
}

function lowerApplies(ctx: Ctx, m: Mission, e: LowerEffect): boolean {
  const snorkelOk = operable(ctx, partFor(m.boat, 'snorkel'))
  if (e.minElevation && m.boat.elevation < elevationIndex(e.minElevation)) return false
  if (e.maxElevation && m.boat.elevation > elevationIndex(e.maxElevation)) return false
  if (e.noSnorkel && snorkelOk) return false
  if (e.snorkel && !snorkelOk) return false
  if (e.drift && !e.drift.includes(m.drift)) return false
  return true
}

const CRANK_LEFT: Record<Crank, number> = { easy: 0, full: 1, strain: 2 }

/** What each crank would give with this card: the temporary grade and the table cell (R5). */
export function navOutcomes(ctx: Ctx, m: Mission, card: TableNavCard) {
  const lower = ctx.pack.mission.lowerRegister.find((l) => l.id === card.lower)
  const lowerRight = (lower?.effects ?? [])
    .filter((e) => lowerApplies(ctx, m, e))
    .reduce((a, e) => a + (e.gradeRight ?? 0), 0)
  const { right, forceE: malfunctionE } = standingShifts(ctx, m)
  const forceE = malfunctionE || noPropulsion(ctx, m)
  const withDrift = m.movedThisTurn && positionOf(ctx, m, m.cameFrom)[m.driftDirection] === m.position
  const row = withDrift ? card.with : card.notWith
  const out = {} as Record<Crank, { grade: Grade; result: NavResult }>
  for (const crank of ['easy', 'full', 'strain'] as const) {
    const grade = forceE ? 'E' : shiftGrade(m.baseGrade, right + lowerRight - CRANK_LEFT[crank])
    out[crank] = { grade, result: row[GRADES.indexOf(grade)]! }
  }
  return { out, withDrift, lower }
}

/** Steps 2 and 3 (p.26-30). */
export function navigate(ctx: Ctx, m: Mission, choices: NavChoices): void {
  const drawn = draw(m.navDeck, 1, ctx.dice, 'navigation deck', MODERATOR)
  const id = drawn.cards[0]!
  m.navDeck = discard(drawn.deck, [id])
  const card = ctx.pack.mission.navCards.find((c) => c.id === id)!
  if ('slackWater' in card) {
    m.driftDirection = m.driftDirection === 'ebb' ? 'flood' : 'ebb'
    m.lastCrank = 'easy'
    note(ctx, 'p.27', `Navigation card: Slack Water, the drift turns to ${m.driftDirection}`)
    return
  }
  const { out, withDrift, lower } = navOutcomes(ctx, m, card)
  const engine = engineOf(m.boat)
  const mayCrank = !engine || (operated(m, engine.kind) && operable(ctx, engine))
  const crank = mayCrank ? choices.crank(card, out, m) : 'easy'
  m.lastCrank = crank
  const { grade, result } = out[crank]
  note(
    ctx,
    'p.28',
    `Navigation card ${card.id}: crank ${crank}, grade ${grade}, row ${withDrift ? 'with' : 'not with'} the drift: ${result === '-' ? 'no effect' : result}`,
  )
  let panic = 0
  let fatigue = crank === 'full' ? 1 : crank === 'strain' ? 2 : 0
  for (const e of lower?.effects ?? [])
    if (lowerApplies(ctx, m, e)) {
      panic += e.panic ?? 0
      fatigue += e.fatigue ?? 0
    }
  cellResult(ctx, m, result, choices)
  // Fatigue and Panic of the card wait for the end of Step 3 (p.28).
  if (!m.lost && fatigue) apply(ctx, m, placeFatigue(ctx.pack, m.boat, fatigue))
  if (!m.lost && panic) apply(ctx, m, placePanic(ctx.pack, m.boat, panic))
}

function apply(ctx: Ctx, m: Mission, placed: ReturnType<typeof placePanic>): void {
  m.boat = placed.boat
  note(ctx, 'p.22', placed.notes.join('; '))
  if (placed.allPanicked) loseBoat(ctx, m, 'p.22', 'every crewman panicked')
}

function cellResult(ctx: Ctx, m: Mission, result: NavResult, choices: NavChoices): void {
  if (result === 'red') m.pool.red++
  else if (result === 'panic') apply(ctx, m, placePanic(ctx.pack, m.boat, 1))
  else if (result === 'drift') drift(ctx, m)
  else if (result === 'lost') {
    const save = engineOf(m.boat)?.kind === 'boilerEngine' ? choices.boilerSave() : null
    const cost = save === 'black' ? ctx.pack.mission.boilerSave.black : ctx.pack.mission.boilerSave.red
    if (save && m.pool[save] >= cost) {
      m.pool[save] -= cost
      note(ctx, 'p.28', `the boiler saves the boat: ${cost} ${save} cubes recycled, Drift instead of Lost`)
      drift(ctx, m)
    } else loseBoat(ctx, m, 'p.28', 'the Navigation card says Lost')
  }
}

/** The cost the automatic crank weighs: the card's result, and Fatigue that would turn into Panic. */
const RESULT_COST: Record<NavResult, number> = { '-': 0, red: 1, panic: 3, drift: 4, lost: 100 }

/**
 * The automatic NAVCRANK (digest R5): the crank whose result and Fatigue cost least. Fatigue is cheap
 * while unfatigued crewmen remain (or an engine takes it) and costs a Panic once none do.
 */
export const AUTO_NAV: NavChoices = {
  crank(_card, out, m) {
    const fresh = engineOf(m.boat) ? 99 : m.boat.crew.filter((c) => !c.fatigue).length
    const cost = (c: Crank) => {
      const fatigue = CRANK_LEFT[c]
      const panics = Math.max(0, fatigue - fresh)
      return RESULT_COST[out[c].result] + (fatigue - panics) * 0.5 + panics * 3
    }
    return (['easy', 'full', 'strain'] as const).reduce((best, c) => (cost(c) < cost(best) ? c : best), 'easy' as Crank)
  },
  boilerSave: () => 'red',
}

const LEVEL_NAMES: Record<string, string> = {
  surface: 'surface',
  awash: 'awash',
  belowShallow: 'below shallow',
  belowDeep: 'below deep',
  belowDeeper: 'below deeper',
}

/** One lower-register line in words: when it applies and what it does (p.26, p.28). */
function lowerText(e: LowerEffect): string {
  const when = [
    e.minElevation ? `${LEVEL_NAMES[e.minElevation]} or deeper` : '',
    e.maxElevation ? `${LEVEL_NAMES[e.maxElevation]} or higher` : '',
    e.noSnorkel ? 'no working snorkel' : '',
    e.snorkel ? 'a working snorkel' : '',
    e.drift ? `drift ${e.drift.join(' or ')}` : '',
  ].filter(Boolean)
  const what = [
    e.panic ? `${e.panic} Panic` : '',
    e.fatigue ? `${e.fatigue} Fatigue` : '',
    e.gradeRight ? `grade ${e.gradeRight} right` : '',
  ].filter(Boolean)
  return `${when.length ? `${when.join(', ')}: ` : ''}${what.join(', ') || 'no effect'}`
}

/** The whole Navigation card as the player sees it before cranking (p.26): both rows and the lower register. */
export function navCardText(ctx: Ctx, card: TableNavCard): string {
  const row = (r: readonly NavResult[]) => r.map((x, i) => `${GRADES[i]} ${x}`).join(', ')
  const lower = ctx.pack.mission.lowerRegister.find((l) => l.id === card.lower)
  const register = lower?.effects.length ? lower.effects.map(lowerText).join('; ') : 'none'
  return `with the drift: ${row(card.with)}; not with: ${row(card.notWith)}; lower register: ${register}`
}
