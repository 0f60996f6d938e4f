// The naval attack on Norfolk the battle-card tests share: the Union's ships from the station, each
// card standing as a REACT at ALL, the dice forced by label.
import { given } from '../helpers/spec.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

export const position = (phase: Phase, hands: Hands = {}, turn = 2): RrState =>
  cardPosition({ salt: 'rr-battle', hidden: '44' }, phase, hands, turn)

/** The Union attacks Norfolk with the ships given from its station, each card standing as REACT AT ALL. */
export function norfolk(o: {
  usa?: number[]
  csa?: number[]
  turn?: number
  ships?: { id: string; type: 'ironclad' | 'gunboat' | 'sloop' }[]
  csaExtra?: { id: string; type: 'ironclad' | 'gunboat' }[]
  orders?: string
  aims?: RrState['aims']
  dice: Record<string, number | number[]>
  /** Rolls not forced come from the spec's fixed dice instead of failing. */
  loose?: boolean
}) {
  const s = position('union-move', { USA: o.usa ?? [], CSA: o.csa ?? [] }, o.turn ?? 2)
  s.reactions.USA = (o.usa ?? []).map((card) => ({ card, at: 'ALL' }))
  s.reactions.CSA = (o.csa ?? []).map((card) => ({ card, at: 'ALL' }))
  const ships = o.ships ?? [{ id: 'IC-9', type: 'ironclad' }]
  for (const x of ships) s.pieces.push({ id: x.id, side: 'USA', type: x.type, at: 'NORF.BS' })
  for (const x of o.csaExtra ?? []) s.pieces.push({ id: x.id, side: 'CSA', type: x.type, at: 'NORF' })
  if (o.aims) s.aims = o.aims
  return given(rs, s)
    .orders('union', `MOVE ${ships.map((x) => x.id).join(',')} NORF\n${o.orders ?? 'POLICY ALL ON BATTLE: RETREAT'}`)
    .dice(o.dice, o.loose ? undefined : 'strict')
    .resolve()
}
export const repulse = { 'repulse at NORF: first die': 2, 'repulse at NORF: second die': 1 }
