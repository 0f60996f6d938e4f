// Where the cards act: the places a card's text names (data/cards.json), who holds a space, and the
// spaces a battery may stand in.
import type { RebelPack } from './pack.ts'
import type { PlayOrder } from './cardTypes.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

export const BATTERY_PLACES = ['oceanPort', 'riverPort', 'fort', 'inlandCity']

export const holder = (s: RrState, pack: RebelPack, id: string) => s.control[id] ?? pack.map.space(id).side ?? 'neutral'

/** The spaces a card's text names (data/cards.json). */
export const spacesOf = (pack: RebelPack, card: number): string[] => pack.cards.get(card)?.spaces ?? []

/** The AT space of a play among those its card names (the first is the default when none is named). */
export const placeOf = (pack: RebelPack, play: PlayOrder) => play.at ?? spacesOf(pack, play.card)[0]!

export const atOneOfItsSpaces = (_s: RrState, pack: RebelPack, _side: Side, play: PlayOrder): string | null =>
  play.at && !spacesOf(pack, play.card).includes(play.at)
    ? `it places its ship in ${spacesOf(pack, play.card).join(' or ')}`
    : null
