// The Discovery Phase (Rule Book p.34-38): a Discovery card drawn face down; its text may change a
// nautical condition or cause a malfunction; a Detection Check under Enemy Eyes; then an optional
// Target Check that can start the attack run (the Tactical Sequence) or locate a passage.
import { MODERATOR } from '../contract.ts'
import { discard, draw } from '../kit/deck.ts'
import { chargeOf, conveyanceOf, partFor } from './boat.ts'
import { detectionCheck } from './detection.ts'
import { malfunction, panelEntry, randomMalfunction } from './malfunction.ts'
import { boardOf, enemyEyes, enemyOf, type Mission, positionOf, rollCondition } from './mission.ts'
import type { DiscoveryCard } from './missionPack.ts'
import { noPropulsion, steerer } from './navigation.ts'
import { enemyResponse } from './response.ts'
import { type Ctx, d10, note } from './sortie.ts'
import { runTactical, type TacticalChoices, targetOf } from './tactical.ts'
import { MECHANISMS, type Mechanism } from './terms.ts'

export interface DiscoveryChoices extends TacticalChoices {
  /**
   * Which target icons to check, in order; or 'passage' to Locate Passage instead (p.36-37), which
   * is offered (`mayLocate`) in an enemy obstruction whose passage is not yet located.
   */
  targetChecks(m: Mission, eligible: readonly string[], mayLocate: boolean): string[] | 'passage'
  /** After a success: start the attack run on this target, or not (p.36). */
  attack(m: Mission, target: string): boolean
  /** A malfunction in a panicked crewman's space: which mechanism there (p.34). */
  panicSpaceMechanism(m: Mission, options: readonly Mechanism[]): Mechanism
}

const row = (e: number) => (e === 0 ? 'surface' : e === 1 ? 'awash' : 'below')
const VIS = { bright: 0, dim: 1, inky: 2 } as const

export function drawDiscovery(ctx: Ctx, m: Mission): DiscoveryCard {
  const d = draw(m.discoveryDeck, 1, ctx.dice, 'discovery deck', MODERATOR)
  const id = d.cards[0]!
  m.discoveryDeck = discard(d.deck, [id])
  return ctx.pack.mission.discoveryCards.find((c) => c.id === id)!
}

/** The card's text (p.34): a condition re-rolled (no paid shift), or a malfunction. */
export function cardText(ctx: Ctx, m: Mission, card: DiscoveryCard, choices: DiscoveryChoices): void {
  const t = card.text
  const box = boardOf(ctx, m.board).seasons[m.season]
  if (t.kind === 'atmospherics')
    m.atmospherics = rollCondition(ctx, box, 'atmospherics', 'discovery atmospherics') as Mission['atmospherics']
  else if (t.kind === 'visibility')
    m.visibility = rollCondition(ctx, box, 'visibility', 'discovery visibility') as Mission['visibility']
  else if (t.kind === 'drift') m.drift = rollCondition(ctx, box, 'drift', 'discovery drift') as Mission['drift']
  else if (t.kind === 'malf') malfunction(ctx, m, t.mechanism!, 'card')
  else if (t.kind === 'malfRandom') randomMalfunction(ctx, m, 'card', 'discovery')
  else if (t.kind === 'malfMost') {
    const most = Math.max(0, ...m.boat.parts.map((p) => p.malfunctions))
    const top = m.boat.parts.filter((p) => p.malfunctions === most && most > 0)
    if (top.length === 1) malfunction(ctx, m, mechanismOf(top[0]!.kind), 'card')
    else note(ctx, 'p.34', 'malfunction on the mechanism with the most markers: none, or a tie, so none')
  } else if (t.kind === 'malfPanicSpace') {
    const spaces = new Set(m.boat.crew.filter((c) => c.panic).map((c) => c.space))
    const options = [
      ...new Set(m.boat.parts.filter((p) => spaces.has(p.space)).map((p) => mechanismOf(p.kind))),
    ].filter((k) => panelEntry(ctx, k) && !ctx.pack.mission.cannotMalfunction.mechanisms.includes(k))
    if (options.length) malfunction(ctx, m, choices.panicSpaceMechanism(m, options), 'card')
    else note(ctx, 'p.34', "no mechanism that can malfunction in a panicked crewman's space")
  }
}

