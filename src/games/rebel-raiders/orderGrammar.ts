// Rebel Raiders' orders, declared once on the kit's grammar (digest 6.3): each order line's words,
// its typed parts, what it does and an example. The parser, the echo (AS UNDERSTOOD), HELP and the
// order form's comments come from these forms; the readers (orderLines.ts, orderMoves.ts and the
// standing orders' files) check what is read against the position. A move's path is its own small
// grammar of steps (orderPath.ts). The phase grammars, which forms each phase takes, are in
// phaseGrammar.ts.
import { echo, type Grammar, type OrderForm, type Part, type TokenPart, type Value } from '../kit/grammar.ts'
import { PATH, SIGNS } from './orderPath.ts'

export { SIGNS } from './orderPath.ts'

const id = (name: string, vocab: string, label?: string): TokenPart => ({
  kind: 'id',
  name,
  vocab,
  maxWords: 1,
  ...(label ? { label } : {}),
})
/** A list, its items separated by commas or spaces, echoed with commas; `syntax` for HELP when it says it better. */
const list = (name: string, item: TokenPart, label: string, min = 1, syntax?: string): Part => ({
  kind: 'repeat',
  name,
  items: [item],
  min,
  sep: ',',
  label,
  ...(syntax ? { syntax } : {}),
})
const word = (w: string): Part => ({ kind: 'literal', word: w })
const optional = (...parts: Part[]): Part => ({ kind: 'optional', parts })
const flag = (w: string): Part => ({ kind: 'flag', name: w.toLowerCase(), word: w })

const SPACE = id('at', 'space', 'a space')
const CARD = id('card', 'card', 'a card number')
/** Tactics as written; the reader checks them against the year's dice and names the numbers allowed (11.63). */
const TACTICS = id('tactics', 'dice', 'n')
/** Every piece type and card a side may build (builds.ts prices them). */
export const BUILD_WORDS = [
  'RAIDER',
  'GUNBOAT',
  'RUNNER',
  'IRONCLAD',
  'BATTERY',
  'SLOOP',
  'COUNTERATTACK',
  'PAWN',
  'CARD',
  'HUNTS',
  'UPGRADE',
  'MILITIA',
  'REPAIR',
] as const

const form = (name: string, parts: Part[], summary: string, example: string): OrderForm => ({
  name,
  words: [name.toUpperCase()],
  parts,
  summary,
  example,
})

/** BUILD with the words a side's HELP lists (the parser takes them all; builds.ts says which side builds what). */
export function buildForm(words: readonly string[] = BUILD_WORDS, example = 'BUILD RUNNER AT WILM'): OrderForm {
  return form(
    'build',
    [
      { kind: 'enum', name: 'what', words, label: 'a piece type' },
      optional(word('AT'), SPACE),
      flag('SPECIAL'),
      flag('FREE'),
    ],
    `one of ${words.join(', ')} bought now; SPECIAL with special points, FREE a Union ship of 18.24 (14.2-15.4)`,
    example,
  )
}

/** The lines of a side's own move phase. */
export const MOVE_FORMS: OrderForm[] = [
  form(
    'move',
    [list('who', id('who', 'mover', 'a ship or commander'), 'its ships', 1, '<ship>[,<ship>...]|<commander>'), PATH],
    'a stack moves as one along a path of spaces and actions; a commander takes his ships (7.2-7.5)',
    'MOVE RD-1 CHAS.BS > HATT > NATL > RAID+1 x2 > SEARCH(SL-6)+1',
  ),
  form(
    'command',
    [id('name', 'word', 'a commander'), list('ships', id('ship', 'piece', 'a ship'), 'his ships')],
    'a commander placed with the ships he commands (7.4)',
    'COMMAND FOOTE GB-5,GB-6',
  ),
  form('relieve', [id('name', 'word', 'a commander')], 'a commander taken off (7.4)', 'RELIEVE FOOTE'),
  form(
    'assault',
    [
      id('target', 'space', 'a target'),
      word('FROM'),
      id('from', 'space', 'a space'),
      optional(word('TACTICS'), TACTICS),
    ],
    'Union: a river or land assault, one cannon pawn (11)',
    'ASSAULT IS10 FROM CAIR',
  ),
  form(
    'tactics',
    [id('target', 'word', 'a target'), TACTICS],
    'Union: dice given up for +1 each on a landing from the sea (11.63)',
    'TACTICS CHAS 2',
  ),
  form(
    'counterattack',
    [id('target', 'space', 'a target'), word('FROM'), id('from', 'space', 'a space')],
    'Confederacy: with the grey pawn bought last turn (11.9)',
    'COUNTERATTACK NASH FROM MEMP',
  ),
]

/** The lines of a side's own build phase. */
export const BUILD_FORMS: OrderForm[] = [
  buildForm(),
  form(
    'exchange',
    [{ kind: 'int', name: 'points', min: 1, max: 10, label: 'the number of points' }],
    'Confederacy: n special build points for 5n VP (14.31)',
    'EXCHANGE 1',
  ),
  form(
    'place',
    [word('IRONCLAD'), word('AT'), id('at', 'space', 'a port')],
    'Confederacy: where an arriving ironclad goes (14.22)',
    'PLACE IRONCLAD AT CHAS',
  ),
  form(
    'discard',
    [list('cards', CARD, 'a card number', 1, '<card> [<card> ...]')],
    'cards from your hand (14.41)',
    'DISCARD 12 30',
  ),
  form(
    'refresh',
    [list('cards', CARD, 'a card number', 1, '<card> [<card> ...]')],
    'in December, or at an open-cards start: discard and draw again (14.42, 19.55)',
    'REFRESH 12 30',
  ),
]

