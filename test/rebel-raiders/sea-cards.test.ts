// Ships the cards move or place at sea (PB 23): #75 CSS Albemarle, the storms #49 and #92, #52
// Coaling Station and #44 USS Coeur de Lion. Each test names the card and the rule or ruling it checks.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import { errors, position, rs } from './moreCards.ts'

describe('#75 CSS Albemarle (PB 23, RB 7.2, 10.2)', () => {
  it('#75 in 1864, at the start of a Confederate move: a free ironclad named the Albemarle in a Confederate port of the three zones', () => {
    const s = position('csa-move', 10, { CSA: [75] })
    expect(errors(s, 'confederate', 'PLAY 75 AT MOBL')[0]).toMatch(
      /^name a Confederate port for it: PLAY 75 AT NORF\|NBRN\|WILM\|CHAS\|SAVA\|STAU$/,
    )
    const run = given(rs, s).orders('confederate', 'PLAY 75 AT WILM').dice({ 'supply die 1': 1 }).resolve()
    const named = run.state.named.find((n) => n.card === 75)!
    expect(run.state.pieces.find((p) => p.id === named.ship)).toMatchObject({
      type: 'ironclad',
      at: 'WILM',
      side: 'CSA',
    })
    expect(run.state.cards.CSA.inPlay).toEqual([75])
  })

  it('#75: the Albemarle sails into the three coastal zones, where other Confederate ironclads may not, attacks there with +1 and shrugs off its first hit; sunk, its card leaves the game', () => {
    const s = position('csa-move', 10, {}, { CSA: [75] })
    s.pieces = s.pieces.filter((p) => !(p.side === 'USA' && p.at === 'WILM.BS'))
    s.pieces.push({ id: 'IC-80', side: 'CSA', type: 'ironclad', at: 'WILM' })
    s.pieces.push({ id: 'IC-81', side: 'CSA', type: 'ironclad', at: 'WILM' })
    s.pieces.push({ id: 'SL-95', side: 'USA', type: 'sloop', at: 'HATT' })
    s.named.push({ ship: 'IC-80', card: 75, until: 'afloat' })
    expect(errors(s, 'confederate', 'MOVE IC-81 WILM.BS > HATT')[0]).toMatch(/ironclads may not enter a coastal zone/)
    const run = given(rs, s)
      .orders('confederate', 'MOVE IC-80 WILM.BS > HATT')
      .dice({
        'round 1: IC-80 at SL-95 (1)': 4,
        'round 1: SL-95 at IC-80 (1)': 6,
        'round 1: SL-95 at IC-80 (2)': 1,
        'supply die 1': 1,
      })
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'SL-95')).toBe(false)
    expect(run.state.pieces.find((p) => p.id === 'IC-80')!.at).toBe('HATT')
    const sunk = structuredClone(s)
    sunk.pieces = sunk.pieces.filter((p) => p.id !== 'IC-80')
    const after = given(rs, sunk).orders('confederate', 'PASS').dice({ 'supply die 1': 1 }).resolve()
    expect(after.state.cards.CSA.removed).toContain(75)
  })
})

