// RB 7.5-7.6: ships moving together, towing, and stacks in combat (7.75, 10.21).
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
const start = (phase: RrState['phase'] = 'union-move') => {
  const s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
  s.phase = phase
  return s
}
const messages = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)

describe('RB 7.5: stacks', () => {
  it("7.52: ships in one space move together, within each ship's own movement points", () => {
    const p = rs.parseOrders(start(), 'union', 'MOVE SL-6,GB-5 CHES > HATT')
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['MOVE SL-6,GB-5 NAVY > CHES > HATT  # 2 MP'])
    expect(messages(start(), 'union', 'MOVE SL-6,GB-5 CHES > HATT > SATL > KEYS')).toEqual([
      'step 4: GB-5: GB-5 has 3 movement points; this move needs 4 (RB 7.3)',
    ])
  })

  it('7.51: runners and raiders move alone; a stack starts in one space', () => {
    expect(messages(start('csa-move'), 'confederate', 'MOVE RD-1,BR-2 FJSP')).toEqual([
      'blockade runners and raiders move alone (7.51)',
    ])
    expect(messages(start(), 'union', 'MOVE SL-6,SL-1 CHES')[0]).toMatch(/a stack moves from one space/)
  })

  it('7.6: a sloop tows an ironclad through the sea zones, and may not search while it does', () => {
    const s = start()
    s.pieces.push({ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'NAVY' })
    expect(rs.parseOrders(s, 'union', 'MOVE SL-6,IC-1 CHES > HATT').normalised).toEqual([
      'MOVE SL-6,IC-1 NAVY > CHES > HATT  # 2 MP, towing IC-1',
    ])
    expect(messages(s, 'union', 'MOVE IC-1 CHES')[0]).toMatch(/unless towed by a sloop/)
    s.pieces.push({ id: 'BR-9', side: 'CSA', type: 'runner', at: 'CHES' })
    expect(messages(s, 'union', 'MOVE SL-6,IC-1 CHES > SEARCH(BR-9)')[0]).toMatch(/towing an ironclad may not search/)
  })
})

describe('stacks in combat', () => {
  it('7.73, 10.1: a Union stack assaulting Norfolk fights its gunboat and battery together, one pawn spent', () => {
    const run = given(rs, start()).orders('union', 'MOVE SL-6,GB-5 CHES > NORF.BS > NORF').resolve()
    expect(run.state.unionPawns).toBe(1)
    expect(run.texts('10.1')[0]).toMatch(/^Combat in Norfolk: SL-6, GB-5 against BT-5, GB-2,/)
  })

  it('7.75: Confederate gunboats entering a station held by Union ships attack them', () => {
    const s = start('csa-move')
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'NORF.BS' })
    const run = given(rs, s).orders('confederate', 'MOVE GB-2 NORF.BS').resolve()
    expect(run.texts('7.75')[0]).toMatch(/^Combat in Norfolk Blockade Station: GB-2 against SL-9/)
  })
})

describe('RB 6.12: stacking', () => {
  it('refuses on receipt a move that would put a seventh Union warship in a space; SCRAP makes room, the owner choosing', () => {
    const s = start()
    for (let i = 0; i < 6; i++) s.pieces.push({ id: `SL-${20 + i}`, side: 'USA', type: 'sloop', at: 'HATT' })
    expect(messages(s, 'union', 'MOVE SL-6 CHES > HATT')).toEqual([
      'SL-6 would break the limit: Hatteras holds at most 6 Union warships (6.12); to make room, SCRAP one of SL-20, SL-21, SL-22, SL-23, SL-24, SL-25 (the choice is yours), or send fewer',
    ])
    const run = given(rs, s).orders('union', 'SCRAP SL-22\nMOVE SL-6 CHES > HATT').resolve()
    expect(run.texts('6.12')).toEqual(['SL-22 is scrapped by its owner in Hatteras to make room.'])
    expect(run.state.pieces.filter((x) => x.at === 'HATT').map((x) => x.id)).toContain('SL-6')
    expect(run.state.pieces.filter((x) => x.at === 'HATT')).toHaveLength(6)
  })

  it('three batteries a space at most, beside six warships (the 6.12 example); the Navy Yards hold any number', () => {
    const s = start()
    for (let i = 0; i < 8; i++) s.pieces.push({ id: `SL-${30 + i}`, side: 'USA', type: 'sloop', at: 'NAVY' })
    s.pieces.push(
      { id: 'BT-20', side: 'CSA', type: 'battery', at: 'IS10' },
      { id: 'BT-21', side: 'CSA', type: 'battery', at: 'IS10' },
      { id: 'BT-22', side: 'CSA', type: 'battery', at: 'IS10' },
    )
    const warships = s.pieces.filter((p) => p.side === 'CSA' && p.at === 'IS10' && p.type !== 'battery').length
    for (let i = warships; i < 6; i++) s.pieces.push({ id: `GB-${40 + i}`, side: 'CSA', type: 'gunboat', at: 'IS10' })
    const run = given(rs, s).orders('union', 'PASS').resolve()
    expect(run.texts('6.12')).toEqual(['BT-22 is removed: Island No. 10 holds at most 3 Confederate batteries (6.12).'])
  })
})
