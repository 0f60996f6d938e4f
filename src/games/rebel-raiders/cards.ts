// The two decks of Rebel Raiders (RB 4.11, 4.21, 14.1, 14.4, 15.1, 15.5, 17.22-17.23, 17.33): each
// side's draw pile, hand, discards, cards kept face up, cards held aside to go back into the deck,
// and cards out of the game. The order of a draw pile comes from hidden draws (nobody may see it);
// a hand is told to its owner alone; the discards and the cards in play are public.
import { type Audience, type DecisionRequest, type Dice, MODERATOR, onlyRoles, PUBLIC } from '../contract.ts'
import { discard, draw, newDeck, removeCard, shuffled } from '../kit/deck.ts'
import type { AFTER_USE } from './cardList.ts'
import type { Side } from './setup.ts'
import { type CardTable, dateOf, type Decks, roleOf, type RrState } from './state.ts'

export type { CardTable, Decks } from './state.ts'

/** A phase's resolution as far as the cards need it: the state, the dice and the narrative. */
export interface CardRun {
  readonly s: RrState
  readonly dice: Dice
  tell(audience: Audience, rule: string, text: string): void
  cardName(card: number): string
  /** A question to a player in the middle of the phase (PhaseRun.ask); without it the default applies. */
  ask?(q: Omit<DecisionRequest, 'applied' | 'byDefault' | 'narrativeBefore'>): string
}

export const HAND_LIMIT = 6
const SIDE_NAME: Record<Side, string> = { CSA: 'Confederate', USA: 'Union' }
const ownerOnly = (side: Side): Audience => onlyRoles(roleOf(side))

/** 4.11, 4.21: each deck shuffled face down and three cards drawn into its hand. */
export function openingDecks(cards: Record<Side, number[]>, dice: Dice, turn: number): Decks {
  const table = (side: Side): CardTable => {
    const label = `${SIDE_NAME[side].toLowerCase()} deck`
    const dealt = draw(newDeck(cards[side], dice, label, MODERATOR), 3, dice, label, MODERATOR)
    const drawnOn = Object.fromEntries(dealt.cards.map((c) => [c, turn]))
    return { deck: dealt.deck, hand: dealt.cards, inPlay: [], heldAside: [], removed: [], bought: [], drawnOn }
  }
  return { CSA: table('CSA'), USA: table('USA') }
}

/** 14.1 and 15.1: three cards; two for a Confederacy at zero VP or less; four for the Union in 1864. */
export function buildDrawCount(s: RrState, side: Side): number {
  if (side === 'CSA') return s.vp <= 0 ? 2 : 3
  return dateOf(s.turn).year >= 1864 ? 4 : 3
}

const list = (run: CardRun, cards: readonly number[]) => cards.map((c) => `#${c} ${run.cardName(c)}`).join(', ')

/**
 * Draws into a side's hand. An empty draw pile takes the discards, shuffled (17.23); a draw that
 * neither can serve stops short and says so. The owner is told the cards, the other side the count.
 */
export function drawCards(run: CardRun, side: Side, count: number, rule: string, why: string): number[] {
  const t = run.s.cards[side]
  const label = `${SIDE_NAME[side].toLowerCase()} deck`
  const drawn = draw(t.deck, count, run.dice, label, MODERATOR)
  t.deck = drawn.deck
  t.hand.push(...drawn.cards)
  for (const c of drawn.cards) t.drawnOn[c] = run.s.turn
  if (drawn.reshuffled)
    run.tell(PUBLIC, '17.23', `The ${SIDE_NAME[side]} draw pile ran out: its discards were shuffled into a new one.`)
  const short = drawn.short ? ` (${drawn.short} short: no cards left to draw)` : ''
  run.tell(PUBLIC, rule, `The ${SIDE_NAME[side]} player draws ${drawn.cards.length} card(s) ${why}${short}.`)
  if (drawn.cards.length) run.tell(ownerOnly(side), rule, `You draw ${list(run, drawn.cards)}.`)
  return drawn.cards
}