const mechanismOf = (kind: string): Mechanism =>
  /Engine$/.test(kind)
    ? 'engine'
    : ['longSpar', 'shortSpar', 'towCord', 'diver'].includes(kind)
      ? 'conveyance'
      : MECHANISMS.includes(kind as Mechanism)
        ? (kind as Mechanism)
        : 'hatch'

/** The target icons a Target Check may be made against now (p.36; unarmed boats per ruling IM-15). */
export function eligibleTargets(ctx: Ctx, m: Mission): string[] {
  const pos = positionOf(ctx, m)
  if (!steerer(m) || m.movedThisTurn || noPropulsion(ctx, m)) return []
  const conveyance = conveyanceOf(m.boat)?.kind
  const bottom = LEVELS.indexOf(pos.bottom)
  const fits =
    !conveyance ||
    (conveyance === 'diver'
      ? m.boat.elevation === bottom
      : conveyance === 'towCord'
        ? m.boat.elevation === 2
        : m.boat.elevation <= 2)
  if (!fits) return []
  return (pos.targets ?? [])
    .filter((t) => targetOf(ctx, t.marker).side === enemyOf(m.side))
    .filter((t) => conveyance !== 'diver' || (!t.dn && diverReaches(ctx, t.marker, bottom)))
    .map((t) => t.marker)
}

const LEVELS = ['surface', 'awash', 'belowShallow', 'belowDeep', 'belowDeeper']

/** A diver walks on the bottom; against a Gunboat or Sloop that bottom must be below shallow, an Ironclad awash (p.8). */
function diverReaches(ctx: Ctx, marker: string, bottom: number): boolean {
  const need = ctx.pack.tactical.diverLowest.find((d) => d.kind === targetOf(ctx, marker).kind)
  return !need || LEVELS.indexOf(need.elevation) === bottom
}

/** One Discovery Phase; `mayAttack` is false for the fresh one after an attack run (ruling IM-7). */
export function discoveryPhase(ctx: Ctx, m: Mission, choices: DiscoveryChoices, mayAttack = true): void {
  const card = drawDiscovery(ctx, m)
  note(
    ctx,
    'p.34',
    `Discovery card ${card.id}${card.text.kind === 'none' ? '' : `: ${card.text.kind}${card.text.mechanism ? ` (${card.text.mechanism})` : ''}`}`,
  )
  cardText(ctx, m, card, choices)
  if (m.lost) return
  const eyes = enemyEyes(ctx, m)
  const cell = card.table[row(m.boat.elevation)][VIS[m.visibility]]!
  if (eyes) {
    const r = detectionCheck(ctx, m, cell[0], null, `turn ${m.turn} discovery detection`, 'p.35')
    if (r === 'response')
      enemyResponse(
        ctx,
        m,
        m.boat.elevation <= 2 ? eyes[m.boat.elevation as 0 | 1 | 2] : null,
        choices,
        `turn ${m.turn} response`,
      )
  } else if (m.detected || m.pursuit) {
    m.detected = false
    m.pursuit = 0
    note(ctx, 'p.35', 'no Enemy Eyes: undetected, Pursuit removed')
  }
  if (m.lost || !mayAttack) return
  const eligible = eligibleTargets(ctx, m)
  const mayLocate = passageToLocate(ctx, m)
  if (!eligible.length && !mayLocate) return
  const plan = choices.targetChecks(m, eligible, mayLocate)
  if (plan === 'passage') {
    if (mayLocate) locatePassage(ctx, m, cell[1])
    return
  }
  // One Target Check per icon (p.36), whatever the plan repeats.
  for (const marker of [...new Set(plan)].filter((p) => eligible.includes(p))) {
    if (!targetCheck(ctx, m, marker, cell[1])) continue
    if (!chargeOf(m.boat)) {
      // An unarmed boat (Spy, Delivery) has done its work when the target is acquired (ruling IM-15).
      m.results.push({ target: marker, result: 'spotted' })
      note(ctx, 'p.36', `the ${targetOf(ctx, marker).name} is observed`)
      return
    }
    if (!choices.attack(m, marker)) continue
    attackRun(ctx, m, marker, choices)
    return
  }
}

