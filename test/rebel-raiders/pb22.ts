// The play book's extended example (PB 22) as the judge replays it: the 1862 start with cards B and
// the Union half of April 1862 written as the example's players would mail it (the orders below), with
// the example's dice forced by label. Where the example gives no die (the mortar boats' misses) a
// die of its stated result stands in; where the judge aims the fire itself (the default aim, no AIM order) or picks a
// card's target (ruling RR-K8) the dice make the example's stated outcomes where they can, and the
// tests say where the two part. Shared by the extended-example tests (the runner log's orders are in
// pb22Runners.ts).
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'

export const pack = rebelRaidersFactory.defaultPack()
export const rs = createRebelRaiders(pack as never)

/** The cargo each runner starts with in the example (PB 22's list of the set-up dice); the other eight are empty. */
export const BOOK_CARGO: Record<string, number> = {
  WILM: 2,
  VERA: 1,
  BRAZ: 1,
  AFRI: 1,
  SAVA: 2,
  HAVA: 1,
  FREN: 2,
  PENS: 1,
}

/** The position as the Union half of April 1862 opens (PB 19, cards B), with the Confederate's standing cards. */
export function opening(): RrState {
  const s = rs.setup('1862', { cards: 'B' }, pack, new LabelledDice([])) as RrState
  // The runners' cargo as the example's set-up dice gave it (PB 22, after 19.2), whatever the stand-in dice rolled.
  for (const p of s.pieces.filter((x) => x.type === 'runner')) {
    const cargo = BOOK_CARGO[p.at]
    if (cargo) p.cargo = cargo
    else delete p.cargo
  }
  // #110 at the forts and #71 at New Orleans, as the example's Confederate plays them there.
  s.reactions.CSA = [
    { card: 110, at: 'FJSP' },
    { card: 71, at: 'NORL' },
  ]
  // The Union draw pile as the example's draws come: #1, #7 and #52 after the move, #48 bought in the build.
  const t = s.cards.USA
  const next = [1, 7, 52, 48]
  t.deck = { ...t.deck, drawPile: [...next, ...t.deck.drawPile.filter((c) => !next.includes(c))] }
  // And the Confederate's as his August draws come: #63, #73 and #78, then #72 bought in his build.
  const csa = s.cards.CSA
  const his = [63, 73, 78, 72]
  csa.deck = { ...csa.deck, drawPile: [...his, ...csa.deck.drawPile.filter((c) => !his.includes(c))] }
  return s
}

/** The Union's April 1862 build (PB 22): Eads' Ironclads first, then an ironclad, two sloops and a card. */
export const UNION_BUILD = 'PLAY 35 AT STLO\nBUILD IRONCLAD AT STLO\nBUILD SLOOP\nBUILD SLOOP\nBUILD CARD'

/** The Confederate's standing orders: the gunboat sheltered at the forts, falling back after round 2. */
export const CSA_STANDING = 'POLICY FJSP ON DEFENCE: SHELTER\nPOLICY GB-2 ON BATTLE: RETREAT IF round >= 2; FIGHT'

/** The Union's April 1862 move (PB 22), in the example's order. */
export const UNION_MOVE = [
  // New Orleans: Brooklyn and Mississippi for the second battle; tactics +1 at both landings.
  'PLAY 13 AT NORL',
  'PLAY 23 AT NORL',
  'MOVE FARRAGUT WGLF > NORL.BS > PICKUP(GB-9,GB-10) > FJSP > NORL > DROP(GB-9,GB-10) > FJSP > NORL.BS > WGLF',
  'TACTICS FJSP 1',
  'TACTICS NORL 1',
  // "D-Day" at Norfolk: Carondelet, Tyler and the Queen of the West; no tactics.
  'PLAY 15 AT IC-2',
  'PLAY 18 AT GB-13',
  'PLAY 38 AT GB-14',
  'MOVE SL-7,GB-13 NAVY > CHES > NORF.BS > PICKUP(SL-5,SL-6,GB-14,IC-2) > NORF > DROP(GB-13) > NORF.BS',
  // Nashville from Forts Henry & Donelson: one die with +1.
  'ASSAULT NASH FROM HEND TACTICS 1',
  // Raider hunting at the Canaries.
  'MOVE SL-12 MATL > BISC > CANA > SEARCH(RD-2) > BISC > CHAN',
  'MOVE SL-11 NATL > AZOR > CANA > SEARCH(RD-2)+1',
  // Tidying up the blockade.
  'MOVE SL-8 NAVY > CHES > HATT > SATL > KEYS > EGLF > WGLF',
  'MOVE GB-15 CHAS.BS > SATL > KEYS > KWST.BS',
  'MOVE GB-16 SAVA.BS > SATL > KEYS > KWST.BS',
  'MOVE GB-11 NBRN.BS > HATT > SATL > STAU.BS',
  'MOVE GB-12 NBRN.BS > HATT > SATL > SAVA.BS',
].join('\n')

