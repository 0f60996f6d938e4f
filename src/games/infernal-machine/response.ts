// Enemy Response (Rule Book p.10-12): attack dice by Alert Level, each below the Attack Value a hit;
// the crank re-roll after seeing the dice; Fate Smiles; three hits Lose the boat; each hit a
// malfunction or a leak; a miss adds Pursuit; a miss beside an Obstruction may set off its charge.
import { type Ctx, d10, loseBoat, note, type Sortie } from './sortie.ts'
import { hatchSpaces, personaOf } from './boat.ts'
import { addLeak, randomMalfunction } from './malfunction.ts'
import { placeFatigue } from './markers.ts'
import type { Crank } from './terms.ts'
import { PUBLIC } from '../contract.ts'

export interface ResponseChoices {
  /** After seeing the dice (modified by Pursuit): the crank and which dice to re-roll (p.11). */
  reroll(dice: readonly number[], attack: number): { crank: Crank; dice: number[] }
  /** After the re-rolls: pay for Fate Smiles with 'black' (2) or 'red' (4), or not (p.11). */
  fateSmiles(hits: number): 'black' | 'red' | null
}

/** The automatic answers: re-roll only hits, Full for one and Strain for more (R3); Fate Smiles on 2+ hits. */
export const AUTO_RESPONSE: ResponseChoices = {
  reroll(dice, attack) {
    const hits = dice.flatMap((d, i) => (d < attack ? [i] : []))
    if (hits.length === 0) return { crank: 'easy', dice: [] }
    if (hits.length === 1) return { crank: 'full', dice: hits }
    return { crank: 'strain', dice: hits }
  },
  fateSmiles: (hits) => (hits >= 2 ? 'black' : null),
}

export interface ResponseResult {
  hits: number
  cancelledByFate: boolean
  pursuitAdded: boolean
}

/** Resolves one Enemy Response against an Attack Value (null: cancelled, p.10 below deep). */
export function enemyResponse(
  ctx: Ctx,
  s: Sortie,
  attack: number | null,
  choices: ResponseChoices,
  label: string,
): ResponseResult {
  const none = { hits: 0, cancelledByFate: false, pursuitAdded: false }
  if (attack === null) {
    note(ctx, 'p.10', 'Enemy Response cancelled: the fishboat is below deep or deeper')
    return none
  }
  const t = ctx.pack.tactical
  const count = t.alert.find((a) => a.level === s.alert)!.attackDice
  const rolled = Array.from({ length: count }, (_, i) => d10(ctx, `${label} attack die ${i + 1}`))
  const dice = rolled.map((r) => r - s.pursuit)
  note(
    ctx,
    'p.11',
    `Enemy Response: Attack Value ${attack}, Alert ${s.alert} rolls ${count}: ${show(rolled, s.pursuit)}`,
  )
  const pick = choices.reroll(dice, attack)
  const allowed = pick.crank === 'easy' ? 0 : pick.crank === 'full' ? 1 : count
  const rerolls = [...new Set(pick.dice)].filter((i) => i >= 0 && i < count).slice(0, allowed)
  if (pick.crank !== 'easy') {
    const placed = placeFatigue(ctx.pack, s.boat, pick.crank === 'full' ? 1 : 2)
    s.boat = placed.boat
    note(ctx, 'p.11', `crank ${pick.crank}: ${placed.notes.join('; ')}`)
    if (placed.allPanicked) loseBoat(ctx, s, 'p.22', 'every crewman panicked')
  }
  for (const i of rerolls) {
    const again = d10(ctx, `${label} attack re-roll ${i + 1}`)
    dice[i] = again - s.pursuit
    note(ctx, 'p.11', `re-roll of die ${i + 1}: ${again}${s.pursuit ? ` -${s.pursuit}` : ''}`)
  }
  if (rerolls.length && s.tactical?.diver && s.tactical.diver.at !== 'airlock') {
    s.tactical.diver = undefined
    s.boat.parts = s.boat.parts.filter((p) => p.kind !== 'diver' && p.kind !== 'charge')
    note(ctx, 'p.8', "the re-roll severs the diver's air line: Diver and Charge are lost")
  }
  let hits = dice.filter((d) => d < attack).length
  const result: ResponseResult = { hits, cancelledByFate: false, pursuitAdded: false }
  if (hits > 0) {
    const pay = choices.fateSmiles(hits)
    const need = pay === 'black' ? t.response.fateSmilesBlack : t.response.fateSmilesRed
    if (pay && s.pool[pay] >= need) {
      s.pool[pay] -= need
      hits--
      result.cancelledByFate = true
      note(ctx, 'p.11', `Fate Smiles: ${need} ${pay} cubes recycled, one hit becomes a miss`)
    }
  }
  result.hits = hits
  if (hits >= t.response.catastrophicHits) {
    loseBoat(ctx, s, 'p.11', `Catastrophic Hit (${hits} hits)`)
    return result
  }
  for (let h = 1; h <= hits && !s.lost; h++) hitEffect(ctx, s, `${label} hit ${h}`)
  // Ruling IM-8: a hit cancelled by Fate Smiles was still rolled, so only dice that all missed add Pursuit.
  if (hits === 0 && !result.cancelledByFate) {
    s.pursuit++
    result.pursuitAdded = true
    note(ctx, 'p.12', `the attack misses: Pursuit ${s.pursuit}`)
    obstructionBlast(ctx, s, label)
  } else if (hits === 0) note(ctx, 'p.11', 'no hit remains')
  return result
}

