// The Rebel Raiders data pack: the map, the piece table, the set-ups, the cards and the optional
// rules' tables, loaded and checked together; its hash fixes the game's copy in GameCreated (a
// moderator may load a corrected one).
import { canonicalJson, sha256Hex } from '../../util/canonical.ts'
import type { DataPack } from '../contract.ts'
import cardsJson from './data/cards.json' with { type: 'json' }
import { type CardDef, type CardList, cardListSchema } from './cardList.ts'
import mapJson from './data/map.json' with { type: 'json' }
import piecesJson from './data/pieces.json' with { type: 'json' }
import setup1861 from './data/setup-1861.json' with { type: 'json' }
import setup1862 from './data/setup-1862.json' with { type: 'json' }
import optionalJson from './data/optional-rules.json' with { type: 'json' }
import { type OptionalTables, optionalTablesSchema } from './optionalTables.ts'
import { loadRebelMap, type RebelMap } from './map.ts'
import { openingPosition, type Pieces, piecesSchema, type Setup, setupSchema } from './setup.ts'

/** The pack as the rules use it: the map with its look-ups. */
export interface RebelPack {
  map: RebelMap
  pieces: Pieces
  setups: Record<string, Setup>
  /** By number. */
  cards: ReadonlyMap<number, CardDef>
  /** Each side's deck, by number. */
  decks: { USA: number[]; CSA: number[] }
  /** The optional rules' tables (PB 18). */
  optional: OptionalTables
}

/** The pack as stored in GameCreated: plain JSON, checked. */
export interface RawRebelPack {
  map: unknown
  pieces: Pieces
  setups: Record<string, Setup>
  cards: CardList
  /** The optional rules' tables; a pack stored before they were part of it takes the embedded ones. */
  optional?: OptionalTables
}

/** A fresh copy of the embedded pack's raw parts. */
export function rawRebelPack(): unknown {
  return structuredClone({
    map: mapJson,
    pieces: piecesJson,
    setups: { '1861': setup1861, '1862': setup1862 },
    cards: cardsJson,
    optional: optionalJson,
  })
}

/** The rules' view of a checked pack. */
export function bindRebelPack(raw: RawRebelPack): RebelPack {
  const cards = new Map(raw.cards.cards.map((c) => [c.number, c]))
  const deck = (side: 'USA' | 'CSA') => raw.cards.cards.filter((c) => c.side === side).map((c) => c.number)
  return {
    map: loadRebelMap(raw.map).content,
    pieces: raw.pieces,
    setups: raw.setups,
    cards,
    decks: { USA: deck('USA'), CSA: deck('CSA') },
    optional: raw.optional ?? optionalTablesSchema.parse(optionalJson),
  }
}

export function loadRebelPack(raw: unknown): DataPack<RawRebelPack> {
  const r = raw as {
    map?: unknown
    pieces?: unknown
    setups?: Record<string, unknown>
    cards?: unknown
    optional?: unknown
  }
  const map = loadRebelMap(r.map).content
  const pieces = piecesSchema.parse(r.pieces)
  const cards = cardListSchema.parse(r.cards)
  for (const c of cards.cards)
    for (const id of [...(c.spaces ?? []), ...(c.unionHoldsNone ?? [])])
      if (!map.has(id)) throw new Error(`card #${c.number} names ${id}, which is not on the map`)
  const setups: Record<string, Setup> = {}
  for (const [id, s] of Object.entries(r.setups ?? {})) {
    setups[id] = setupSchema.parse(s)
    openingPosition(setups[id]!, pieces, map) // every set-up must place on this map
  }
  if (!Object.keys(setups).length) throw new Error('the pack has no set-up')
  const optional = r.optional === undefined ? undefined : optionalTablesSchema.parse(r.optional)
  for (const id of optional
    ? [optional.privateers.port, ...optional.repairs.unionYards, ...optional.leeGoesWest.virginia]
    : [])
    if (!map.has(id)) throw new Error(`the optional rules' tables name ${id}, which is not on the map`)
  return {
    id: `rebel-raiders:${map.id}`,
    // A pack without the optional tables keeps the hash it had before they were added.
    hash: sha256Hex(
      canonicalJson({
        map: r.map,
        pieces: r.pieces,
        setups: r.setups,
        cards: r.cards,
        ...(r.optional === undefined ? {} : { optional: r.optional }),
      }),
    ),
    content: { map: r.map, pieces, setups, cards, ...(optional ? { optional } : {}) },
  }
}
