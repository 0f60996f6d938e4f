// Steps 6-7 (digest §1.3): morale tests for every ship that met a trigger this move (one test each,
// ruling RC-41), fire-fighting, then the objectives and the end of the game (§6 L421-423, digest
// §1.6): both objectives win; else one objective wins unless the enemy also has one (a draw, RC-13).
import { flagshipOf } from './flagship.ts'
import type { Dice } from '../contract.ts'
import { commanded } from './fleetCommand.ts'
import { moraleTest } from './morale.ts'
import { rollAudience } from './moveStep.ts'
import type { RiverPack } from './pack.ts'
import type { Scenario, Side } from './scenario.ts'
import { canMove, type ShipState } from './ship.ts'
import { otherSide, type RiverState } from './state.ts'
import { scenarioOf } from './tableLayout.ts'
import { holdsInlet } from './inlet.ts'
import { retrievedShip } from './objectives.ts'
import { ownerOf } from './prize.ts'
import { inches } from './units.ts'
import { expendable } from './fireShips.ts'

/**
 * Fort morale (§4 L221-225, §10 L931-971): a fort that lost CPV this move tests once its commander's
 * threshold is reached (panicky: the first loss; stubborn: a third of its CPV; fanatic: two thirds),
 * and at every loss after that: D6, plus green (or his red once dead), -2 for each CPV lost this move.
 */
function fortMorale(
  state: RiverState,
  dice: Dice,
  pack: RiverPack,
  lines: { ship: string; text: string; rule: string }[],
) {
  const threshold = { panicky: [0, 1], stubborn: [1, 3], fanatic: [2, 3] } as const
  for (const f of Object.values(state.forts).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const lost = f.lostThisMove
    const must = f.mustTest === true
    f.lostThisMove = 0
    delete f.mustTest
    if ((!lost && !must) || f.takenBy || f.abandoned) continue
    const [num, den] = threshold[f.commander.quality]
    if (!must && ((f.cpvStart - f.cpv) * den < f.cpvStart * num || f.cpvStart - f.cpv === 0)) continue
    const roll = dice.roll(`m${state.move}:${f.id}:morale`, 6, { kind: 'public' })
    const total =
      roll + (f.commander.alive ? f.commander.green : f.commander.red) + lost * pack.tables.morale.fortPerCpvLost!
    const name = scenarioOf(state, pack).forts.find((x) => x.id === f.id)!.name
    const abandon = total < pack.tables.morale.carryOnFrom!
    if (abandon) {
      f.abandoned = true
      f.silenced = true
    }
    lines.push({
      ship: f.id,
      text: `${name} tests morale: rolled ${roll}, total ${total}: ${abandon ? 'the garrison abandons the fort' : 'the garrison holds'}`,
      rule: '§10 L931-971',
    })
  }
}

