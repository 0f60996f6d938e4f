// Two order-writing bots for Rebel Raiders (test only). They read the board as a report shows it
// (everything on the map is public in the basic game) and write order lines a player could write;
// each line is offered to the game's own order check and kept only if it passes, as a careful
// player would after reading his acknowledgement.
import type { Ruleset } from '../../../src/games/contract.ts'
import type { RebelMap } from '../../../src/games/rebel-raiders/map.ts'
import type { RrCommand } from '../../../src/games/rebel-raiders/orders.ts'
import type { RrPiece, RrState } from '../../../src/games/rebel-raiders/state.ts'

const SHIP = ['port', 'sea', 'river'] as const

/**
 * What one side knows of the game (the bots see only their own side's view): the board, the
 * cards face up and its own hand and standing orders; the other side's hand and both draw piles only
 * as counts (blank cards), the other side's standing orders (reactions, battle orders, interception,
 * Lee's wanted spaces) and its waiting cards not at all.
 */
export function sideView(s: RrState, side: 'CSA' | 'USA'): RrState {
  const v = structuredClone(s)
  const other = side === 'CSA' ? 'USA' : 'CSA'
  for (const t of [v.cards.CSA, v.cards.USA]) t.deck = { ...t.deck, drawPile: t.deck.drawPile.map(() => 0) }
  v.cards[other].hand = v.cards[other].hand.map(() => 0)
  v.cards[other].drawnOn = {}
  v.cards[other].bought = []
  v.reactions[other] = []
  v.policies[other] = []
  v.pending = v.pending.filter((b) => (b.card <= 55 ? 'USA' : 'CSA') === side)
  if (side === 'CSA') v.intercept = {}
  else if (v.marks) delete v.marks.leeWanted
  return v
}

/** Shortest ship paths from a space (breadth first), as space lists without the start. */
function paths(map: RebelMap, from: string, maxLen: number): Map<string, string[]> {
  const out = new Map<string, string[]>([[from, []]])
  let frontier = [from]
  for (let d = 0; d < maxLen; d++) {
    const next: string[] = []
    for (const at of frontier)
      for (const n of map.neighbours(at, SHIP))
        if (!out.has(n)) {
          out.set(n, [...out.get(at)!, n])
          next.push(n)
        }
    frontier = next
  }
  return out
}

function accept(rs: Ruleset<RrState, RrCommand>, s: RrState, role: string, kept: string[], line: string): boolean {
  if (rs.parseOrders(s, role, [...kept, line].join('\n')).errors.length) return false
  kept.push(line)
  return true
}

/** Tries lines in order for a piece, keeping the first the game accepts. */
function firstOf(rs: Ruleset<RrState, RrCommand>, s: RrState, role: string, kept: string[], lines: string[]): void {
  for (const l of lines) if (accept(rs, s, role, kept, l)) return
}

export function confederateOrders(rs: Ruleset<RrState, RrCommand>, map: RebelMap, s: RrState): string {
  const kept: string[] = []
  const mine = (t: RrPiece['type']) => s.pieces.filter((p) => p.side === 'CSA' && p.type === t)
  if (s.phase === 'csa-move') {
    for (const br of mine('runner')) {
      const reach = paths(map, br.at, 7)
      const tries: string[] = []
      if (br.cargo) {
        for (const [to, path] of reach)
          if (map.space(to).kind === 'oceanPort' && path.length)
            tries.push(`MOVE ${br.id} ${path.join(' > ')} > UNLOAD`)
      } else if (map.space(br.at).kind === 'neutralPort') tries.push(`MOVE ${br.id} LOAD`)
      else
        for (const [to, path] of reach)
          if (map.space(to).kind === 'neutralPort' && path.length)
            tries.push(`MOVE ${br.id} ${path.join(' > ')} > LOAD`)
      firstOf(
        rs,
        s,
        'confederate',
        kept,
        tries.sort((a, b) => a.length - b.length),
      )
    }
    for (const rd of mine('raider')) {
      const tries = [`MOVE ${rd.id} RAID x3`]
      for (const [, path] of paths(map, rd.at, 4))
        if (path.length) tries.push(`MOVE ${rd.id} ${path.join(' > ')} > RAID`)
      firstOf(rs, s, 'confederate', kept, tries)
    }
  } else {
    firstOf(rs, s, 'confederate', kept, ['BUILD RAIDER AT SPAI', 'BUILD RAIDER AT FREN'])
    for (const port of ['WILM', 'CHAS', 'SAVA', 'MOBL', 'GALV', 'NORL'])
      firstOf(rs, s, 'confederate', kept, [`BUILD RUNNER AT ${port}`])
    firstOf(rs, s, 'confederate', kept, ['BUILD GUNBOAT AT MEMP', 'BUILD GUNBOAT AT VICK'])
    for (const at of ['IS10', 'HEND', 'VICK']) firstOf(rs, s, 'confederate', kept, [`BUILD BATTERY AT ${at}`])
  }
  return kept.join('\n') || 'PASS'
}

export function unionOrders(rs: Ruleset<RrState, RrCommand>, map: RebelMap, s: RrState): string {
  const kept: string[] = []
  if (s.phase === 'union-move') {
    // Sloops hunt: search a raider or runner where they are, else sail toward the nearest one.
    kept.push('POLICY ALL ON BATTLE: RETREAT IF lost >= 1 AND attacking; FIGHT')
    for (const sl of s.pieces.filter((p) => p.side === 'USA' && p.type === 'sloop')) {
      const prey = s.pieces.filter((p) => p.side === 'CSA' && (p.type === 'raider' || p.type === 'runner'))
      const tries: string[] = []
      for (const [to, path] of paths(map, sl.at, 4))
        for (const t of prey.filter((p) => p.at === to))
          tries.push(
            `MOVE ${sl.id} ${[...path, `SEARCH(${t.id})`].join(' > ')}`.replace(`MOVE ${sl.id}  > `, `MOVE ${sl.id} `),
          )
      firstOf(
        rs,
        s,
        'union',
        kept,
        tries.sort((a, b) => a.length - b.length),
      )
    }
    // Assaults up the rivers and overland from what the Union holds.
    for (const [target, from] of [
      ['IS10', 'CAIR'],
      ['HEND', 'CAIR'],
      ['MEMP', 'IS10'],
      ['NASH', 'HEND'],
      ['FRED', 'WASH'],
      ['RICH', 'FRED'],
      ['CHAT', 'NASH'],
      ['VICK', 'MEMP'],
    ])
      accept(
        rs,
        s,
        'union',
        kept,
        `ASSAULT ${target} FROM ${from} TACTICS ${Math.max(0, Math.min(1, s.turn / 3 - 1) | 0)}`,
      )
  } else {
    firstOf(rs, s, 'union', kept, ['BUILD IRONCLAD AT CAIR'])
    for (let i = 0; i < 4; i++) firstOf(rs, s, 'union', kept, ['BUILD SLOOP'])
    firstOf(rs, s, 'union', kept, ['BUILD GUNBOAT AT STLO'])
  }
  return kept.join('\n') || 'PASS'
}
