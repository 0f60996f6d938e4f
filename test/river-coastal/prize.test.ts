// Prize crews (rulebook §12 L1125, ruling RC-60): the boarders still aboard a ship they took sail her.
import { describe, expect, it } from 'vitest'
import { objectiveMet } from '../../src/games/river-coastal/endOfMove.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, play, ruleset } from './play.ts'

const pack = defaultRiverPack()
const fortMisses = Object.fromEntries(['M1a', 'M1b', 'M2a', 'M2b', 'M3a', 'M3b'].map((g) => [`m1:MORG:${g}:hit`, 2]))
const win = (party: number) => ({
  [`m1:META:board:SELM:${party}:aboard`]: 5,
  [`m1:META:board:SELM:${party}:attack`]: 6,
  [`m1:META:board:SELM:${party}:defend`]: 1,
})

/** Metacomet alongside Selma, whose last two hands are at her engine and boiler. */
function boarding(): RiverState {
  const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
  s.ships.META!.pose = { pos: { x: 31850, y: 44000 }, heading: 18000 }
  s.ships.META!.speed = 0
  const selma = s.ships.SELM!
  selma.crew = { engine: 1, boiler: 1, spare: 0 }
  for (const g of Object.values(selma.guns)) g.crewed = false
  return s
}

describe('§12 L1125 ruling RC-60 prize crews', () => {
  it('§12 L1125 two parties that took her man her engine and boiler: she changes hands', () => {
    const s = boarding()
    const spare = s.ships.META!.crew.spare
    const step = play(s, { USA: 'META: BOARD SELMA 2' }, { ...fortMisses, ...win(1), ...win(2) })
    const selma = step.state.ships.SELM!
    expect(selma).toMatchObject({
      side: 'USA',
      prizeOf: 'CSA',
      status: 'afloat',
      crew: { engine: 1, boiler: 1, spare: 0 },
    })
    expect(step.state.ships.META!.crew.spare).toBe(spare - 2)
    expect(step.narrative.map((n) => n.text)).toContain('USS Metacomet puts a prize crew of 2 into CSS Selma')
  })

  it('§12 L1125 it takes her a move to get under way and man her guns; then her new side sails her', () => {
    const one = play(boarding(), { USA: 'META: BOARD SELMA 2' }, { ...fortMisses, ...win(1), ...win(2) })
    expect(ruleset.parseOrders(one.state, 'USA', 'SELM: SPEED 2').errors[0]!.message).toBe(
      'SPEED 2: CSS Selma makes at most 0 this move',
    )
    expect(ruleset.parseOrders(one.state, 'CSA', 'SELM: SPEED 0').errors[0]!.message).toBe(
      'SELM is not one of your ships afloat',
    )
    const two = play(one.state, {})
    expect(ruleset.parseOrders(two.state, 'USA', 'SELM: SPEED 2').errors).toEqual([])
    // her guns are out through move 2 and back for move 3
    expect(Object.values(one.state.ships.SELM!.guns).every((g) => g.outUntil === 2)).toBe(true)
    const three = play(two.state, {})
    expect(Object.values(three.state.ships.SELM!.guns).every((g) => g.status === 'ok')).toBe(true)
  })

  it('§12 L1125 one party aboard is not crew enough: she is a hulk out of the fight (RC-45)', () => {
    const s = boarding()
    s.ships.SELM!.crew = { engine: 1, boiler: 0, spare: 0 }
    const step = play(s, { USA: 'META: BOARD SELMA 2' }, { ...fortMisses, ...win(1) })
    expect(step.state.ships.SELM).toMatchObject({ side: 'CSA', status: 'captured' })
  })

  it('§6 L391-423 a prize still counts as taken from her old side, never as her captor’s enemy', () => {
    const st = play(boarding(), { USA: 'META: BOARD SELMA 2' }, { ...fortMisses, ...win(1), ...win(2) }).state
    const sc = pack.scenarios['passing-the-fort']!
    st.ships.TENN!.status = 'sunk'
    st.ships.GAIN!.status = 'sunk'
    expect(objectiveMet('DESTROY_FLEET', 'USA', st, sc, pack)).toBe(true)
    expect(objectiveMet('DESTROY_FLEET', 'CSA', st, sc, pack)).toBe(false)
  })

  it('§4 L199-203 a fleet commander aboard the prize is taken prisoner', () => {
    const s = boarding()
    s.commanders.CSA.aboard = 'SELM'
    const step = play(s, { USA: 'META: BOARD SELMA 2' }, { ...fortMisses, ...win(1), ...win(2) })
    expect(step.state.commanders.CSA).toMatchObject({ alive: false, aboard: null })
    expect(step.narrative.map((n) => n.text)).toContain('The CSA fleet commander is taken prisoner in CSS Selma')
  })
})