/**
 * 14.4 and 15.5 at the end of a build phase: the cards named are discarded; in December (14.42)
 * the cards named for the refresh are discarded and as many drawn in their place; a hand still over
 * six, as cards drawn in the build may leave it, discards what its player answers, one card a question,
 * by default the highest-numbered (ruling RR-K1). Cards named that are not in the hand were
 * refused on receipt and are passed over here.
 */
export function endOfBuildDiscards(run: CardRun, side: Side, named: number[], refresh: number[]): void {
  const t = run.s.cards[side]
  const out = (cards: number[], rule: string, why: string) => {
    const gone = cards.filter((c) => t.hand.includes(c))
    if (!gone.length) return gone
    t.hand = t.hand.filter((c) => !gone.includes(c))
    t.deck = discard(t.deck, gone)
    run.tell(PUBLIC, rule, `The ${SIDE_NAME[side]} player discards ${list(run, gone)}${why}.`)
    return gone
  }
  out(named, '14.41', '')
  if (dateOf(run.s.turn).december && refresh.length) {
    const gone = out(refresh, '14.42', ' for the winter refresh')
    if (gone.length) drawCards(run, side, gone.length, '14.42', 'in their place')
  }
  const left = [...t.hand].sort((a, b) => b - a)
  const picks: number[] = []
  for (let n = 1; left.length > HAND_LIMIT; n++) {
    const hand = [...left]
    const first = String(hand[0])
    const pick = run.ask
      ? run.ask({
          decisionId: `hand-limit-${side}-turn-${run.s.turn}-${n}`,
          role: roleOf(side),
          question: `Your hand holds ${hand.length} cards, over ${HAND_LIMIT} (14.41): which card do you discard?`,
          options: hand.map((c) => ({ id: String(c), label: `#${c} ${run.cardName(c)}` })),
          defaultOption: first,
          situation: [`Without an answer #${first} goes, the highest-numbered (ruling RR-K1).`],
        })
      : first
    picks.push(Number(pick))
    left.splice(left.indexOf(Number(pick)), 1)
  }
  out(picks, '14.41', `: the hand was over ${HAND_LIMIT}`)
  t.bought = []
}

/** Moves a card face up (a lasting card, a name's card) to its side's discards. */
export function discardFromPlay(run: CardRun, side: Side, card: number): void {
  const t = run.s.cards[side]
  t.inPlay = t.inPlay.filter((c) => c !== card)
  t.deck = discard(t.deck, [card])
}

/** Puts a played card where its text sends it: the discards, face up in play, aside until a later turn, or out of the game. */
export function settlePlayed(run: CardRun, side: Side, card: number, after: (typeof AFTER_USE)[number]): void {
  const t = run.s.cards[side]
  t.hand = t.hand.filter((c) => c !== card)
  if (after === 'discard') t.deck = discard(t.deck, [card])
  else if (after === 'reshuffle') {
    const label = `${SIDE_NAME[side].toLowerCase()} deck reshuffle of ${card}`
    t.deck = { ...t.deck, drawPile: shuffled([...t.deck.drawPile, card], run.dice, label, MODERATOR) }
  } else if (after === 'remove') t.removed.push(card)
  else if (after === 'reshuffle-next-turn') t.heldAside.push({ card, returnsAfterTurn: run.s.turn + 1 })
  else t.inPlay.push(card)
}

/**
 * 14.43 at the end of a turn: each card held aside until this turn is shuffled into its side's draw
 * pile alone (17.23: the discards stay where they are).
 */
export function returnHeldAside(run: CardRun): void {
  for (const side of ['CSA', 'USA'] as const) {
    const t = run.s.cards[side]
    const back = t.heldAside.filter((h) => h.returnsAfterTurn <= run.s.turn).map((h) => h.card)
    if (!back.length) continue
    t.heldAside = t.heldAside.filter((h) => h.returnsAfterTurn > run.s.turn)
    const label = `${SIDE_NAME[side].toLowerCase()} deck return turn ${run.s.turn}`
    t.deck = { ...t.deck, drawPile: shuffled([...t.deck.drawPile, ...back], run.dice, label, MODERATOR) }
    run.tell(PUBLIC, '14.43', `${list(run, back)} go(es) back into the ${SIDE_NAME[side]} deck, shuffled in.`)
  }
}

