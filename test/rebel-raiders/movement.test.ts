// RB 7 (movement), 7.73-7.76 (what a move runs into), 8.11 (no raids in European waters), with the
// 1861 position on the reconstructed map.
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import rawPieces from '../../src/games/rebel-raiders/data/pieces.json' with { type: 'json' }
import rawSetup from '../../src/games/rebel-raiders/data/setup-1861.json' with { type: 'json' }
import { loadRebelMap } from '../../src/games/rebel-raiders/map.ts'
import { checkMove, type MoveContext } from '../../src/games/rebel-raiders/movement.ts'
import { parsePath } from '../../src/games/rebel-raiders/orderPath.ts'
import { openingPosition, type Piece, piecesSchema, setupSchema } from '../../src/games/rebel-raiders/setup.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const pieces = piecesSchema.parse(rawPieces)
function ctx(extra: Piece[] = [], change: (c: MoveContext) => void = () => {}): MoveContext {
  const position = openingPosition(setupSchema.parse(rawSetup), pieces, map)
  position.pieces.push(...extra)
  const c: MoveContext = { map, pieces, position, control: {} }
  change(c)
  return c
}
const piece = (c: MoveContext, id: string, side: 'CSA' | 'USA') =>
  c.position.pieces.find((p) => p.id === id && p.side === side)!
function move(c: MoveContext, id: string, side: 'CSA' | 'USA', path: string, opts = {}) {
  const steps = parsePath(path)
  if (typeof steps === 'string') throw new Error(steps)
  return checkMove(c, piece(c, id, side), steps, opts)
}

describe('RB 7.2-7.3: paths and movement points', () => {
  it('7.31, 7.33: a blockade runner sails from Wilmington to Nassau, loads and comes back within its 8 MP', () => {
    const c = ctx()
    const runner = c.position.pieces.find((p) => p.type === 'runner' && p.at === 'WILM')!
    const r = checkMove(c, runner, parsePath('WILM.BS > HATT > SATL > KEYS > CUBA') as never)
    expect(r).toMatchObject({ ok: true, mp: 5, end: 'CUBA' })
  })

  it('7.3: a move past its movement points is refused with the count', () => {
    const c = ctx()
    expect(move(c, 'SL-1', 'USA', 'EGLF > KEYS > CUBA > BAHA > CUBA > KEYS > EGLF')).toEqual({
      ok: false,
      error: 'SL-1 has 6 movement points; this move needs 7 (RB 7.3)',
      step: 7,
    })
  })

  it('7.21: a port is reached from the sea only through its blockade station; New Orleans only through the forts', () => {
    const c = ctx()
    expect(move(c, 'RD-1', 'CSA', 'WGLF')).toMatchObject({ ok: false, error: /is not next to New Orleans/ })
    expect(move(c, 'RD-1', 'CSA', 'FJSP > NORL.BS > WGLF')).toMatchObject({ ok: true, mp: 3 })
  })

  it('3.1, 7.24: land lines carry no ships, and the Chattanooga river line is closed to them', () => {
    const c = ctx([{ id: 'GB-9', side: 'CSA', type: 'gunboat', at: 'HEND' }])
    expect(move(c, 'GB-1', 'CSA', 'NASH')).toMatchObject({ ok: false, error: /only by a land line/ })
    expect(move(c, 'GB-9', 'CSA', 'CHAT')).toMatchObject({ ok: false, error: /no ship may move between/ })
  })
})

