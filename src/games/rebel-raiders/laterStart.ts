// A start later than April 1861 (PB 19, the 1862 start): the phase it opens with, the Union control
// markers, the commanders with their ships, runners loaded on a die, #24's pawns already played, and
// the cards: in play, discarded, held aside and in hand by the card option chosen (19.5: A and B deal
// the historic hands, C draws them). Everything drawn face down comes from the hidden draws.
import { type Dice, MODERATOR } from '../contract.ts'
import { draw, newDeck } from '../kit/deck.ts'
import type { CardTable, Decks } from './state.ts'
import type { RrOptions } from './state.ts'
import type { Setup, Side } from './setup.ts'
import type { RrState } from './state.ts'

/** Each side's cards at a later start: the listed ones where the set-up puts them, the rest shuffled face down. */
export function laterStartDecks(
  all: Record<Side, number[]>,
  cards: NonNullable<Setup['cards']>,
  option: RrOptions['cards'],
  dice: Dice,
  turn: number,
): Decks {
  const table = (side: Side): CardTable => {
    const start = cards[side]
    const open = option === 'C'
    const placed = new Set([
      ...start.inPlay,
      ...start.discards,
      ...(start.heldAside ?? []).map((h) => h.card),
      ...(open ? [] : start.hand),
    ])
    const label = `${side === 'CSA' ? 'confederate' : 'union'} deck`
    const deck = newDeck(
      all[side].filter((c) => !placed.has(c)),
      dice,
      label,
      MODERATOR,
    )
    const dealt = open ? draw(deck, start.openDraw, dice, label, MODERATOR) : { deck, cards: [...start.hand] }
    return {
      deck: { ...dealt.deck, discards: [...start.discards] },
      hand: dealt.cards,
      inPlay: [...start.inPlay],
      heldAside: (start.heldAside ?? []).map((h) => ({ ...h })),
      removed: [],
      bought: [],
      drawnOn: Object.fromEntries(dealt.cards.map((c) => [c, turn])),
    }
  }
  return { CSA: table('CSA'), USA: table('USA') }
}

/** The rest of a later start on a state set up with its pieces: control, pawns, cargo on a die, #24's pawns. */
export function applyLaterStart(s: RrState, setup: Setup, dice: Dice): void {
  if (setup.phase) s.phase = setup.phase
  for (const [id, side] of Object.entries(setup.control ?? {})) s.control[id] = side
  s.csaPawnsNext = setup.csaPawnsNext ?? 0
  if (setup.cargoRoll) {
    const roll = setup.cargoRoll
    for (const p of s.pieces.filter((x) => x.type === 'runner')) {
      const die = dice.roll(`1862 cargo of ${p.id} at ${p.at}`, 6, MODERATOR)
      if (die >= roll.loadedFrom) p.cargo = roll.twoPoint.includes(p.at) ? 2 : 1
    }
  }
  if (setup.seaPawns) {
    // #24 From Sea to Shining Sea, played at the start (19.42): four pawns, #24's two among them; with cards A or B
    // all four may land on the historic targets (pawns.ts).
    s.unionPawns = Math.min(4, s.unionPawns + 2)
    const historic = s.options.cards !== 'C'
    s.seaPawns = 2
    s.seaTargets = historic ? [...setup.seaPawns.historic] : null
  }
}