/** The example's dice, by label. */
export const UNION_MOVE_DICE = [
  // Forts Jackson & St. Philip: the mortars miss, eight sloop dice without a 6, the battery's 2 and 4 (+1).
  { label: /^#2 mortar boats at FJSP/, values: [2, 3] },
  { label: /^round 1: SL-\d+ at BT-6/, values: Array(8).fill(1) },
  { label: /^round 1: BT-6 at/, values: [2, 4] },
  { label: /^round 2: SL-\d+ at BT-6/, values: [6, 1, 1, 1, 1, 1] },
  { label: /^round 2: BT-6 at/, values: [1, 2] },
  { label: /^assault on FJSP: Union die/, values: [5, 5] },
  { label: /^assault on FJSP: Confederate die/, values: [3, 6] },
  // New Orleans: the mortars miss again; the Manassas' ram 4 against 3.
  { label: /^#2 mortar boats at NORL/, values: [1, 4] },
  { label: /rams SL-\d+: Confederate die/, values: [4] },
  { label: /rams SL-\d+: Union die/, values: [3] },
  // Round 1: the Hartford's hit shrugged off (5), the sloops' 3, 6 and boxcars; the rest miss.
  { label: /^round 1: GB-2 at/, values: [4] },
  { label: /^round 1: BT-17 at SL-2/, values: [5] },
  { label: /^round 1: SL-2 at GB-2/, values: [3, 6] },
  { label: /^round 1: SL-4 at GB-2/, values: [6, 6] },
  { label: /^round 1: .* at (SL-[24]|GB-\d+)/, values: Array(6).fill(1) },
  // Round 2: a 4 sinks a Union gunboat, the last sloop's 6 the Manassas.
  { label: /^round 2: IC-4 at/, values: [4] },
  { label: /^round 2: BT-1[78] at SL-4/, values: [5, 6] },
  { label: /^round 2: BT-1[78] at SL-2/, values: [1, 1] },
  { label: /^round 2: SL-2 at IC-4/, values: [6, 1] },
  { label: /^round 2: .* at IC-4/, values: [1, 1, 1] },
  // The landing: a pair of 3s +1 +1 against three 2s; the city's die 3.
  { label: /^assault on NORL: Union die/, values: [3, 3] },
  { label: /^assault on NORL: Confederate die/, values: [2, 2, 2, 1] },
  { label: /^capture of NORL/, values: [3] },
  // Norfolk: the Queen's ram 3 against 2; the battery's 5 and 5; the gunboat's 2 then 6; the Union's misses, then 5, 3, 3, 2, 4.
  { label: /GB-14 rams IC-1: Union die/, values: [3] },
  { label: /GB-14 rams IC-1: Confederate die/, values: [2] },
  { label: /^round 1: GB-1 at/, values: [2] },
  { label: /^round 1: BT-2 at/, values: [5, 5] },
  { label: /^round 1: .* at GB-1/, values: [2, 2, 1, 3, 3, 1, 1, 1, 1] },
  { label: /^round 2: GB-1 at/, values: [6] },
  { label: /^round 2: BT-2 at/, values: [1, 1] },
  { label: /^round 2: .* at GB-1/, values: [5, 3, 3, 2, 4, 1, 1] },
  { label: /^assault on NORF: Union die/, values: [5, 6] },
  { label: /^assault on NORF: Confederate die/, values: [3, 4, 1] },
  { label: /^capture of NORF/, values: [1] },
  // Nashville: 4 +1 against 4, 2; the city's die 1.
  { label: /^assault on NASH: Union die/, values: [4] },
  { label: /^assault on NASH: Confederate die/, values: [4, 2] },
  { label: /^capture of NASH/, values: [1] },
  // The Canaries: a search roll of 1 (no Confederate roll needed), then 5 +1 against the raider's 6 +3.
  { label: 'search for RD-2 by SL-12', values: [1] },
  { label: 'search for RD-2 by SL-11', values: [5] },
  { label: 'speed of RD-2', values: [6] },
]

/** The Union's April 1862 move as the judge plays it from the example's orders and dice. */
export function unionMove() {
  return given(rs, opening())
    .orders('confederate', CSA_STANDING)
    .orders('union', UNION_MOVE)
    .dice(UNION_MOVE_DICE, 'strict')
    .resolve()
}

/** The Union's April 1862 build after its move (PB 22). */
export function unionBuild() {
  return given(rs, unionMove().state).orders('union', UNION_BUILD).dice([], 'strict').resolve()
}

/** The Confederate August 1862 move after the runner log (PB 22), with the Union's standing defence at Nashville. */
export const CSA_AUGUST = [
  // #94 lays its 1-VP markers in its ports: three in Brazil and Africa, the last two of the thirteen in Ponta Delgado.
  'PLAY 94 AT 3',
  'MOVE RD-1 CHAN > NATL > RAID x2',
  'MOVE RD-2 AFRW > INDO > RAID x2',
  'COUNTERATTACK NASH FROM MEMP',
  'MOVE GB-3,GB-4 MEMP > VICK',
].join('\n')

export const CSA_AUGUST_DICE = [
  // The sloop waiting off France & England rolls a 1; the raider's two raids 5 and 3, the other's 1 and 6.
  { label: 'search for RD-1 by SL-12', values: [1] },
  { label: 'raid by RD-1', values: [5, 3] },
  { label: 'raid by RD-2', values: [1, 6] },
  // Nashville: the Confederate 5 and 1 against the Union's 2 +1; Grant's die again (ruling RR-A7): 1.
  { label: /^counterattack on NASH: Confederate die/, values: [5, 1] },
  { label: /^counterattack on NASH: Union die/, values: [2] },
  { label: /^#8 Grant: Confederate die/, values: [1] },
  // The supply: a single die, a 6.
  { label: 'supply die 1', values: [6] },
]

/** The Confederate August 1862 build (PB 22): the Alabama, a raider, two runners, two gunboats, the arsenal batteries, 15 VP for a gunboat and a card. */
export const CSA_AUGUST_BUILD = [
  'PLAY 63 AT FREN',
  'BUILD RAIDER AT SPAI',
  'BUILD RUNNER AT FREN',
  'BUILD RUNNER AT AFRI',
  'BUILD GUNBOAT AT MEMP',
  'BUILD GUNBOAT AT VICK',
  'BUILD BATTERY AT RICH',
  'BUILD BATTERY AT VICK',
  'EXCHANGE 3',
  'BUILD GUNBOAT AT ARKP SPECIAL',
  'BUILD CARD SPECIAL',
].join('\n')