/** The Target Check's modifiers besides the icon's: atmospherics, Kroehl/Dixon steering from the Steering Link space (p.36). */
function checkModifiers(ctx: Ctx, m: Mission): { atmo: number; bonus: number } {
  const atmo = ctx.pack.tactical.atmospherics.find((a) => a.id === m.atmospherics)?.target ?? 0
  const s = steerer(m)!
  const link = partFor(m.boat, 'steeringLink')
  const bonus = link && link.space === s.space ? (ctx.pack.personae.get(s.id)?.targetBonus ?? 0) : 0
  return { atmo, bonus }
}

/** The modifiers of a check as the report spells them, after the roll. */
function modifierText(m: Mission, icon: number, atmo: number, bonus: number): string {
  return `${icon} icon ${atmo ? `${atmo} ${m.atmospherics} ` : ''}${bonus ? `+${bonus} steersman ` : ''}`
}

/** d10 + icon modifier + atmospherics + Kroehl/Dixon steering from the Steering Link space (p.36). */
export function targetCheck(ctx: Ctx, m: Mission, marker: string, value: number): boolean {
  const icon = positionOf(ctx, m).targets!.find((t) => t.marker === marker)!
  const { atmo, bonus } = checkModifiers(ctx, m)
  const roll = d10(ctx, `turn ${m.turn} target check ${marker}`)
  const total = roll + icon.modifier + atmo + bonus
  const ok = total >= value
  note(
    ctx,
    'p.36',
    `Target Check on the ${targetOf(ctx, marker).name}: ${roll} ${modifierText(m, icon.modifier, atmo, bonus)}= ${total} against ${value}: ${ok ? 'acquired' : 'not acquired'}`,
  )
  return ok
}

/**
 * Locate Passage (p.36-37): a Target Check on an enemy obstruction in the boat's position, at any
 * elevation and with any conveyance; the Steering order, no move and propulsion are still needed.
 */
export function passageToLocate(ctx: Ctx, m: Mission): boolean {
  const here = positionOf(ctx, m)
  if (!here.obstruction || here.obstruction === m.side || m.passages.includes(m.position)) return false
  return !!steerer(m) && !m.movedThisTurn && !noPropulsion(ctx, m)
}

/**
 * It is a Target Check (p.37 refers to p.36), so the roll takes the same modifiers: the obstruction
 * icon's own, the atmospherics and a Kroehl or Dixon steering from the Steering Link space.
 */
function locatePassage(ctx: Ctx, m: Mission, value: number): void {
  const icon = positionOf(ctx, m).targets?.find((t) => targetOf(ctx, t.marker).kind === 'obstruction')?.modifier ?? 0
  const { atmo, bonus } = checkModifiers(ctx, m)
  const roll = d10(ctx, `turn ${m.turn} locate passage`)
  const total = roll + icon + atmo + bonus
  const found = total >= value
  if (found) m.passages.push(m.position)
  note(
    ctx,
    'p.37',
    `Locate Passage: ${roll} ${modifierText(m, icon, atmo, bonus)}= ${total} against ${value}: ${found ? 'passage located' : 'not found'}`,
  )
}

/** The attack run, then back on the Mission Board with a fresh Discovery Phase (p.9, p.36). */
export function attackRun(ctx: Ctx, m: Mission, marker: string, choices: DiscoveryChoices): void {
  const icon = positionOf(ctx, m).targets!.find((t) => t.marker === marker)!
  runTactical(ctx, m, marker, choices, icon.dn)
  const t = m.tactical
  if (t?.ended === 'detonated') {
    m.detonatedOnce = true
    m.results.push({
      target: marker,
      result: t.result ?? 'miss',
      ...(t.fogCell !== undefined ? { fogCell: t.fogCell } : {}),
    })
  }
  if (t) m.lastTactical = structuredClone(t)
  m.tactical = undefined
  if (!m.lost) discoveryPhase(ctx, m, choices, false)
}
