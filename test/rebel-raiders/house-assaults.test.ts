// The standard Union house player's assaults and cards, from a set position: it goes in again where
// an assault may fail before it writes lines from the place that assault would take (11.8), keeps
// away from a place a card bars this turn (#77), lays its generals face up and names its assault
// cards at a victory city (16.11); every mail it writes passes the game's own order check.
import { describe, expect, it } from 'vitest'
import type { RrPiece, RrState } from '../../src/games/rebel-raiders/state.ts'
import { cardPosition, rs } from './cardPosition.ts'

const first = { below: () => 0 }

/** April 1864, the Union move: the Union holds Island No. 10, Memphis has three batteries, `pawns` cannon pawns. */
function memphisPosition(hand: number[], pawns: number): RrState {
  const s = cardPosition({ salt: 'rr-house-assaults', hidden: '4d' }, 'union-move', { USA: hand }, 10)
  s.control = { ...s.control, IS10: 'USA' }
  s.pieces = s.pieces.filter((p) => p.at !== 'IS10')
  const battery = (i: number): RrPiece => ({ id: `BT-9${i}`, side: 'CSA', type: 'battery', at: 'MEMP' })
  s.pieces.push(battery(1), battery(2), battery(3))
  s.unionPawns = pawns
  return s
}

function unionMail(s: RrState): string[] {
  const text = rs.house!.orders(rs.view(s, { kind: 'role', role: 'union' }), 'union', 'standard', first)
  expect(rs.parseOrders(s, 'union', text).errors).toEqual([])
  return text.split('\n')
}

describe('the standard Union house player: assaults and cards (RB 11, 16.11)', () => {
  it('11.8: against a fortified Memphis (three batteries, 11.62) it writes Memphis again before any line from Memphis', () => {
    const lines = unionMail(memphisPosition([], 4))
    const memphis = lines.filter((l) => l.startsWith('ASSAULT MEMP '))
    const fromMemphis = lines.findIndex((l) => / FROM MEMP\b/.test(l))
    expect(memphis.length).toBeGreaterThanOrEqual(2)
    expect(fromMemphis === -1 || fromMemphis > lines.indexOf(memphis[1]!)).toBe(true)
  })

  it('#77: it writes no assault on a place a card played this turn bars', () => {
    const s = memphisPosition([], 4)
    s.thisTurn = [...s.thisTurn, 'no-assault:MEMP:77', 'no-assault:FRED:77']
    const lines = unionMail(s)
    expect(lines.some((l) => /^ASSAULT (MEMP|FRED) /.test(l))).toBe(false)
    expect(lines.some((l) => l.startsWith('ASSAULT '))).toBe(true)
  })

  it('PB 23: Sherman and Grant are laid face up, #34 adds an assault, and the reroll goes to the assault on Memphis', () => {
    const lines = unionMail(memphisPosition([8, 50, 34, 5], 2))
    expect(lines).toEqual(expect.arrayContaining(['PLAY 8', 'PLAY 50', 'PLAY 34', 'PLAY 5 AT MEMP']))
    expect(lines.filter((l) => l.startsWith('ASSAULT ')).length).toBe(3)
    const play = lines.indexOf('PLAY 5 AT MEMP')
    expect(play).toBeLessThan(lines.findIndex((l) => l.startsWith('ASSAULT ')))
  })
})
