// Rule 4: movement allowance, script order, map-edge wraps, escape overrun, accepting blockade,
// escapes in raid areas and Federal squadrons.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  clearFederals,
  dieWhere,
  escapes,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  resolve,
  searchSpots,
  shipDef,
  T,
  withoutSumter,
} from './helpers.ts'

/** `n` moves bouncing between two adjacent areas, starting with `a`. */
const bounce = (a: string, b: string, n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? a : b)).join(' ')

describe('4.1 movement allowance', () => {
  it('4.11: a Confederate script over the movement allowance is rejected naming the MP', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C15')
    const ma = shipDef('SUM').ma
    const over = parse(s, 'confederate', `SUM: MOVE ${bounce('C11', 'C15', ma + 1)}`)
    expect(over.errors).toHaveLength(1)
    expect(over.errors[0]!.message).toContain(`would spend ${ma + 1} MP but has ${ma}`)
    expect(over.errors[0]!.message).toContain('4.11')
    const exact = parse(s, 'confederate', `SUM: MOVE ${bounce('C11', 'C15', ma)}`)
    expect(exact.errors).toEqual([])
    expect(exact.warnings.some((w) => w.message.includes(`${ma}/${ma} MP planned`))).toBe(true)
  })

  it('4.13: raids, blockade runs and commissioning cost 1 MP each; a script counting them over MA is rejected', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C15', { port: 'CSA' })
    const ma = shipDef('SUM').ma
    // RUN-OUT (1) + (ma - 2) moves + RAID (1) = ma: accepted; one more raid elsewhere: over.
    const moves = bounce('C11', 'C15', ma - 2)
    expect(parse(s, 'confederate', `SUM: RUN-OUT\nSUM: MOVE ${moves}\nSUM: RAID`).errors).toEqual([])
    const over = parse(s, 'confederate', `SUM: RUN-OUT\nSUM: MOVE ${moves} C11\nSUM: RAID`)
    expect(over.errors.map((e) => e.message).join()).toContain(`would spend ${ma + 1} MP but has ${ma}`)
  })

  it('4.13: a Federal path longer than the movement allowance is rejected naming the MP', () => {
    const s = fresh()
    placeUsa(s, 'DACO', 'C11')
    const ma = shipDef('DACO').ma
    const over = parse(s, 'federal', `MOVE DACO ${bounce('C10', 'C11', ma + 1)}`)
    expect(over.errors).toHaveLength(1)
    expect(over.errors[0]!.message).toBe(`DACO moves ${ma + 1} areas but has ${ma} MP (4.13)`)
    expect(parse(s, 'federal', `MOVE DACO ${bounce('C10', 'C11', ma)}`).errors).toEqual([])
  })

  it('4.12: the lines for one ship must sit together', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C15')
    placeCsa(s, 'NASH', 'C14')
    const p = parse(s, 'confederate', 'SUM: MOVE C11\nNASH: MOVE C10\nSUM: MOVE C10')
    expect(p.errors).toHaveLength(1)
    expect(p.errors[0]!.line).toBe(3)
    expect(p.errors[0]!.message).toContain('lines for SUM must sit together')
  })

  it('4.12: the order of the ship blocks is the order of execution', () => {
    const s = fresh()
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15')
    placeCsa(s, 'NASH', 'C14')
    const r = resolve(s, { federal: '', confederate: 'NASH: MOVE C10\nSUM: MOVE C11', dice: [FWDT] })
    const moves = r.texts('4.1')
    expect(moves.findIndex((t) => t.startsWith('NASH moves to C10'))).toBeLessThan(
      moves.findIndex((t) => t.startsWith('SUM moves to C11')),
    )
    expect(r.state.csa.NASH!.area).toBe('C10')
    expect(r.state.csa.SUM!.area).toBe('C11')
  })
})

describe('4.22 map-edge wraps', () => {
  it('4.22: C39 wraps to C86 and D76 and back', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'ALA', 'C39')
    expect(parse(s, 'confederate', 'ALA: MOVE C86').errors).toEqual([])
    expect(parse(s, 'confederate', 'ALA: MOVE D76 C39').errors).toEqual([])
    placeCsa(s, 'ALA', 'C86')
    expect(parse(s, 'confederate', 'ALA: MOVE C39').errors).toEqual([])
  })

  it('4.22: a ship crosses the edge from C39 to C86 during activity', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s, true)
    placeCsa(s, 'ALA', 'C39')
    const r = resolve(s, { federal: '', confederate: 'ALA: MOVE C86', dice: [FWDT] })
    expect(r.state.csa.ALA!.area).toBe('C86')
    expect(r.all).toContain('ALA moves to C86 (1/')
  })

  it('4.22: a move to a non-adjacent area is rejected with the neighbours listed', () => {
    const s = fresh()
    withoutSumter(s)
    placeCsa(s, 'ALA', 'C39')
    const p = parse(s, 'confederate', 'ALA: MOVE C50')
    expect(p.errors).toHaveLength(1)
    expect(p.errors[0]!.message).toBe('C50 is not next to C39')
    expect(p.errors[0]!.suggestion).toBe('areas next to C39: C61, C70, C86, D76')
    const f = parse(s, 'federal', 'MOVE WYOM C39')
    expect(f.errors[0]!.message).toBe('C39 is not next to C54')
    expect(f.errors[0]!.suggestion).toContain('areas next to C54:')
  })
})