/** The lines of either of a side's own phases. */
export const OWN_FORMS: OrderForm[] = [
  form(
    'play',
    [CARD, optional(word('AT'), id('at', 'word', 'a space|ship|n'))],
    'a card of yours playable now',
    'PLAY 84',
  ),
  form(
    'scrap',
    [list('pieces', id('piece', 'piece', 'a piece'), 'a piece')],
    'your own pieces eliminated to make room (6.12)',
    'SCRAP GB-3',
  ),
  form('pass', [], 'nothing this phase', 'PASS'),
]

const OFF = flag('OFF')

/** The standing orders, sent with any mail and kept until changed. */
export const STANDING_FORMS: OrderForm[] = [
  form(
    'policy',
    [
      {
        kind: 'text',
        name: 'policy',
        label: 'a policy',
        syntax: '<ship|port|ALL> ON BATTLE|DEFENCE: <answer> [IF <condition>]; ...',
      },
    ],
    "standing battle orders: after each round (10.35-10.36), or a port's defence (10.12)",
    'POLICY ALL ON BATTLE: RETREAT IF lost >= 2; FIGHT',
  ),
  form(
    'aim',
    [
      id('shooter', 'shooter', 'a ship|type|ALL'),
      optional(word('AT'), list('at', id('target', 'target', 'a ship|type'), 'a target')),
      OFF,
    ],
    'whom your ships fire at first, or OFF (10.32)',
    'AIM ALL AT BATTERY,GB-2',
  ),
  form(
    'react',
    [
      CARD,
      optional(word('AT'), id('at', 'word', 'a space|ALL')),
      optional(word('IF'), word('SHIPS'), word('>='), {
        kind: 'int',
        name: 'min',
        min: 1,
        max: 99,
        label: 'the number of ships',
      }),
      OFF,
    ],
    'a card played in answer, or OFF to withdraw it',
    'REACT 84 AT ALL IF SHIPS >= 2',
  ),
  form(
    'retreat',
    [
      id('who', 'raiderOrAll', 'a raider|ALL'),
      optional(word('TO'), list('to', id('to', 'space', 'a space'), 'a space')),
      OFF,
    ],
    'Confederacy: where a raider breaking off goes, or OFF (10.36)',
    'RETREAT ALL TO CHAS,HATT',
  ),
  form(
    'shield',
    [id('ship', 'piece', 'a ship'), optional(word('WITH'), id('by', 'piece', 'a ship')), flag('NONE')],
    'Union: the shield against batteries, or NONE (10.21)',
    'SHIELD SL-6 WITH IC-8',
  ),
  form(
    'intercept',
    [
      { kind: 'enum', name: 'how', words: ['STACK', 'EACH'] },
      optional(word('AT'), id('at', 'spaceOrAll', 'a station')),
    ],
    "Union: one die for a station's stack, or one a ship (7.78)",
    'INTERCEPT EACH AT HATT',
  ),
  form(
    'defend',
    [
      id('at', 'spaceOrAll', 'a space|ALL'),
      word('TACTICS'),
      { kind: 'int', name: 'tactics', min: 0, max: 3, label: 'the tactics' },
    ],
    'Union: tactics against a counterattack (11.91)',
    'DEFEND NASH TACTICS 2',
  ),
  form(
    'tow',
    [list('ships', id('ship', 'piece', 'an ironclad'), 'an ironclad', 0), OFF],
    'Union: ironclads your sloops tow out of a station first, or OFF (10.36)',
    'TOW IC-8,IC-9',
  ),
]

/** The orders of the optional rules (PB 18). */
export const OPTIONAL_FORMS: OrderForm[] = [
  form(
    'roll',
    [{ kind: 'enum', name: 'what', words: ['INDUSTRY', 'CONSCRIPTION'] }],
    'Union, in its move: the rolls for extra builds (18.22)',
    'ROLL INDUSTRY',
  ),
  form(
    'hunt',
    [optional(word('AT'), list('at', id('at', 'spaceOrAll', 'a space|ALL'), 'a space')), OFF],
    "Union, kept until changed: where Hunt's +1 goes, or OFF (18.21)",
    'HUNT AT CHAS,WILM',
  ),
  form(
    'lee',
    [optional(word('AT'), list('at', id('at', 'spaceOrAll', 'a space|ALL'), 'a space')), OFF],
    'Confederacy, kept until changed: where Lee should defend, or OFF (18.5)',
    'LEE AT NASH,MEMP',
  ),
]

/** Every order line the parser takes, whatever the phase: a line of another phase is refused by name. */
export const RR_GRAMMAR: Grammar = {
  noun: 'order',
  nouns: 'orders',
  signs: SIGNS,
  forms: [...MOVE_FORMS, ...BUILD_FORMS, ...OWN_FORMS, ...STANDING_FORMS, ...OPTIONAL_FORMS],
}

/** The first words of the lines the parser takes. */
export const REBEL_ORDER_WORDS: readonly string[] = RR_GRAMMAR.forms.map((f) => f.words[0]!)

/** An order as the echo writes it: the line the parser reads back to the same order. */
export const written = (form: string, args: Record<string, Value>): string => echo(RR_GRAMMAR, { form, args })