export function runMoraleAndFires(state: RiverState, dice: Dice, pack: RiverPack) {
  const n = state.move
  const next: RiverState = structuredClone(state)
  const lines: { ship: string; text: string; rule: string }[] = []
  for (const s of Object.values(next.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (s.status === 'afloat' && s.morale.length && !(s.id in next.exited)) {
      const c = pack.classes[s.classKey]!
      const r = moraleTest(
        commanded(next, s),
        { canMove: canMove(s, c.maxSpeed, n), underFire: s.firedOnBy.length > 0 },
        n,
        dice,
        rollAudience(state, s),
        pack.tables,
      )
      const mods = r.mods.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.why}`).join(', ')
      lines.push({
        ship: s.id,
        text: `${s.name} tests morale (${s.morale.join(', ')}): rolled ${r.roll}, ${mods} = ${r.total}: ${r.abandon ? 'her crew abandons her' : 'fights on'}`,
        rule: '§10 L931-973',
      })
      if (r.abandon) s.status = 'abandoned'
    }
    s.morale = []
    if (s.fire && s.status === 'afloat') {
      const roll = dice.roll(`m${n}:${s.id}:fire`, 6, rollAudience(state, s))
      if (s.fire.putOutOn.includes(roll)) {
        delete s.fire
        lines.push({ ship: s.id, text: `${s.name} puts out her fire (${roll})`, rule: '§9 L767' })
      } else if (--s.fire.movesLeft <= 0) {
        s.status = 'abandoned'
        delete s.fire
        lines.push({ ship: s.id, text: `${s.name} cannot master her fire: abandoned (${roll})`, rule: '§9 L767' })
      } else
        lines.push({
          ship: s.id,
          text: `${s.name} still burns (${roll}; ${s.fire.movesLeft} moves left)`,
          rule: '§9 L767',
        })
    }
  }
  fortMorale(next, dice, pack, lines)
  return { state: next, lines }
}

/** Destroyed, abandoned, taken: a prize sailing for her captor is still lost to her old side (RC-60). */
const out = (s: ShipState) => s.status !== 'afloat' || s.prizeOf !== undefined
const ARMOURED = new Set(['armouredRiver', 'ironclad', 'heavyIronclad'])

/** Whether a side's objective is complete now (the ones this foundation can judge; others never are). */
export function objectiveMet(
  key: string,
  side: Side,
  state: RiverState,
  sc: Scenario,
  pack: RiverPack,
  /** Control of an area is judged only when the game ends (digest A13, ruling RC-65). */
  atEnd = true,
): boolean {
  // Ruling RC-66: fire and explosive ships count for no objective.
  const enemy = Object.values(state.ships).filter((s) => ownerOf(s) !== side && !expendable(s, pack))
  const farEdge = side === 'USA' ? 'upstream' : 'downstream'
  const through = Object.entries(state.exited).filter(
    ([id, e]) =>
      e === farEdge &&
      state.ships[id]!.side === side &&
      !state.ships[id]!.prizeOf &&
      state.ships[id]!.status === 'afloat',
  ).length
  const ironcladsDown = enemy.filter((s) => out(s) && ARMOURED.has(pack.classes[s.classKey]!.category)).length
  switch (key) {
    case 'RUN_1_THROUGH':
      return through >= 1
    case 'RUN_2_THROUGH':
      return through >= 2
    case 'DESTROY_FLAGSHIP':
      return out(state.ships[flagshipOf(state, sc, otherSide(side))]!)
    case 'DESTROY_1_IRONCLAD':
      return ironcladsDown >= 1
    case 'DESTROY_2_IRONCLADS':
      return ironcladsDown >= 2
    case 'DESTROY_FLEET':
      return enemy.every(out)
    case 'LAND_SECURE_TOWN':
      return sc.places.some((p) => p.kind === 'town' && state.placesTaken[p.id] === side)
    case 'SECURE_PORT':
      return sc.places.some((p) => p.kind === 'port' && state.placesTaken[p.id] === side)
    case 'SECURE_FORT':
      return Object.values(state.forts).some((f) => f.takenBy === side)
    case 'CONTROL_ISLAND_INLET':
      return atEnd && holdsInlet(side, state, sc, pack)
    case 'RETRIEVE_GROUNDED':
      return retrievedShip(side, state)
    case 'CONTROL_ESTUARY_OR_DOWNSTREAM':
      return atEnd && controls(side, state, inches(pack.tables.objectives.downstreamAreaInches), pack)
    default:
      return false
  }
}

/**
 * Digest A13, ruling RC-65: at the end of the game a side controls the downstream area when a ship of
 * hers lies in it able to move (a prize she sails counts) and no enemy ship afloat does.
 */
function controls(side: Side, state: RiverState, depth: number, pack: RiverPack): boolean {
  const inArea = Object.values(state.ships).filter(
    (s) => s.status === 'afloat' && !(s.id in state.exited) && s.pose.pos.y <= depth && !expendable(s, pack),
  )
  const able = (s: ShipState) => !s.aground && canMove(s, pack.classes[s.classKey]!.maxSpeed, state.move)
  return inArea.some((s) => s.side === side && able(s)) && !inArea.some((s) => s.side !== side)
}

export function checkEnd(state: RiverState, sc: Scenario, pack: RiverPack): RiverState['finished'] {
  const done = (side: Side, atEnd: boolean) =>
    state.objectives[side].filter((k) => objectiveMet(k, side, state, sc, pack, atEnd)).length
  const early = { USA: done('USA', false), CSA: done('CSA', false) }
  const fighting = (side: Side) =>
    Object.values(state.ships).some(
      (s) => s.side === side && s.status === 'afloat' && !(s.id in state.exited) && !expendable(s, pack),
    )
  const over = state.move >= state.moves || early.USA === 2 || early.CSA === 2 || !fighting('USA') || !fighting('CSA')
  if (!over) return undefined
  const score = { USA: done('USA', true), CSA: done('CSA', true) }
  const summary = `Objectives: USA ${score.USA} of 2, CSA ${score.CSA} of 2`
  if (score.USA === score.CSA) return { winner: null, summary: `${summary}: a draw` }
  // §6 L421: both objectives beat one, one beats none (ruling RC-13: equal counts draw).
  const winner: Side = score.USA > score.CSA ? 'USA' : 'CSA'
  return { winner, summary: `${summary}: ${winner} wins` }
}
