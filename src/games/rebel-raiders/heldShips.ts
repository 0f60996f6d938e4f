// Union ships a card holds off the map (PB 23): #62 Royal Navy keeps three screw sloops on the card
// until it is cancelled, #76 Red River Fiasco an ironclad and two gunboats until the next Union move
// begins. The card's text lets the Union build them new or take them off the map; the judge takes
// them off the map for it (ruling RR-K16): from the Navy Yards first, then ships without a name or a
// commander, then by counter number; a Union short of such ships puts on the card those it has.
import type { PhaseRun } from './phaseRun.ts'
import type { PieceType } from './setup.ts'
import type { RrPiece, RrState } from './state.ts'

const counterNo = (p: RrPiece) => Number(p.id.split('-')[1] ?? 0)

/** The ships a card holds now. */
export const heldBy = (s: RrState, card: number) => (s.cardShips ?? []).filter((h) => h.card === card)

/** Takes Union ships of these types off the map onto the card; returns their counters. */
export function takeOntoCard(run: PhaseRun, card: number, types: PieceType[]): string[] {
  const s = run.s
  const commanded = new Set(Object.values(s.commanders).flat())
  const rank = (p: RrPiece) =>
    (p.at === 'NAVY' ? 0 : 2) + (s.named.some((n) => n.ship === p.id) || commanded.has(p.id) ? 1 : 0)
  const taken: string[] = []
  for (const type of types) {
    const pick = s.pieces
      .filter((p) => p.side === 'USA' && p.type === type && !taken.includes(p.id))
      .sort((a, b) => rank(a) - rank(b) || counterNo(a) - counterNo(b))[0]
    if (!pick) continue
    taken.push(pick.id)
    s.cardShips = [...(s.cardShips ?? []), { card, id: pick.id, type }]
  }
  run.remove(taken)
  return taken
}

/** Puts the card's ships back on the map at `to` (null: they are lost); returns their counters. */
export function releaseFromCard(run: PhaseRun, card: number, to: (id: string) => string | null): string[] {
  const back = heldBy(run.s, card)
  run.s.cardShips = (run.s.cardShips ?? []).filter((h) => h.card !== card)
  const placed: string[] = []
  for (const h of back) {
    const at = to(h.id)
    if (!at) continue
    run.s.pieces.push({ id: h.id, side: 'USA', type: h.type, at })
    run.arrived.add(h.id)
    placed.push(h.id)
  }
  return placed
}
