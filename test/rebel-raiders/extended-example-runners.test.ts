// The play book's extended example (PB 22), the runner log: the "Movement Log of Blockade Runners"
// that opens the Confederate August 1862 move, after #94, replayed through the judge from the
// position the Union's April leaves (pb22.ts, with the runners' cargo as the example's set-up list
// gives it). The log's table is garbled in our copy of the play book; pb22Runners.ts rebuilds it
// row by row and says how sure each row is. Thirteen of the sixteen runners are replayed with the
// log's dice; Charleston's, Bermuda's and the West Indies' runners stay put, since the rows left for
// them cannot come from the example's own set-up (ruling RR-S64). Each test asserts a row's result:
// evaded or caught, sunk, where it ends, what it carries and the cargo points it lands.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrPiece, RrState } from '../../src/games/rebel-raiders/state.ts'
import { rs, unionBuild } from './pb22.ts'
import { RUNNER_DICE, RUNNER_MOVES, UNION_STANDING } from './pb22Runners.ts'
import { position } from './moreCards.ts'

const runner = (s: RrState, id: string) => s.pieces.find((p) => p.id === id)
const cargoOf = (p: RrPiece | undefined) => [p?.at, p?.cargo, p?.extraCargo]

describe('PB 22: the runner log of the Confederate August 1862 move', () => {
  const april = unionBuild()
  const run = given(rs, april.state)
    .orders('union', UNION_STANDING)
    .orders('confederate', RUNNER_MOVES)
    .dice(RUNNER_DICE, 'strict')
    .resolve()
  const said = run.seenBy({ kind: 'moderator' } as never)

  it('PB 22, 19.2: the sixteen runners start where the set-up puts them, eight with the cargo the example’s dice gave', () => {
    const start = april.state.pieces.filter((p) => p.type === 'runner')
    expect(start).toHaveLength(16)
    expect(start.filter((p) => p.cargo).map((p) => `${p.at} ${p.cargo}`)).toEqual([
      'FREN 2',
      'HAVA 1',
      'VERA 1',
      'BRAZ 1',
      'AFRI 1',
      'WILM 2',
      'SAVA 2',
      'PENS 1',
    ])
  })

  it('PB 22, #94, 9.3: three markers a port take the last eight of the thirteen 1-VP markers: three in Brazil and Africa, two in Ponta Delgado; every die is the log’s', () => {
    expect(said).toContain(
      'To the Dark Shores: 1-VP cargo markers wait for the runners: 3 in Brazil, 3 in Africa, 2 in Ponta Delgado.',
    )
    expect(run.dice.unused()).toEqual([])
    expect(run.dice.rolls.every((r) => r.forced)).toBe(true)
  })

  it('PB 22, 7.75, 7.78, 9.21 (ruling RR-S2): Vera Cruz’s runner slips past the West Gulf sloops (6, 3 against 5+2), lands 1 VP in Galveston, and is caught going out (5, 5 against 1+2) after 7 MP', () => {
    expect(said).toContain('BR-8 slips past SL-2, SL-8 in West Gulf (Union SL-2 6, SL-8 3, BR-8 7).')
    expect(said).toContain('BR-8 lands its cargo in Galveston: +1 VP to the Confederacy (now 21).')
    expect(said).toContain('BR-8 is caught in West Gulf (Union SL-2 5, SL-8 5, BR-8 3).')
    expect(runner(run.state, 'BR-8')).toBeUndefined()
  })

  it('PB 22, 7.78: Mobile’s empty runner wins the East Gulf tie (6 against 4+2), loads 1 VP in Havana and ends in South America', () => {
    expect(said).toContain('BR-16 slips past SL-13 in East Gulf (Union SL-13 6, BR-16 6).')
    expect(said).toContain('BR-16 loads cargo worth 1 VP in Havana.')
    expect(cargoOf(runner(run.state, 'BR-16'))).toEqual(['SAMR', 1, undefined])
  })

  it('PB 22, 9.21, 7.75, 7.78: Pensacola’s runner lands its 1 VP at once, passes the East Gulf sloop’s 3 unrolled and Key West’s two gunboats twice (one die +1: 6 and 5 against 6+2 and 5+2), and ends in the Keys after 8 MP', () => {
    expect(said).toContain('BR-15 lands its cargo in Pensacola: +1 VP to the Confederacy (now 22).')
    expect(said).toContain('BR-15 slips past SL-13 in East Gulf (Union SL-13 3).')
    expect(said).toContain('BR-15 slips past GB-15, GB-16 in Key West Blockade Station (Union GB-15+GB-16 6, BR-15 8).')
    expect(said).toContain('BR-15 slips past GB-15, GB-16 in Key West Blockade Station (Union GB-15+GB-16 5, BR-15 7).')
    expect(cargoOf(runner(run.state, 'BR-15'))).toEqual(['KEYS', undefined, undefined])
  })

  it('PB 22, 7.77: Havana’s runner is caught in the East Gulf (6 against 2+2) and sunk with its 1-VP cargo', () => {
    expect(said).toContain('BR-6 is caught in East Gulf (Union SL-13 6, BR-6 4).')
    expect(said).toContain('BR-6 is destroyed with its cargo.')
    expect(runner(run.state, 'BR-6')).toBeUndefined()
  })

  it('PB 22, 9.22: Nassau’s runner loads, evades the East Gulf sloop at 5 MP (6 against 5+2) and lands 1 VP in Mobile with its eighth MP', () => {
    expect(said).toContain('BR-5 loads cargo worth 1 VP in Nassau.')
    expect(said).toContain('BR-5 slips past SL-13 in East Gulf (Union SL-13 6, BR-5 7).')
    expect(said).toContain('BR-5 lands its cargo in Mobile: +1 VP to the Confederacy (now 23).')
  })

  it('PB 22, #94 (ruling RR-K22): the runners of Brazil and Africa, come in loaded, add a waiting marker for 1 MP: two 1-VP pieces each, Brazil’s off to South America', () => {
    expect(said).toContain('BR-9 also takes a 1-VP cargo marker waiting in Brazil (2 left there; ruling RR-K17).')
    expect(cargoOf(runner(run.state, 'BR-9'))).toEqual(['SAMR', 1, 1])
    expect(cargoOf(runner(run.state, 'BR-10'))).toEqual(['AFRI', 1, 1])
    expect(run.state.portCargo).toEqual({ BRAZ: 2, AFRI: 2, PDEL: 0 })
  })

  it('PB 22, 7.75, 7.78: Savannah’s runner lands its 2 VP, leaves past the station gunboat’s 2 and the South Atlantic’s 3 unrolled, beats Hatteras’ 5 with 6+2 and picks up two 1-VP pieces in Ponta Delgado', () => {
    expect(said).toContain('BR-14 lands its cargo in Savannah: +2 VP to the Confederacy (now 25).')
    expect(said).toContain('BR-14 slips past GB-12 in Savannah Blockade Station (Union GB-12 2).')
    expect(said).toContain('BR-14 slips past SL-10 in South Atlantic (Union SL-10 3).')
    expect(said).toContain('BR-14 slips past SL-9 in Hatteras (Union SL-9 5, BR-14 8).')
    // The book ends it in the Mid-Atlantic after 8 MP; the map pack's Ponta Delgado is two zones further (ruling RR-S64).
    expect(cargoOf(runner(run.state, 'BR-14'))).toEqual(['PDEL', 1, 1])
  })

  it('PB 22, 9.12: the Carolina runners for France & England: Wilmington’s lands 2 VP and beats Hatteras’ 5 with 4+2, New Berne’s needs no roll against a 2; each loads 2 VP', () => {
    expect(said).toContain('BR-12 lands its cargo in Wilmington: +2 VP to the Confederacy (now 27).')
    expect(said).toContain('BR-12 slips past SL-9 in Hatteras (Union SL-9 5, BR-12 6).')
    expect(said).toContain('BR-11 slips past SL-9 in Hatteras (Union SL-9 2).')
    expect(cargoOf(runner(run.state, 'BR-11'))).toEqual(['NATL', 2, undefined])
    // The book's Wilmington runner also ends in the North Atlantic; with the unloading paid, the pack's map leaves it in the Channel.
    expect(cargoOf(runner(run.state, 'BR-12'))).toEqual(['CHAN', 2, undefined])
  })

  it('PB 22, #94 (ruling RR-K17): Ponta Delgado’s own runner, with no free marker left for its load, takes both waiting there to the Mid-Atlantic; Spain’s loads 2 VP for the Caribbean', () => {
    expect(said).toContain(
      'BR-3 also takes a 1-VP cargo marker waiting in Ponta Delgado (0 left there; ruling RR-K17).',
    )
    expect(cargoOf(runner(run.state, 'BR-3'))).toEqual(['MATL', 1, 1])
    expect(cargoOf(runner(run.state, 'BR-2'))).toEqual(['CARI', 2, undefined])
  })

  it('PB 22: France & England’s runner comes in past Hatteras’ 2 and lands 2 VP in New Berne after 6 MP', () => {
    expect(said).toContain('BR-1 slips past SL-9 in Hatteras (Union SL-9 2).')
    expect(said).toContain('BR-1 lands its cargo in New Berne: +2 VP to the Confederacy (now 29).')
  })

  it('PB 22 (ruling RR-S64): two runners lost, as the book says; the rows replayed land 9 VP, where the book’s 17 counts rows no runner of its set-up can make; the unplaced runners stay put', () => {
    expect(run.state.pieces.filter((p) => p.type === 'runner')).toHaveLength(14)
    const landed = run.texts('9.21').filter((t) => / lands its cargo /.test(t))
    expect(landed).toHaveLength(6)
    expect(april.state.vp).toBe(20)
    expect(run.texts('13.21').join('\n')).toMatch(/1 die \(6\): -6 VP to the Confederacy \(now 23\)/)
    expect(['BR-13', 'BR-4', 'BR-7'].map((id) => runner(run.state, id)?.at)).toEqual(['CHAS', 'BERM', 'WIND'])
  })
})

describe('#94 and a runner come in loaded (ruling RR-K22)', () => {
  const loaded = (extra?: number) => {
    const s = position('csa-move', 5, {})
    s.portCargo = { BRAZ: 2 }
    s.pieces.push({ id: 'BR-60', side: 'CSA', type: 'runner', at: 'BRAZ', cargo: 1, extraCargo: extra })
    return s
  }

  it('9.11, #94: LOAD by a loaded runner takes one waiting marker; with one already added, or none waiting, it loads nothing', () => {
    const one = given(rs, loaded()).orders('confederate', 'MOVE BR-60 LOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(cargoOf(runner(one.state, 'BR-60'))).toEqual(['BRAZ', 1, 1])
    expect(one.state.portCargo).toEqual({ BRAZ: 1 })
    const full = given(rs, loaded(1)).orders('confederate', 'MOVE BR-60 LOAD').dice({ 'supply die 1': 1 }).resolve()
    expect(full.texts('9.3')).toEqual(['BR-60 already carries cargo (9.11).'])
    expect(full.state.portCargo).toEqual({ BRAZ: 2 })
  })
})