describe("#49 Tempest's Wrath and #92 Tempest's Fury (PB 23, RB 7.2, 6.12)", () => {
  it('#92 (ruling RR-K18): Union ships in a coastal zone and its stations go to a Union port of the zone, else of the next zones; storm-bound, they may not move this turn', () => {
    const s = position('csa-move', 2, { CSA: [92] })
    s.pieces.push({ id: 'SL-96', side: 'USA', type: 'sloop', at: 'HATT' })
    s.pieces.push({ id: 'GB-96', side: 'USA', type: 'gunboat', at: 'WILM.BS' })
    expect(errors(s, 'confederate', 'PLAY 92 AT NATL')).toEqual(['name a coastal zone: PLAY 92 AT <zone>'])
    const run = given(rs, s).orders('confederate', 'PLAY 92 AT HATT').dice({ 'supply die 1': 1 }).resolve()
    const where = (id: string) => run.state.pieces.find((p) => p.id === id)!.at
    expect([where('SL-96'), where('GB-96')]).toEqual(['NAVY', 'NAVY'])
    expect(run.state.cards.CSA.deck.discards).toContain(92)
    const union = structuredClone(run.state)
    union.phase = 'union-move'
    expect(errors(union, 'union', 'MOVE SL-96 CHES')).toEqual([
      'SL-96 is storm-bound and may not move this turn (#49, #92)',
    ])
    const held = structuredClone(s)
    held.control.WILM = 'USA'
    const home = given(rs, held).orders('confederate', 'PLAY 92 AT HATT').dice({ 'supply die 1': 1 }).resolve()
    expect(home.state.pieces.find((p) => p.id === 'SL-96')!.at).toBe('WILM')
  })

  it('#49: Confederate ships in a high-seas zone go to the nearest neutral port, the next one when it is full (6.12)', () => {
    const s = position('union-move', 2, { USA: [49] })
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
    s.pieces.push({ id: 'BR-97', side: 'CSA', type: 'runner', at: 'MATL' })
    const run = given(rs, s).orders('union', 'PLAY 49 AT MATL').resolve()
    // Bermuda and France & England are both two movement points away: the first in the map's order (ruling RR-K18).
    expect(run.state.pieces.find((p) => p.id === 'RD-1')!.at).toBe('FREN')
    expect(run.state.pieces.find((p) => p.id === 'BR-97')!.at).toBe('FREN')
    expect(run.state.thisTurn).toEqual(expect.arrayContaining(['storm:RD-1', 'storm:BR-97']))
    const full = structuredClone(s)
    for (let i = 0; i < 6; i++) full.pieces.push({ id: `BR-${80 + i}`, side: 'CSA', type: 'runner', at: 'FREN' })
    const next = given(rs, full).orders('union', 'PLAY 49 AT MATL').resolve()
    expect(next.state.pieces.find((p) => p.id === 'RD-1')!.at).toBe('FREN')
    expect(next.state.pieces.find((p) => p.id === 'BR-97')!.at).toBe('SPAI')
  })
})

describe("#49 and #92: where the storm-blown ships run is their owner's choice (PB 23)", () => {
  it("#49 between neutral ports as near, a question to the Confederate, by default the first in the map's order; answered, the other", () => {
    const s = position('union-move', 2, { USA: [49] })
    s.pieces.find((p) => p.id === 'RD-1')!.at = 'MATL'
    const asked = given(rs, s).orders('union', 'PLAY 49 AT MATL').resolve()
    const q = asked.questions.find((x) => x.decisionId.startsWith('card-49-MATL'))!
    expect(q.role).toBe('confederate')
    expect(q.defaultOption).toBe('FREN')
    expect(q.options.length).toBeGreaterThan(1)
    const other = q.options.map((o) => o.id).find((id) => id !== 'FREN')!
    const answered = given(rs, s)
      .orders('union', 'PLAY 49 AT MATL')
      .answers({ [q.decisionId]: other })
      .resolve()
    expect(answered.state.pieces.find((p) => p.id === 'RD-1')!.at).toBe(other)
    // Fog: the Union reads where the raider went, never the question.
    const usa = answered.seenBy({ kind: 'role', role: 'union' } as never).join('\n')
    expect(usa).toMatch(/RD-1 to (?!France & England)/)
    expect(usa).not.toMatch(/to which port do your ships/)
  })

  it('#92 among the Union ports of the zone and the next ones, a question to the Union, by default one of the zone itself; answered, another', () => {
    const s = position('csa-move', 2, { CSA: [92] })
    s.pieces.push({ id: 'SL-96', side: 'USA', type: 'sloop', at: 'HATT' })
    s.control.WILM = 'USA'
    const asked = given(rs, s).orders('confederate', 'PLAY 92 AT HATT').dice({ 'supply die 1': 1 }).resolve()
    const q = asked.questions.find((x) => x.decisionId.startsWith('card-92-HATT'))!
    expect(q.role).toBe('union')
    expect(q.defaultOption).toBe('WILM')
    expect(q.options.map((o) => o.id)).toContain('NAVY')
    expect(asked.state.pieces.find((p) => p.id === 'SL-96')!.at).toBe('WILM')
    const answered = given(rs, s)
      .orders('confederate', 'PLAY 92 AT HATT')
      .answers({ [q.decisionId]: 'NAVY' })
      .dice({ 'supply die 1': 1 })
      .resolve()
    expect(answered.state.pieces.find((p) => p.id === 'SL-96')!.at).toBe('NAVY')
    const csa = answered.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')
    expect(csa).toMatch(/SL-96 to Navy Yards/)
    expect(csa).not.toMatch(/to which port do your ships/)
  })
})