describe('the ship table: where each ship may go', () => {
  it('gunboats never reach the high seas, and only Union gunboats a coastal zone', () => {
    const c = ctx()
    expect(move(c, 'GB-2', 'CSA', 'NORF.BS')).toMatchObject({ ok: true })
    expect(move(c, 'GB-2', 'CSA', 'NORF.BS > CHES')).toMatchObject({
      ok: false,
      error: /gunboats may not enter a coastal zone/,
    })
    expect(move(c, 'GB-5', 'USA', 'CHES > HATT')).toMatchObject({ ok: true, mp: 2 })
    expect(move(c, 'GB-5', 'USA', 'NATL')).toMatchObject({ ok: false, error: /may not enter the high seas/ })
  })

  it('raiders, sloops and runners may not go upriver of Vicksburg; gunboats may', () => {
    const c = ctx([{ id: 'RD-2', side: 'CSA', type: 'raider', at: 'VICK' }])
    expect(move(c, 'RD-2', 'CSA', 'MEMP')).toMatchObject({ ok: false, error: /may not go upriver of Vicksburg/ })
    expect(move(c, 'GB-3', 'CSA', 'MEMP')).toMatchObject({ ok: true })
  })

  it('7.32: a towed Union ironclad spends nothing in the sea zones; alone it may not enter them', () => {
    const c = ctx([{ id: 'IC-1', side: 'USA', type: 'ironclad', at: 'NAVY' }])
    expect(move(c, 'IC-1', 'USA', 'CHES')).toMatchObject({ ok: false, error: /unless towed by a sloop/ })
    expect(move(c, 'IC-1', 'USA', 'CHES > HATT > SATL', { towed: true })).toMatchObject({ ok: true, mp: 0 })
  })
})

describe('RB 7.7: what a move runs into', () => {
  it('7.73, 10.42: a Union ship entering a Confederate port assaults it with a cannon pawn; the rest of its path is sailed only if it wins', () => {
    const c = ctx()
    expect(move(c, 'SL-3', 'USA', 'SAVA.BS > SAVA')).toEqual({
      ok: true,
      mp: 2,
      end: 'SAVA',
      encounters: [{ at: 'SAVA', kind: 'assault', why: 'entering Savannah is an assault (RB 7.73)' }],
    })
    expect(move(c, 'SL-3', 'USA', 'SAVA.BS > SAVA > SAVA.BS')).toMatchObject({ ok: true, mp: 3, end: 'SAVA.BS' })
    const noPawns = ctx([], (x) => {
      x.position.unionPawns = 0
    })
    expect(move(noPawns, 'SL-3', 'USA', 'SAVA.BS > SAVA')).toMatchObject({ ok: false, error: /no cannon pawn is left/ })
  })

  it('7.74: Confederate ships never enter a Union port or a space under a Union control marker', () => {
    const c = ctx([{ id: 'GB-9', side: 'CSA', type: 'gunboat', at: 'IS10' }], (x) => {
      x.control.VICK = 'USA'
    })
    expect(move(c, 'GB-9', 'CSA', 'CAIR')).toMatchObject({
      ok: false,
      error: /never enter Cairo, a Union port \(RB 7.74\)/,
    })
    expect(move(c, 'GB-3', 'CSA', 'MEMP')).toMatchObject({ ok: true })
    expect(move(c, 'GB-1', 'CSA', 'VICK')).toMatchObject({ ok: false, error: /never enter Vicksburg/ })
  })

  it('7.75: runners and raiders entering a station held by Union warships make a speed roll; Union ships entering one held by Confederate gunboats fight', () => {
    const c = ctx([
      { id: 'SL-7', side: 'USA', type: 'sloop', at: 'CHAS.BS' },
      { id: 'GB-4', side: 'CSA', type: 'gunboat', at: 'SAVA.BS' },
    ])
    const runner = c.position.pieces.find((p) => p.type === 'runner' && p.at === 'CHAS')!
    expect(checkMove(c, runner, parsePath('CHAS.BS > SATL') as never)).toMatchObject({
      ok: true,
      encounters: [{ at: 'CHAS.BS', kind: 'speed-roll' }],
    })
    expect(move(c, 'SL-3', 'USA', 'SAVA.BS')).toMatchObject({
      ok: true,
      encounters: [{ at: 'SAVA.BS', kind: 'combat' }],
    })
  })

  it('7.76: a raider entering a high seas zone with Union sloops makes a speed roll', () => {
    const c = ctx([{ id: 'RD-2', side: 'CSA', type: 'raider', at: 'CANA' }])
    expect(move(c, 'RD-2', 'CSA', 'BISC > CHAN > NATL')).toMatchObject({
      ok: true,
      mp: 3,
      encounters: [{ at: 'NATL', kind: 'speed-roll' }],
    })
  })
})

