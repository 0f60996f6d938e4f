// Rule 8 (and 4.51): firing segments, simultaneous fire, sinking, damage effects and the
// Federal repair at the end of the turn.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  P,
  T,
  clearFederals,
  crt,
  dieWhere,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  resolve,
  searchSpots,
  shipDef,
  winningFight,
  withoutSumter,
  alaMeetsDaco,
} from './helpers.ts'

const spot1 = () => dieWhere((d) => searchSpots(T, d, 1))
const ala = shipDef('ALA')
const daco = shipDef('DACO')

describe('8.1 combat', () => {
  it('8.11 / 8.12: firing segments repeat, even without damage, until one side is sunk', () => {
    const s = alaMeetsDaco()
    const blank = dieWhere((d) => crt(d, ala.gun) === 0, 'a miss for the Confederate')
    const quiet = dieWhere((d) => crt(d, daco.gun) === 0, 'a miss for the Federal')
    const fight = winningFight(ala.gun, daco.def, daco.gun, ala.def)
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), blank, quiet, ...fight, FWDT],
    })
    const segments = r.texts('8.11').filter((t) => t.startsWith('Segment'))
    expect(segments).toHaveLength(1 + fight.length / 2)
    expect(segments[0]).toBe(
      `Segment 1: ALA (gunnery ${ala.gun}, die ${blank}) deals 0 to DACO; DACO (gunnery ${daco.gun}, die ${quiet}) deals 0 to ALA.`,
    )
    expect(r.labels.slice(1, 3)).toEqual(['combat ALA fires (segment 1)', 'combat DACO fires (segment 1)'])
    expect(r.texts('8.13')).toEqual(['DACO is sunk.'])
    expect(r.texts('8.12')).toEqual([`DACO is sunk; ALA survives with 0 damage.`])
    expect(r.state.usa.DACO!.loc).toBe('sunk')
  })

  it('8.11 / 8.13: fire is simultaneous: both ships can sink in the same segment', () => {
    const s = alaMeetsDaco()
    s.csa.ALA!.damage = ala.def - 1
    s.usa.DACO!.damage = daco.def - 1
    const hitF = dieWhere((d) => crt(d, daco.gun) >= 1, 'a Federal hit')
    const hitC = dieWhere((d) => crt(d, ala.gun) >= 1, 'a Confederate hit')
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), hitC, hitF, FWDT],
    })
    expect(r.state.usa.DACO!.loc).toBe('sunk')
    expect(r.state.csa.ALA!.status).toBe('sunk')
    expect(r.state.vp.usa).toBe(P.victoryPoints.sunk.S)
    expect(r.texts('8.11').filter((t) => t.startsWith('Segment'))).toHaveLength(1)
  })

  it('8.13: a ship whose damage only reaches defense minus one stays afloat', () => {
    const s = alaMeetsDaco()
    s.usa.DACO!.damage = daco.def - 1 - crt(6, ala.gun)
    expect(s.usa.DACO!.damage).toBeGreaterThanOrEqual(0)
    const quiet = dieWhere((d) => crt(d, daco.gun) === 0)
    const finish = winningFight(ala.gun, 1, daco.gun, ala.def)
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), 6, quiet, ...finish, FWDT],
    })
    expect(r.texts('8.11').filter((t) => t.startsWith('Segment'))).toHaveLength(1 + finish.length / 2)
  })

  it('10.51 / 8.11: an uncommissioned ship has no gunnery', () => {
    const s = alaMeetsDaco()
    s.csa.ALA!.commissioned = false
    const hit = crt(6, daco.gun)
    expect(hit).toBeGreaterThan(0)
    const n = Math.ceil(ala.def / hit)
    const dice = Array.from({ length: n }, () => [6, 6]).flat()
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT',
      dice: [spot1(), ...dice, FWDT],
    })
    expect(r.texts('8.11')[1]).toBe(
      `Segment 1: ALA (gunnery 0, die 6) deals 0 to DACO; DACO (gunnery ${daco.gun}, die 6) deals ${hit} to ALA.`,
    )
    expect(r.state.csa.ALA!.status).toBe('sunk')
    expect(r.state.usa.DACO!.loc).toBe('map')
    expect(r.state.usa.DACO!.damage).toBe(0)
  })
})