describe('#52 Coaling Station (PB 23, RB 7.3)', () => {
  const LONG = 'NAVY > CHES > NORF.BS > CHES > HATT > SATL > KEYS > EGLF'
  const navy = (csaInStation = false) => {
    const s = position('union-move', 2, { USA: [52] })
    s.pieces.push({ id: 'SL-98', side: 'USA', type: 'sloop', at: 'NAVY' })
    s.pieces.push({ id: 'SL-99', side: 'USA', type: 'sloop', at: 'NAVY' })
    s.pieces.push({ id: 'GB-98', side: 'USA', type: 'gunboat', at: 'NAVY' })
    if (csaInStation) s.pieces.push({ id: 'GB-97', side: 'CSA', type: 'gunboat', at: 'NORF.BS' })
    return s
  }

  it('#52 (ruling RR-K19): a sloop, or a stack of sloops only, gains 6 MP as it enters a blockade station, checked on receipt as at resolution', () => {
    const s = navy()
    expect(errors(s, 'union', `MOVE SL-98 ${LONG}`)[0]).toMatch(/SL-98 has 6 movement points; this move needs 7/)
    expect(errors(s, 'union', `PLAY 52 AT GB-98`)).toEqual([
      'name the Union screw sloop that leads the move: PLAY 52 AT SL-<n>',
    ])
    expect(errors(s, 'union', `PLAY 52 AT SL-98\nMOVE SL-98,SL-99 ${LONG}`)).toEqual([])
    const run = given(rs, s).orders('union', `PLAY 52 AT SL-98\nMOVE SL-98,SL-99 ${LONG}`).resolve()
    expect(run.state.pieces.filter((p) => p.id === 'SL-98' || p.id === 'SL-99').map((p) => p.at)).toEqual([
      'EGLF',
      'EGLF',
    ])
    expect(run.state.cards.USA.hand).not.toContain(52)
    expect(run.state.cards.USA.deck.drawPile).toContain(52)
  })

  it('#52: not with a gunboat in the group, nor at a station a Confederate gunboat or ironclad holds', () => {
    // The sloop does not coal in a group with a gunboat: it is the first to run out.
    expect(errors(navy(), 'union', `PLAY 52 AT SL-98\nMOVE SL-98,GB-98 ${LONG}`)[0]).toMatch(
      /SL-98: SL-98 has 6 movement points; this move needs 7/,
    )
    expect(errors(navy(true), 'union', `PLAY 52 AT SL-98\nMOVE SL-98 ${LONG}`)[0]).toMatch(
      /SL-98 has 6 movement points; this move needs 7/,
    )
  })
})

describe('#44 USS Coeur de Lion (PB 23, RB 7.3, 7.6)', () => {
  const FERRY = 'NAVY > CHES > HATT > SATL > CHAS.BS'
  const yards = (faceUp: boolean) => {
    const s = faceUp ? position('union-move', 2, {}, { USA: [44] }) : position('union-move', 2, { USA: [44] })
    for (const id of ['IC-91', 'IC-92', 'GB-91', 'GB-92', 'GB-93'])
      s.pieces.push({ id, side: 'USA', type: id.startsWith('IC') ? 'ironclad' : 'gunboat', at: 'NAVY' })
    return s
  }

  it('#44 (ruling RR-K20): laid face up, up to four ironclads and gunboats go from the Navy Yards to one station of the three zones, untowed and whatever the distance, once a turn', () => {
    const s = yards(false)
    expect(errors(s, 'union', `MOVE IC-91,GB-91 ${FERRY}`)[0]).toMatch(
      /ironclads may not enter a coastal zone unless towed/,
    )
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91,GB-91 ${FERRY}`)).toEqual([])
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91,IC-92,GB-91,GB-92,GB-93 ${FERRY}`)[0]).toMatch(
      /may not enter a coastal zone/,
    )
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91,GB-91 ${FERRY}\nMOVE GB-92 ${FERRY}`)[0]).toMatch(
      /GB-92 has 3 movement points/,
    )
    expect(errors(s, 'union', `PLAY 44\nMOVE IC-91 NAVY > CHES > HATT > SATL > KEYS > KWST.BS`)[0]).toMatch(
      /may not enter a coastal zone/,
    )
    const run = given(rs, s).orders('union', `PLAY 44\nMOVE IC-91,GB-91 ${FERRY}`).resolve()
    expect(run.state.pieces.filter((p) => p.id === 'IC-91' || p.id === 'GB-91').map((p) => p.at)).toEqual([
      'CHAS.BS',
      'CHAS.BS',
    ])
    expect(run.state.cards.USA.inPlay).toEqual([44])
    expect(run.texts('#44')).toContain('USS Coeur de Lion carries IC-91, GB-91 from the Navy Yards to their station.')
    expect(errors(yards(true), 'union', `MOVE IC-92,GB-92,GB-93 ${FERRY}`)).toEqual([])
  })
})