describe('actions: loading, raiding, searching (RB 7.33-7.36, 8.11)', () => {
  it('7.33: cargo is loaded in a neutral port and unloaded in a Confederate port, by runners only', () => {
    const c = ctx([{ id: 'BR-9', side: 'CSA', type: 'runner', at: 'NASS' }])
    expect(move(c, 'BR-9', 'CSA', 'LOAD > BAHA > CUBA > KEYS > KWST.BS > KWST > UNLOAD')).toMatchObject({
      ok: true,
      mp: 7,
    })
    expect(move(c, 'BR-9', 'CSA', 'UNLOAD')).toMatchObject({ ok: false, error: /unloaded only in a Confederate port/ })
    expect(move(c, 'RD-1', 'CSA', 'LOAD')).toMatchObject({ ok: false, error: /only blockade runners load/ })
  })

  it('7.34, 8.11: a raid costs 2 MP and 2 more per +1, at sea only, never in European waters', () => {
    const c = ctx([{ id: 'RD-2', side: 'CSA', type: 'raider', at: 'CANA' }])
    expect(move(c, 'RD-2', 'CSA', 'RAID x3')).toMatchObject({ ok: true, mp: 6 })
    expect(move(c, 'RD-2', 'CSA', 'RAID+1 > AFRW')).toMatchObject({ ok: true, mp: 5 })
    expect(move(c, 'RD-2', 'CSA', 'BISC > RAID')).toMatchObject({
      ok: false,
      error: 'no raiding in Bay of Biscay (RB 8.11)',
    })
    expect(move(c, 'RD-2', 'CSA', 'RAID+2 x2')).toMatchObject({ ok: false, error: /needs 12/ })
  })

  it('7.35-7.36, 7.76: sloops search at sea and in stations, Union gunboats in stations only; no sloop searches for a runner on the high seas', () => {
    const c = ctx([
      { id: 'RD-2', side: 'CSA', type: 'raider', at: 'NATL' },
      { id: 'BR-9', side: 'CSA', type: 'runner', at: 'NATL' },
      { id: 'BR-8', side: 'CSA', type: 'runner', at: 'CHES' },
    ])
    expect(move(c, 'SL-4', 'USA', 'SEARCH(RD-2)+1')).toMatchObject({
      ok: true,
      mp: 4,
      encounters: [{ kind: 'search' }],
    })
    expect(move(c, 'SL-4', 'USA', 'SEARCH(BR-9)')).toMatchObject({
      ok: false,
      error: /not search for blockade runners on the high seas/,
    })
    expect(move(c, 'GB-5', 'USA', 'CHES > SEARCH(BR-8)')).toMatchObject({
      ok: false,
      error: /searches only in a blockade station/,
    })
    expect(move(c, 'SL-4', 'USA', 'SEARCH(RD-2)', { towing: true })).toMatchObject({
      ok: false,
      error: /towing an ironclad may not search/,
    })
  })

  it('reads paths as orders write them and says what it cannot read', () => {
    expect(parsePath('wilm.bs > hatt > raid+1 x2 > search(rd-1)+2 > load')).toEqual([
      { enter: 'WILM.BS' },
      { enter: 'HATT' },
      { action: 'RAID', boost: 1, times: 2 },
      { action: 'SEARCH', target: 'RD-1', boost: 2 },
      { action: 'LOAD' },
    ])
    expect(parsePath('HATT >> SATL')).toMatch(/^an empty step between > signs; steps: LOAD, UNLOAD, SEARCH/)
    expect(parsePath('RAID x9')).toBe('the number of raids is a whole number from 1 to 3, not 9')
    expect(parsePath('RAID+1 x2 > DROP(SL-3, GB-2) > PICKUP(GB-4)')).toEqual([
      { action: 'RAID', boost: 1, times: 2 },
      { action: 'DROP', ships: ['SL-3', 'GB-2'] },
      { action: 'PICKUP', ships: ['GB-4'] },
    ])
  })

  it('RB 8.1: a raid count written against RAID or spaced out reads as RAID x2', () => {
    for (const [written, boost] of [
      ['RAIDx2', 0],
      ['RAID X 2', 0],
      ['raid x2', 0],
      ['RAID+1x2', 1],
      ['RAID + 1 X2', 1],
    ] as const)
      expect(parsePath(written), written).toEqual([{ action: 'RAID', boost, times: 2 }])
    expect(parsePath('RAIDx9')).toBe('the number of raids is a whole number from 1 to 3, not 9')
  })
})