const show = (rolled: number[], pursuit: number) =>
  rolled.map((r) => (pursuit ? `${r}-${pursuit}=${r - pursuit}` : `${r}`)).join(', ')

/** A hit: even a random malfunction (a Leak if absent), odd a Leak, or a dead crewman without a hatch (p.11). */
function hitEffect(ctx: Ctx, s: Sortie, label: string): void {
  const roll = d10(ctx, label)
  if (roll % 2 === 0) {
    note(ctx, 'p.11', `hit: ${roll}, even: a random malfunction`)
    randomMalfunction(ctx, s, 'damage', label)
    return
  }
  if (s.counters || hatchSpaces(s.boat).length > 0 || s.boat.crew.length === 0) {
    note(ctx, 'p.11', `hit: ${roll}, odd: a Leak`)
    addLeak(ctx, s, 1)
    return
  }
  const i = ctx.dice.roll(`${label} crewman killed`, s.boat.crew.length, PUBLIC) - 1
  const dead = s.boat.crew[i]!
  s.boat.crew.splice(i, 1)
  note(ctx, 'p.11', `hit: ${roll}, odd, no hatch: ${personaOf(ctx.pack, dead).name} is killed`)
  if (s.boat.crew.length === 0) loseBoat(ctx, s, 'p.11', 'no crew left')
}

/** Shots that miss the fishboat may strike an Obstruction's own torpedo (p.11). */
function obstructionBlast(ctx: Ctx, s: Sortie, label: string): void {
  if (!s.tactical) return
  const target = ctx.pack.tactical.targets.find((x) => x.id === s.tactical!.target)!
  if (target.kind !== 'obstruction') return
  const roll = d10(ctx, `${label} obstruction`)
  const { blowsOnAtMost, concussion } = ctx.pack.tactical.obstruction
  if (roll > blowsOnAtMost) {
    note(ctx, 'p.11', `obstruction check ${roll}: its torpedo holds`)
    return
  }
  note(
    ctx,
    'p.11',
    `obstruction check ${roll}: its torpedo explodes (a result on the target); concussion against ${concussion}`,
  )
  s.boat.parts = s.boat.parts.filter((p) => !['charge', 'longSpar', 'shortSpar', 'towCord', 'diver'].includes(p.kind))
  s.tactical.result = 'B'
  s.tactical.ended = 'detonated'
  s.tactical.diver = undefined
  // The Concussion Check itself is made by the tactical sequence, which knows the crank choice.
  s.tactical.pendingConcussion = concussion
}
