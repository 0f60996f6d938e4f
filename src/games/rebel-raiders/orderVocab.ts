// The names Rebel Raiders orders use, for the declared grammar (orderGrammar.ts): the map's spaces,
// pieces by their code and number, the commanders, card numbers, piece types. A name of the right
// shape is taken here and checked against the position by the line's reader, which says what is
// wrong with it there; a name of no known shape is refused with the nearest.
import { didYouMean, type Vocabularies, type Vocabulary } from '../kit/grammar.ts'
import type { RebelPack } from './pack.ts'
import type { RrState } from './state.ts'

const PIECE = /^[A-Z]{2}-[1-9]\d*$/

function spaces(pack: RebelPack, extra: readonly string[] = []): Vocabulary {
  const ids = [...extra, ...pack.map.spaces.map((s) => s.id)]
  return {
    resolve: (w) => {
      const u = w.toUpperCase()
      return extra.includes(u) || pack.map.has(u) ? u : null
    },
    ids: () => ids,
    unknown: (w) => ({ message: `no space ${w} on the map`, suggestion: didYouMean(w.toUpperCase(), ids, 'spaces') }),
  }
}

/** Pieces by their shape, with or without types and ALL: who they are is the reader's to check. */
function pieces(pack: RebelPack, state: RrState, words: readonly string[] = []): Vocabulary {
  const codes = pack.pieces.types.map((t) => t.code)
  const ids = [...words, ...state.pieces.map((p) => p.id)]
  return {
    resolve: (w) => {
      const u = w.toUpperCase()
      return (PIECE.test(u) && codes.includes(u.slice(0, 2))) || words.includes(u) ? u : null
    },
    ids: () => ids,
    unknown: (w) => {
      const near = didYouMean(w.toUpperCase(), ids, 'pieces')
      const or = words.length ? `, or one of ${words.join(', ')}` : ''
      return {
        message: `${w} names no piece: a piece is its type's code and a number (${codes.join(', ')}), e.g. GB-2${or}`,
        ...(near.startsWith('did you') ? { suggestion: near } : {}),
      }
    },
  }
}

function cards(pack: RebelPack): Vocabulary {
  const ids = [...pack.cards.keys()].map(String)
  return {
    // Quoted as written: a number past any card's would come back rounded as a float.
    resolve: (w) => (/^#?\d{1,3}$/.test(w) ? String(Number(w.replace('#', ''))) : null),
    ids: () => ids,
    unknown: (w) => ({
      message: /^#?\d+$/.test(w) ? `there is no card #${w.replace('#', '')}` : `${w} is no card number, e.g. 84`,
    }),
  }
}

/** A word the line's reader checks: a card's target (a space, a ship, a number), a commander's name, a target. */
const anyWord = (pack: RebelPack): Vocabulary => ({
  resolve: (w) => (/^[A-Z0-9.#-]+$/i.test(w) ? w.toUpperCase() : null),
  ids: () => [...pack.map.spaces.map((s) => s.id), '1', '2'],
})

function commanders(pack: RebelPack): Vocabulary {
  const ids = [...pack.pieces.commanders.CSA, ...pack.pieces.commanders.USA]
  return {
    resolve: (w) => ids.find((c) => c === w.toUpperCase()) ?? null,
    ids: () => ids,
    unknown: (w) => ({ message: `no commander ${w}`, suggestion: didYouMean(w.toUpperCase(), ids, 'commanders') }),
  }
}

/** The vocabularies of the order grammar in `state`. */
export function rebelVocabularies(state: RrState, pack: RebelPack): Vocabularies {
  const types = pack.pieces.types.map((t) => t.type.toUpperCase())
  const leaders = commanders(pack)
  const piece = pieces(pack, state)
  return {
    space: spaces(pack),
    spaceOrAll: spaces(pack, ['ALL']),
    piece,
    mover: {
      resolve: (w) => leaders.resolve(w) ?? piece.resolve(w),
      ids: () => [...leaders.ids(), ...piece.ids()],
      unknown: (w) => piece.unknown!(w),
    },
    raiderOrAll: pieces(pack, state, ['ALL']),
    shooter: pieces(pack, state, ['ALL', ...types]),
    target: pieces(pack, state, types),
    card: cards(pack),
    word: anyWord(pack),
    dice: {
      resolve: (w) => (/^\d$/.test(w) ? w : null),
      ids: () => ['0', '1', '2', '3'],
      unknown: (w) => ({ message: `TACTICS is a number of dice from 0 to 3, not ${w}` }),
    },
  }
}
