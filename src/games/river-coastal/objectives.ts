// The objective cards (rulebook §6 L391-423): each side is dealt three in secret and discards one;
// the two kept stay secret until the game ends. Scenarios fix their objectives unless the game is
// created with the option objectiveCards.
import type { Dice, Question } from '../contract.ts'
import { onlyRoles } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import type { RiverPack } from './pack.ts'
import { SIDES, type Side } from './scenario.ts'

/** Upper case: the mail layer reads the id of a DECIDE line in upper case (src/engine/asking.ts). */
export const discardId = (side: Side) => `OBJECTIVES-${side}`

/** Deals each side its cards from its own shuffled deck (ruling RC-13), in secret, less the cards the table cannot hold. */
export function dealObjectives(pack: RiverPack, hidden: Dice, without: string[] = []): Record<Side, string[]> {
  const o = pack.tables.objectives
  const deck = o.deck.filter((c) => !without.includes(c))
  const dealt = {} as Record<Side, string[]>
  for (const side of SIDES)
    dealt[side] = shuffled(deck, hidden, `objectives:${side}`, onlyRoles(side)).slice(0, o.dealt)
  return dealt
}

export function discardQuestion(side: Side, cards: string[], pack: RiverPack): Question {
  const text = pack.tables.objectives.cards
  return {
    decisionId: discardId(side),
    role: side,
    question: 'Which objective card do you discard? You keep the other two, in secret.',
    options: cards.map((c) => ({ id: c, label: text[c] ?? c })),
    defaultOption: cards.at(-1)!,
    situation: cards.map((c) => `${c}: ${text[c] ?? c}`),
  }
}

/** The cards kept: all dealt but the one discarded (an answer naming no dealt card discards the default). */
export function keptObjectives(cards: string[], answer: string | undefined): string[] {
  const out = cards.includes(answer ?? '') ? answer! : cards.at(-1)!
  return cards.filter((c) => c !== out)
}

/**
 * §6 L419, ruling RC-79: the card is done when the ship the enemy stranded has left the table by her
 * own side's edge (the Confederates' upstream, the Union's downstream), afloat and not a prize.
 */
export function retrievedShip(
  side: Side,
  // The state's own shape, named here so that this module, which state.ts uses, needs nothing of it.
  state: {
    stranded?: Partial<Record<Side, string>>
    ships: Record<string, { id: string; status: string; prizeOf?: Side }>
    exited: Record<string, string>
  },
): boolean {
  const id = state.stranded?.[side]
  const s = id ? state.ships[id] : undefined
  const own = side === 'CSA' ? 'upstream' : 'downstream'
  return !!s && state.exited[s.id] === own && s.status === 'afloat' && s.prizeOf === undefined
}