/** Cards the Emancipation Proclamation takes out of the game (17.33): Trent, Maximillian, Royal Navy. */
export const EMANCIPATION_REMOVES = [83, 61, 62] as const

/**
 * 17.33: the three cards leave the game wherever they are, and each side's draw pile, discards and
 * held-aside cards (14.43) are shuffled together into a new draw pile. Returns the removed cards
 * that were in play, whose effects end (the caller undoes them).
 */
export function emancipationDecks(run: CardRun): number[] {
  const endedInPlay: number[] = []
  for (const side of ['CSA', 'USA'] as const) {
    const t = run.s.cards[side]
    for (const card of EMANCIPATION_REMOVES) {
      const where = t.hand.includes(card)
        ? 'hand'
        : t.inPlay.includes(card)
          ? 'inPlay'
          : t.deck.drawPile.includes(card) || t.deck.discards.includes(card) || t.heldAside.some((h) => h.card === card)
            ? 'deck'
            : null
      if (!where) continue
      if (where === 'inPlay') endedInPlay.push(card)
      t.hand = t.hand.filter((c) => c !== card)
      t.inPlay = t.inPlay.filter((c) => c !== card)
      t.heldAside = t.heldAside.filter((h) => h.card !== card)
      t.deck = removeCard(t.deck, card)
      t.removed.push(card)
      run.tell(PUBLIC, '17.33', `#${card} ${run.cardName(card)} is out of the game.`)
    }
    const pile = [...t.deck.drawPile, ...t.deck.discards, ...t.heldAside.map((h) => h.card)]
    const label = `${SIDE_NAME[side].toLowerCase()} deck emancipation`
    t.deck = { drawPile: shuffled(pile, run.dice, label, MODERATOR), discards: [], reshuffles: t.deck.reshuffles }
    t.heldAside = []
    run.tell(
      PUBLIC,
      '17.33',
      `The ${SIDE_NAME[side]} draw pile and discards are shuffled together (${pile.length} cards).`,
    )
  }
  return endedInPlay
}

/** What a reader may see of a side's cards: the hand only for its owner (and the moderator). */
export function cardsSeenBy(
  s: RrState,
  side: Side,
  viewer: { kind: 'role'; role: string } | { kind: 'observer' } | { kind: 'moderator' },
) {
  const t = s.cards[side]
  const own = viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === roleOf(side))
  return {
    hand: own ? [...t.hand] : null,
    handSize: t.hand.length,
    drawPile: t.deck.drawPile.length,
    discards: [...t.deck.discards],
    inPlay: [...t.inPlay],
    heldAside: t.heldAside.map((h) => ({ ...h })),
    removed: [...t.removed],
  }
}

/** A DISCARD or REFRESH line's cards, or why it is refused: numbers from the hand, each named once, REFRESH in December. */
export function discardProblem(
  state: RrState,
  side: 'CSA' | 'USA',
  verb: 'DISCARD' | 'REFRESH',
  words: string[],
  already: ReadonlySet<number>,
): number[] | string {
  const cards = words.flatMap((w) => w.split(',')).filter(Boolean)
  const numbers = cards.map((w) => Number(w.replace(/^#/, '')))
  if (!numbers.length || numbers.some((n) => !Number.isInteger(n)))
    return `write ${verb} <card number> [<card number> ...], e.g. ${verb} 12 40`
  if (verb === 'REFRESH' && !dateOf(state.turn).december)
    return 'the winter refresh is made in a December build phase only (14.42)'
  const hand = state.cards[side].hand
  const notHeld = numbers.filter((n) => !hand.includes(n))
  if (notHeld.length)
    return `not in your hand: ${notHeld.map((n) => `#${n}`).join(', ')} (your hand: ${hand.map((n) => `#${n}`).join(', ') || 'empty'})`
  const twice = numbers.filter((n, i) => already.has(n) || numbers.indexOf(n) !== i)
  if (twice.length) return `${twice.map((n) => `#${n}`).join(', ')} named twice`
  return numbers
}
