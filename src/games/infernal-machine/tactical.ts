// The Tactical Sequence of Play (Rule Book p.3-9): set-up and Approach Vector, then turns of
// Detection, Detonation and Move until the fishboat exits, detonates or is Lost.
import { tacticalPicture } from './boardPicture.ts'
import { chargeOf, conveyanceOf, incapacitatedSpaces } from './boat.ts'
import { detectionCheck, tacticalDetectionValue } from './detection.ts'
import { operable } from './malfunction.ts'
import { placeFatigue } from './markers.ts'
import { AUTO_RESPONSE, enemyResponse, type ResponseChoices } from './response.ts'
import { type Ctx, d10, drawCube, loseBoat, note, type Sortie } from './sortie.ts'
import type { TargetMarker } from './tacticalPack.ts'
import { bandOf, type Zone } from './terms.ts'
import { type ConcussionChoices, concussionCheck, detonationResult, AUTO_CONCUSSION } from './detonation.ts'

export interface ApproachOption {
  /** The crank row of the player aid: easy, full, full+ (the +2 for a Red cube), strain. */
  crank: string
  total: number
  /** The arrow the total lands on, or null when the attack run fails. */
  vector: string | null
  red: number
  fatigue: number
}

export type MoveAction =
  | 'advance'
  | 'retreat'
  | 'stay'
  | 'rotate'
  | 'exit'
  | 'diverOut'
  | 'diverAdvance'
  | 'diverBack'
  | 'diverAttach'
  | 'diverIn'

export interface TacticalChoices extends ResponseChoices, ConcussionChoices {
  /** After seeing the approach die (p.3). */
  approach(roll: number, options: readonly ApproachOption[]): string
  /** In the Detonation Phase, when detonation is allowed. */
  detonate(s: Sortie): boolean
  move(s: Sortie, legal: readonly MoveAction[]): MoveAction
}

export const targetOf = (ctx: Ctx, id: string): TargetMarker => {
  const t = ctx.pack.tactical.targets.find((x) => x.id === id)
  if (!t) throw new Error(`unknown target ${id}`)
  return t
}

/** The arrow whose printed range holds the total (the top arrow open upward, ruling IM-46). */
export function vectorFor(ctx: Ctx, total: number, towCord: boolean): string | null {
  const a = ctx.pack.tactical.approach
  if (total <= (towCord ? a.towCordFailAtOrBelow : a.failAtOrBelow)) return null
  const v = ctx.pack.tactical.vectors.find((x) => total >= x.lo && (total <= x.hi || x.openTop))
  return v?.id ?? null
}

/** The options of the approach crank for a die roll (p.3). */
export function approachOptions(ctx: Ctx, s: Sortie, targetId: string, roll: number): ApproachOption[] {
  const small = targetOf(ctx, targetId).small ? ctx.pack.tactical.approach.smallTarget : 0
  const tow = conveyanceOf(s.boat)?.kind === 'towCord'
  return ctx.pack.tactical.cranks.map((c) => {
    const total = roll + small + s.training + c.approach
    return { crank: c.id, total, vector: vectorFor(ctx, total, tow), red: c.red, fatigue: c.fatigue }
  })
}

/**
 * Tactical set-up (p.3-4): the boat in the Far zone, the approach roll, the crank chosen after it,
 * then Crew Morale. False when the attack run fails (the mission resumes with a new Discovery Phase).
 */
export function startTactical(ctx: Ctx, s: Sortie, targetId: string, choices: TacticalChoices, dn = false): boolean {
  const roll = d10(ctx, 'approach')
  const options = approachOptions(ctx, s, targetId, roll)
  const choice = options.find((o) => o.crank === choices.approach(roll, options)) ?? options[0]!
  const target = targetOf(ctx, targetId)
  note(
    ctx,
    'p.3',
    `Approach Vector against the ${target.name}: ${roll}${target.small ? ' -2 small' : ''} +${s.training} training, crank ${choice.crank} +${choice.total - options[0]!.total} = ${choice.total}`,
  )
  s.pool.red += choice.red
  if (choice.red) note(ctx, 'p.3', `${choice.red} Red cube into the Fate Pool`)
  if (choice.fatigue) {
    const placed = placeFatigue(ctx.pack, s.boat, choice.fatigue)
    s.boat = placed.boat
    note(ctx, 'p.3', placed.notes.join('; '))
    if (placed.allPanicked) loseBoat(ctx, s, 'p.22', 'every crewman panicked')
  }
  if (!choice.vector) {
    note(ctx, 'p.3', 'the approach is bungled: the attack run fails')
    return false
  }
  const diver =
    conveyanceOf(s.boat)?.kind === 'diver' ? { at: 'airlock' as const, charge: 'carried' as const } : undefined
  s.tactical = { target: targetId, dn, vector: choice.vector, zone: 'far', rotated: false, turn: 0, diver }
  note(ctx, 'p.3', `the fishboat takes the ${choice.vector} vector in the Far zone${s.detected ? ', detected' : ''}`)
  const idle = incapacitatedSpaces(s.boat).length
  if (idle) {
    s.pool.red += idle
    note(ctx, 'p.4', `Crew Morale: ${idle} incapacitated space(s), ${idle} Red cube(s) into the Fate Pool`)
  }
  return true
}