describe('4.51 combat against a squadron', () => {
  /** ALA runs into a PENG+POWH squadron in C11; the squadron sinks it in two segments. */
  function squadron(targetPolicy: string) {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'PENG', 'C11')
    placeUsa(s, 'POWH', 'C11')
    const gun = shipDef('PENG').gun + shipDef('POWH').gun
    const fedHit = crt(6, gun)
    expect(2 * fedHit).toBeGreaterThanOrEqual(ala.def)
    const blank = dieWhere((d) => crt(d, ala.gun) === 0)
    return {
      gun,
      r: resolve(s, {
        federal: 'STACK PENG,POWH',
        confederate: `ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT${targetPolicy}`,
        dice: [spot1(), 6, 6, blank, 6, FWDT],
      }),
    }
  }

  it('4.51: the squadron fires with its total gunnery; the Confederate hits the member with the fewest hit points by default', () => {
    const { gun, r } = squadron('')
    const hit = crt(6, ala.gun)
    expect(r.texts('8.11')[1]).toBe(
      `Segment 1: ALA (gunnery ${ala.gun}, die 6) deals ${hit} to PENG; squadron PENG+POWH (gunnery ${gun}, die 6) deals ${crt(6, gun)} to ALA.`,
    )
    expect(r.state.csa.ALA!.status).toBe('sunk')
  })

  it('4.51: a TARGET policy names another member to take the damage', () => {
    const { r } = squadron('\nPOLICY ALA ON TARGET: HIGHEST-GUN')
    expect(r.texts('8.11')[1]).toContain(`deals ${crt(6, ala.gun)} to POWH;`)
  })

  it('8.23: damaged Federal ships leave the map at the end of the turn: to the AP with availability left, else to the UP', () => {
    const a = squadron('').r
    // PENG has used its only availability point: Unavailable Pool.
    expect(shipDef('PENG').availability! - a.state.usa.PENG!.spent).toBe(0)
    expect(a.texts('8.23')).toEqual(['PENG is damaged, repaired and placed in the Unavailable Pool.'])
    expect(a.state.usa.PENG!.loc).toBe('UP')
    expect(a.state.usa.PENG!.damage).toBe(0)
    const b = squadron('\nPOLICY ALA ON TARGET: HIGHEST-GUN').r
    expect(b.texts('8.23')).toEqual(['POWH is damaged, repaired and placed in the Available Pool.'])
    expect(b.state.usa.POWH!.loc).toBe('AP')
    expect(b.state.usa.POWH!.damage).toBe(0)
    expect(b.state.usa.POWH!.spent).toBe(1) // the repair costs no availability
    expect(b.state.usa.PENG!.loc).toBe('UP') // undamaged, but out of availability at the next placement (10.1)
  })
})

describe('8.2 effects of damage', () => {
  it('8.21: damage lowers the movement allowance checked at parse (Confederate and Federal)', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'ALA', 'C15', { damage: 2 })
    const moves = Array.from({ length: ala.ma - 1 }, (_, i) => (i % 2 ? 'C15' : 'C11')).join(' ')
    expect(parse(s, 'confederate', `ALA: MOVE ${moves}`).errors.map((e) => e.message)).toEqual([
      `ALA would spend ${ala.ma - 1} MP but has ${ala.ma - 2} (movement allowance ${ala.ma}, damage 2) (4.11)`,
    ])
    placeUsa(s, 'DACO', 'C11', { damage: 1 })
    const path = Array.from({ length: daco.ma }, (_, i) => (i % 2 ? 'C11' : 'C10')).join(' ')
    expect(parse(s, 'federal', `MOVE DACO ${path}`).errors.map((e) => e.message)).toEqual([
      `DACO moves ${daco.ma} areas but has ${daco.ma - 1} MP (4.13)`,
    ])
  })

  it("8.21: damage taken in combat cuts the rest of the turn's movement", () => {
    const s = alaMeetsDaco()
    const fedHit = dieWhere((d) => crt(d, daco.gun) >= 1)
    const dmg = crt(fedHit, daco.gun)
    const rest = winningFight(ala.gun, daco.def - crt(6, ala.gun), daco.gun, ala.def - dmg)
    // MOVE C11 and then bounce to use the whole printed allowance.
    const bounce = Array.from({ length: ala.ma - 1 }, (_, i) => (i % 2 ? 'C11' : 'C10')).join(' ')
    const r = resolve(s, {
      federal: '',
      confederate: `ALA: MOVE C11 ${bounce}\nPOLICY ALA ON SPOTTED: FIGHT`,
      dice: [spot1(), 6, fedHit, ...rest, FWDT],
    })
    expect(r.state.usa.DACO!.loc).toBe('sunk')
    expect(r.state.csa.ALA!.damage).toBe(dmg)
    const moved = r.texts('4.1').filter((t) => t.startsWith('ALA moves'))
    expect(moved).toHaveLength(ala.ma - dmg)
    expect(moved.at(-1)).toContain(`(${ala.ma - dmg}/${ala.ma - dmg} MP)`)
    expect(r.texts('4.11')).toHaveLength(1)
  })
})
