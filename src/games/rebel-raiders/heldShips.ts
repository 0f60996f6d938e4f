// Union ships a card holds off the map (PB 23): #62 Royal Navy keeps three screw sloops on the card
// until it is cancelled, #76 Red River Fiasco an ironclad and two gunboats until the next Union move
// begins. The card's text lets the Union build them new or take them off the map: for each place the
// Union answers a question, a ship of its own or one built new with the builds its written orders leave
// unspent (the card comes after they are written, so nothing ordered is undone). By default (ruling
// RR-K16) a ship leaves the map, from the Navy Yards first, then ships without a name or a commander,
// then by counter number; a Union short of such ships builds them new while the builds allow, else
// puts on the card those it has.
import { PUBLIC } from '../contract.ts'
import { settlePlayed } from './cards.ts'
import { spacesOf } from './cardPlaces.ts'
import type { PhaseRun } from './phaseRun.ts'
import { fire } from './reactions.ts'
import type { PieceType } from './setup.ts'
import type { RrPiece, RrState } from './state.ts'

const counterNo = (p: RrPiece) => Number(p.id.split('-')[1] ?? 0)

/** The ships a card holds now. */
export const heldBy = (s: RrState, card: number) => (s.cardShips ?? []).filter((h) => h.card === card)

/** The builds the Union's written orders leave unspent this phase, for ships built new onto a card. */
export interface CardBuildRoom {
  left: number
  /** The builds a ship of the type costs now, or null when it cannot be built now. */
  cost: (type: PieceType) => number | null
}

/** The option of a place on the card that builds its ship new. */
const NEW = 'NEW'

/** Takes Union ships of these types off the map onto the card, or builds them new there; returns their counters. */
export function takeOntoCard(run: PhaseRun, card: number, types: PieceType[], room?: CardBuildRoom): string[] {
  const s = run.s
  const commanded = new Set(Object.values(s.commanders).flat())
  const rank = (p: RrPiece) =>
    (p.at === 'NAVY' ? 0 : 2) + (s.named.some((n) => n.ship === p.id) || commanded.has(p.id) ? 1 : 0)
  const taken: string[] = []
  types.forEach((type, i) => {
    const open = s.pieces
      .filter((p) => p.side === 'USA' && p.type === type && !taken.includes(p.id))
      .sort((a, b) => rank(a) - rank(b) || counterNo(a) - counterNo(b))
    const cost = room?.cost(type) ?? null
    const buildable = cost !== null && cost <= room!.left
    const options = open.length + (buildable ? 1 : 0)
    const pick =
      options > 1
        ? whichShip(run, card, i, type, open, buildable ? cost : null)
        : (open[0]?.id ?? (buildable ? NEW : undefined))
    let id = pick
    if (pick === NEW) {
      room!.left -= cost!
      id = run.add('USA', type, 'NAVY').id
      run.remove([id])
      run.say(`#${card}`, `A new ${type} ${id} is built onto the card for ${cost} build(s) (ruling RR-K16).`)
    }
    // A place the Union cannot fill is kept empty (an empty counter), so the card still counts as holding.
    if (id) taken.push(id)
    s.cardShips = [...(s.cardShips ?? []), { card, id: id ?? '', type }]
  })
  run.remove(taken)
  return taken
}

/**
 * Which ship of the type the Union puts on the card: one of `open` taken off the map, or (`cost` not
 * null) one built new; its answer, by default the first of `open`.
 */
function whichShip(
  run: PhaseRun,
  card: number,
  i: number,
  type: PieceType,
  open: RrPiece[],
  cost: number | null,
): string {
  const first = open[0]?.id ?? NEW
  return run.ask({
    decisionId: `card-${card}-ship-${i + 1}-turn-${run.s.turn}`,
    role: 'union',
    question: `${run.cardName(card)} (#${card}): which ${type} do you put on the card (place ${i + 1}): one taken off the map, or one built new?`,
    options: [
      ...open.map((p) => ({ id: p.id, label: `${p.id} in ${run.name(p.at)}` })),
      ...(cost !== null
        ? [{ id: NEW, label: `a new ${type}, built for ${cost} of the builds your orders leave unspent` }]
        : []),
    ],
    defaultOption: first,
    situation: [
      `Without an answer ${first === NEW ? 'a new one is built' : `${first} goes`} (ruling RR-K16: the Navy Yards first, then ships without a name or commander).`,
    ],
  })
}

/** Puts the card's ships back on the map at `to` (null: they are lost); returns their counters. */
export function releaseFromCard(run: PhaseRun, card: number, to: (id: string) => string | null): string[] {
  const back = heldBy(run.s, card)
  run.s.cardShips = (run.s.cardShips ?? []).filter((h) => h.card !== card)
  const placed: string[] = []
  for (const h of back) {
    const at = h.id ? to(h.id) : null
    if (!at) continue
    run.s.pieces.push({ id: h.id, side: 'USA', type: h.type, at })
    run.arrived.add(h.id)
    placed.push(h.id)
  }
  return placed
}

/** #76 as the Union build begins, while the Union holds New Orleans: an ironclad and two gunboats go onto the card. */
export function redRiverFiasco(run: PhaseRun, room?: CardBuildRoom): void {
  const city = spacesOf(run.pack, 76)[0]!
  if (run.holder(city) !== 'USA') return
  if (!fire(run, 'build-start', run.s.phase, undefined, undefined, (c) => c === 76).includes(76)) return
  settlePlayed(run, 'CSA', 76, run.pack.cards.get(76)!.afterUse)
  const taken = takeOntoCard(run, 76, ['ironclad', 'gunboat', 'gunboat'], room)
  run.say(
    '#76',
    `Red River Fiasco: ${taken.length ? taken.join(', ') : 'no Union ironclad or gunboat'} go up the Red River (ruling RR-K16); they come back when the next Union move begins.`,
  )
}

/** #76 as the next Union move begins: each ship on the card sinks on 1-3, else reaches New Orleans; then a die of points to the Confederacy. */
export function redRiverReturn(run: PhaseRun): void {
  if (!heldBy(run.s, 76).length) return
  const city = spacesOf(run.pack, 76)[0]!
  const held = run.holder(city) === 'USA'
  const fate: string[] = []
  releaseFromCard(run, 76, (id) => {
    const die = held ? run.dice.roll(`#76 ${id} on the Red River`, 6, PUBLIC) : 0
    fate.push(`${id} ${held ? `${die}: ${die >= 4 ? 'back' : 'sunk'}` : 'sunk'}`)
    return die >= 4 ? city : null
  })
  run.say(
    '#76',
    `Red River Fiasco: ${fate.join(', ') || 'no ship'}${held ? '' : ` (the Union no longer holds ${run.name(city)})`}.`,
    city,
  )
  const vp = run.dice.roll('#76 Red River Fiasco points', 6, PUBLIC)
  run.vp(vp, '#76', 'Red River Fiasco')
}