/** The Attack Value on the back of the target marker for the fishboat's zone and elevation (p.10). */
export function tacticalAttackValue(ctx: Ctx, s: Sortie): number {
  const t = s.tactical!
  const row = targetOf(ctx, t.target).attack[bandOf(s.boat.elevation)]
  return t.zone === 'contact' ? row.contact : t.zone === 'far' ? row.far : row.near
}

/** Detection Phase (p.5): the Detection Table with the zone's proximity; a second detection brings the response. */
export function tacticalDetection(ctx: Ctx, s: Sortie, choices: ResponseChoices = AUTO_RESPONSE): void {
  const t = s.tactical!
  const value = tacticalDetectionValue(ctx, s)
  const label = `tactical turn ${t.turn}`
  const r = detectionCheck(ctx, s, value, t.zone, `${label} detection`, 'p.5')
  if (r === 'response') enemyResponse(ctx, s, tacticalAttackValue(ctx, s), choices, label)
}

/** Whether the Detonation Phase allows a detonation now (p.6, p.8). */
export function canDetonate(ctx: Ctx, s: Sortie): boolean {
  const t = s.tactical
  const conveyance = conveyanceOf(s.boat)
  if (!t || !conveyance || !chargeOf(s.boat) || !operable(ctx, conveyance)) return false
  if (conveyance.kind === 'diver') return t.diver?.at === 'airlock' && t.diver.charge === 'onTarget'
  return ctx.pack.tactical.detonationZones.find((d) => d.conveyance === conveyance.kind)!.zones.includes(t.zone)
}

/** Cubes drawn to detonate: the icons at the boat's place on its vector, three for a Diver (p.6). */
export function detonationCubes(ctx: Ctx, s: Sortie): number {
  const t = s.tactical!
  if (conveyanceOf(s.boat)?.kind === 'diver')
    return ctx.pack.tactical.detonationZones.find((d) => d.conveyance === 'diver')!.cubes!
  const v = ctx.pack.tactical.vectors.find((x) => x.id === t.vector)!
  return v[t.zone]
}

/** Detonation Procedure and Concussion Check (p.6-7). Ends the tactical action. */
export function detonate(ctx: Ctx, s: Sortie, choices: ConcussionChoices = AUTO_CONCUSSION): void {
  const t = s.tactical!
  const n = detonationCubes(ctx, s)
  const target = targetOf(ctx, t.target)
  if (s.pool.black + s.pool.red < n) {
    t.result = 'miss'
    loseBoat(ctx, s, 'p.6', `${n} detonation cubes needed, ${s.pool.black + s.pool.red} in the Fate Pool`)
    return
  }
  const cubes = Array.from({ length: n }, (_, i) => drawCube(ctx, s, `detonation cube ${i + 1}`)!)
  const red = cubes.filter((c) => c === 'red').length
  note(ctx, 'p.6', `Detonation: ${n} cubes drawn, ${cubes.join(', ')}: ${red} Red`)
  const result = detonationResult(ctx, s, target, red)
  if (typeof result === 'object') Object.assign(t, { result: 'fog', fogCell: result.fog })
  else t.result = result
  t.ended = 'detonated'
  const size = ctx.pack.components.get(chargeOf(s.boat)!.component)!.size!
  const conveyance = conveyanceOf(s.boat)!.kind as 'longSpar' | 'shortSpar' | 'towCord' | 'diver'
  const row = ctx.pack.tactical.concussion.find((c) => c.conveyance === conveyance)!
  s.boat.parts = s.boat.parts.filter((p) => p.kind !== 'charge')
  concussionCheck(ctx, s, row[bandOf(s.boat.elevation)][size], choices)
}

/** The moves the Move Phase allows now (p.8-9). */
export function legalMoves(ctx: Ctx, s: Sortie): MoveAction[] {
  const t = s.tactical!
  if (t.zone === 'otherSide') return ['stay', 'exit']
  const out: MoveAction[] = ['stay']
  if (t.rotated) out.push('rotate', 'exit')
  else {
    out.push('rotate')
    // A diver out of the airlock keeps the boat still unless the player abandons him (p.8).
    out.push('advance')
    if (t.zone !== 'far') out.push('retreat')
  }
  const d = t.diver
  if (d && conveyanceOf(s.boat)?.kind === 'diver') {
    if (d.at === 'airlock' && d.charge === 'carried' && t.zone === 'far' && diverMayLeave(ctx, s)) out.push('diverOut')
    if (d.at !== 'airlock') {
      if (d.at === 'far' || d.at === 'near') out.push('diverAdvance')
      if (d.at === 'near' || d.at === 'contact') out.push('diverBack')
      if (d.at === 'contact' && d.charge === 'carried') out.push('diverAttach')
      if (d.at === 'far' && t.zone === 'far') out.push('diverIn')
    }
  }
  return out
}