describe('4.3 executing the record', () => {
  it('4.32: an escape that takes the ship past its MA cancels the rest of its script', () => {
    const s = fresh()
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15')
    s.semmes.ship = null
    placeUsa(s, 'DACO', 'C21')
    const ma = shipDef('SUM').ma
    const spot = dieWhere((d) => searchSpots(T, d, 1), 'a spot by one searcher')
    const diff = ma - shipDef('DACO').ma
    const esc = dieWhere((d) => escapes(T, d, diff), 'an escape')
    const r = resolve(s, {
      federal: '',
      confederate: `SUM: MOVE ${bounce('C20', 'C15', ma - 1)} C21\nSUM: ENTER-PORT\nPOLICY SUM ON SPOTTED: ESCAPE`,
      dice: [spot, esc, FWDT],
    })
    expect(r.all).toContain(`SUM escapes from DACO (speed difference ${diff}, die ${esc})`)
    expect(r.texts('4.32')).toEqual([
      `SUM has spent ${ma + 1} of ${ma} MP escaping: the rest of its script is cancelled.`,
    ])
    // The ENTER-PORT line after the escape is never carried out.
    expect(r.state.csa.SUM!.area).toBe('C21')
    expect(r.state.csa.SUM!.port).toBeNull()
    expect(r.texts('4.4')).toEqual([])
  })

  it('4.33: accepting blockade ends the activity at once and waives the coaling requirement', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'DACO', 'C20')
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C20\nALA: RAID\nALA: MOVE C21 +RAID\nPOLICY ALA ON SPOTTED: PORT',
      dice: [spot, FWDT],
    })
    const ala = r.state.csa.ALA!
    expect(ala.area).toBe('C20')
    expect(ala.port).toBe('refuge') // C20 has no printed port: the 4.42 refuge
    expect(r.state.usa.DACO!.blockading).toBe('ALA')
    expect(r.texts('5.11')).toEqual([])
    expect(r.state.mm).toBe(s.mm)
    // No coaling at all this turn (C20 has no coal port), yet no 11.52 penalty.
    expect(r.texts('11.51')).toEqual([])
    expect(r.texts('11.52')).toEqual([])
    expect(ala.cannotRaidUntilRefit).toBe(false)
  })

  it('4.13 / 4.34: an escape in an area with a scripted raid spends the raid MP and the raid is not made', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'DACO', 'C11')
    const ma = shipDef('ALA').ma
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const esc = dieWhere((d) => escapes(T, d, ma - shipDef('DACO').ma))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nALA: RAID\nALA: MOVE C10\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot, esc, FWDT],
    })
    expect(r.texts('4.34')).toEqual(["ALA gives up its raid in C11; the raid's MP pays for the escape attempt."])
    expect(r.texts('5.11')).toEqual([])
    expect(r.state.mm).toBe(s.mm)
    // 4.13 / 4.34: move 1 + the escape, spending the raid's MP, 1 + move 1 = 3 MP: the escape is not free.
    expect(r.all).toContain(`ALA moves to C10 (3/${ma} MP)`)
  })

  it('4.34: without a raid scripted there, the escape costs its own MP', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'DACO', 'C11')
    const ma = shipDef('ALA').ma
    const spot = dieWhere((d) => searchSpots(T, d, 1))
    const esc = dieWhere((d) => escapes(T, d, ma - shipDef('DACO').ma))
    const r = resolve(s, {
      federal: '',
      confederate: 'ALA: MOVE C11\nALA: MOVE C10\nPOLICY ALA ON SPOTTED: ESCAPE',
      dice: [spot, esc, FWDT],
    })
    expect(r.texts('4.34')).toEqual([])
    expect(r.all).toContain(`ALA moves to C10 (3/${ma} MP)`)
  })
})

describe('4.5 squadrons', () => {
  it('4.52: ships stacked that end Phase 3 together form one squadron (one searcher)', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'DACO', 'C10')
    placeUsa(s, 'IROQ', 'C11')
    placeUsa(s, 'MOHIC', 'C11')
    const miss = dieWhere((d) => !searchSpots(T, d, 2))
    const r = resolve(s, {
      federal: 'MOVE DACO C11\nSTACK DACO,IROQ',
      confederate: 'ALA: MOVE C11',
      dice: [miss, FWDT],
    })
    expect(r.texts('4.52')).toEqual(['Squadron DACO+IROQ is formed in C11.'])
    // Three ships, but the squadron counts once: two searchers.
    expect(r.labels[0]).toBe('search for ALA in C11 by 2')
  })

  it('4.52: ships stacked that do not end together form no squadron', () => {
    const s = fresh()
    withoutSumter(s)
    clearFederals(s)
    placeCsa(s, 'ALA', 'C15')
    placeUsa(s, 'DACO', 'C11')
    placeUsa(s, 'IROQ', 'C11')
    placeUsa(s, 'MOHIC', 'C11')
    const miss = dieWhere((d) => !searchSpots(T, d, 3))
    const r = resolve(s, {
      federal: 'MOVE DACO C10\nSTACK DACO,IROQ',
      confederate: 'ALA: MOVE C11',
      dice: [miss, FWDT],
    })
    expect(r.texts('4.52')).toEqual(['Squadron DACO+IROQ is not formed: its ships do not end Phase 3 together.'])
    expect(r.labels[0]).toBe('search for ALA in C11 by 2')
  })
})