/** The diver walks on the bottom: the boat at the position's lowest level, which suits the target (p.8). */
export function diverMayLeave(ctx: Ctx, s: Sortie, bottom?: number): boolean {
  const t = s.tactical!
  if (t.dn) return false
  const target = targetOf(ctx, t.target)
  const need = ctx.pack.tactical.diverLowest.find((d) => d.kind === target.kind)
  if (!need) return false
  const required = ['surface', 'awash', 'belowShallow', 'belowDeep', 'belowDeeper'].indexOf(need.elevation)
  return s.boat.elevation === required && (bottom === undefined || bottom === required)
}

const NEXT: Record<Zone, Zone> = { far: 'near', near: 'contact', contact: 'otherSide', otherSide: 'otherSide' }
const BACK: Record<Zone, Zone> = { far: 'far', near: 'far', contact: 'near', otherSide: 'otherSide' }

/** Move Phase (p.8-9). Moving, rotating or exiting the boat abandons a diver out on the board. */
export function move(ctx: Ctx, s: Sortie, action: MoveAction): void {
  const t = s.tactical!
  if (!legalMoves(ctx, s).includes(action)) throw new Error(`move ${action} is not allowed now`)
  const boatMoves = ['advance', 'retreat', 'rotate', 'exit'].includes(action)
  if (boatMoves && t.diver && t.diver.at !== 'airlock') {
    t.diver = undefined
    s.boat.parts = s.boat.parts.filter((p) => p.kind !== 'diver' && p.kind !== 'charge')
    note(ctx, 'p.8', 'the fishboat moves with the diver outside: Diver and Charge are abandoned')
  }
  const d = t.diver
  switch (action) {
    case 'advance':
      t.zone = NEXT[t.zone]
      break
    case 'retreat':
      t.zone = BACK[t.zone]
      break
    case 'rotate':
      t.rotated = !t.rotated
      break
    case 'exit':
      t.ended = 'exited'
      break
    case 'diverOut':
      d!.at = 'far'
      break
    case 'diverAdvance':
      d!.at = NEXT[d!.at as Zone]
      break
    case 'diverBack':
      d!.at = BACK[d!.at as Zone]
      break
    case 'diverAttach':
      d!.charge = 'onTarget'
      break
    case 'diverIn':
      d!.at = 'airlock'
      break
    case 'stay':
      break
  }
  note(ctx, 'p.9', moveText(action, s))
}

function moveText(action: MoveAction, s: Sortie): string {
  const t = s.tactical!
  if (action === 'exit') return 'the fishboat exits the Tactical Board'
  if (action === 'rotate')
    return t.rotated ? 'the fishboat turns away from the target' : 'the fishboat turns back to the target'
  if (action.startsWith('diver'))
    return `the diver: ${action.slice(5).toLowerCase()} (diver ${t.diver?.at}, charge ${t.diver?.charge})`
  return action === 'stay' ? `the fishboat holds in the ${t.zone} zone` : `the fishboat moves to the ${t.zone} zone`
}

/** One tactical turn: Detection, Detonation, Move (p.5). */
export function tacticalTurn(ctx: Ctx, s: Sortie, choices: TacticalChoices): void {
  const t = s.tactical!
  t.turn++
  tacticalDetection(ctx, s, choices)
  if (t.pendingConcussion !== undefined) {
    const value = t.pendingConcussion
    t.pendingConcussion = undefined
    concussionCheck(ctx, s, value, choices)
  }
  if (s.lost || t.ended) return
  if (canDetonate(ctx, s) && choices.detonate(s)) {
    detonate(ctx, s, choices)
    return
  }
  move(ctx, s, choices.move(s, legalMoves(ctx, s)))
  note(ctx, 'p.3', tacticalPicture(t))
}

/** Runs the tactical action to its end (turns capped so a plan that only stays cannot loop). */
export function runTactical(
  ctx: Ctx,
  s: Sortie,
  targetId: string,
  choices: TacticalChoices,
  dn = false,
  maxTurns = 40,
): void {
  if (!startTactical(ctx, s, targetId, choices, dn)) return
  while (!s.lost && !s.tactical!.ended && s.tactical!.turn < maxTurns) tacticalTurn(ctx, s, choices)
}
