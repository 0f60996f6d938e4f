// The clauses of a ship's line (digest §4.2), declared on the kit's grammar: what she steers, fires
// and does this move. Each names its rule; what is read is checked against her in helmClauses.ts,
// orderClauses.ts, mortarOrders.ts, fireShipClauses.ts and balloons.ts.
import type { OrderForm, Part, TokenPart } from '../kit/grammar.ts'

const word = (w: string): Part => ({ kind: 'literal', word: w })
const id = (name: string, vocab: string, label?: string): Extract<TokenPart, { kind: 'id' }> => ({
  kind: 'id',
  name,
  vocab,
  ...(label ? { label } : {}),
})
/** A whole number; `syntax` for HELP when the range only keeps absurd numbers out (the check says the legal one). */
const int = (name: string, min: number, max: number, label: string, syntax?: string): TokenPart => ({
  kind: 'int',
  name,
  min,
  max,
  label,
  ...(syntax ? { syntax } : {}),
})
const optional = (...parts: Part[]): Part => ({ kind: 'optional', parts })
const oneOf = (name: string, words: readonly string[]): TokenPart => ({ kind: 'enum', name, words })
/** A station or a repair job, checked against the ship: a single word. */
const station = (name: string, label: string, examples: string[]): TokenPart => ({
  kind: 'name',
  name,
  pattern: /^[A-Za-z0-9][A-Za-z0-9-]*$/,
  label,
  examples,
})
const clause = (name: string, words: string[], parts: Part[], summary: string, example: string): OrderForm => ({
  name,
  words,
  parts,
  summary,
  example,
})
const bare = (name: string, summary: string): OrderForm => clause(name, name.split(' '), [], summary, name)

/**
 * Inches on the table: a gap, a distance into the move, a coordinate (two decimals at most); the
 * range only keeps absurd numbers out, the check says the legal one, so HELP writes `syntax`.
 */
export const inchesPart = (
  name: string,
  label: string,
  syntax: string,
  min = 0,
): Extract<TokenPart, { kind: 'decimal' }> => ({ kind: 'decimal', name, min, max: 999, places: 2, label, syntax })

const GUNS = id('guns', 'guns', 'the guns')
const TARGET = id('target', 'target', 'a target')

export const CLAUSE_FORMS: OrderForm[] = [
  clause(
    'SPEED',
    ['SPEED'],
    [int('knots', -99, 99, 'the speed', '<knots>')],
    'whole knots, at most 2 more or less than last move (§7 L441); negative = astern, from a stop',
    'SPEED 4',
  ),
  bare('HOLD', "keep last move's speed"),
  clause(
    'TURN',
    ['TURN'],
    [
      id('dir', 'turn', 'PORT|STARBOARD'),
      int('degrees', 0, 999, 'the degrees', '<degrees>'),
      optional(word('AT'), inchesPart('at', 'the inches into the move', '<inches>')),
    ],
    'turn, starting that many inches into the move; no sharper than her radius allows (§7 L471)',
    'TURN PORT 30 AT 2',
  ),
  clause(
    'FIRE',
    ['FIRE'],
    [
      GUNS,
      word('AT'),
      TARGET,
      optional(word('ELSE'), { ...TARGET, name: 'orElse' }),
      optional(word('WHEN'), oneOf('when', ['Q1', 'Q2', 'Q3', 'Q4', 'BEST'])),
    ],
    'guns: a gun, BOW, STERN, PORT, STARBOARD, PIVOTS, ALL or a turret; a ship, fort, building or NEAREST; one shot per gun per move (§9 L607); WHEN on move 1 only',
    'FIRE BOW AT TENN ELSE NEAREST',
  ),
  clause(
    'TURRET',
    ['TURRET'],
    [optional(id('turret', 'turret', 'a turret')), id('facing', 'quadrant', 'F|P|S|A')],
    'train a turret, a quarter turn per inch moved (§9 L645)',
    'TURRET T1 S',
  ),
  clause(
    'RAM',
    ['RAM'],
    [
      optional(id('target', 'unit', 'a ship')),
      optional(word('IF'), oneOf('if', ['BOW-ON'])),
      optional(word('FALLBACK'), oneOf('fallback', ['TURN-AWAY', 'SLOW', 'STOP'])),
    ],
    'ram, what she does when the ram test fails (§11 L989)',
    'RAM TENN IF BOW-ON FALLBACK SLOW',
  ),
  clause(
    'CAPTAIN',
    ['CAPTAIN'],
    [{ kind: 'literal', word: 'AT', optional: true }, id('gun', 'guns', 'a gun')],
    'the captain serves a gun (his gunnery adds to its roll)',
    'CAPTAIN AT BP',
  ),
  clause(
    'ANCHOR',
    ['ANCHOR'],
    [id('anchor', 'anchor', 'DROP|WEIGH')],
    'stopped both moves, 1 CPV aboard (§12 L1143)',
    'ANCHOR DROP',
  ),
  clause(
    'BOARD',
    ['BOARD'],
    [id('target', 'enemy', 'a ship'), optional(int('parties', 0, 99, 'the parties', '<parties>'))],
    'boarding parties against a ship alongside, 1 or 2 (§12 L1115)',
    'BOARD SELMA 2',
  ),
  clause(
    'LAND',
    ['LAND'],
    [int('parties', 0, 99, 'the parties', '<parties>'), word('AT'), id('goal', 'place', 'a town, port or fort')],
    'landing parties, stopped within 1" of the shore (§12 L1127-1139)',
    'LAND 2 AT MORG',
  ),
  clause(
    'SPAR',
    ['SPAR'],
    [id('target', 'enemy', 'a ship')],
    'the spar torpedo goes off at a bow contact with her (§9 L821-833)',
    'SPAR TENN',
  ),
  clause(
    'REPAIR',
    ['REPAIR'],
    [int('crew', 0, 99, 'the CPV', '<CPV>'), optional(station('job', 'a repair job', ['AUTO', 'STEERING']))],
    'spare hands repair STEERING, SPEED, a gun or a turret; AUTO picks (§9 L717)',
    'REPAIR 2 AUTO',
  ),
  clause(
    'CREW',
    ['CREW'],
    [station('from', 'a station', ['SPARE', 'ENGINE']), word('TO'), station('to', 'a station', ['BOILER', 'BP'])],
    'move a CPV between SPARE, ENGINE, BOILER and a gun (§3 L119-125)',
    'CREW SPARE TO BP',
  ),
  clause(
    'MORTAR',
    ['MORTAR'],
    [id('target', 'mortar', 'a fort or town'), optional(word('SQ'), int('square', 1, 6, 'the square'))],
    'mortars, from 6" out to 40" (30" for light ones), at a square of its grid (§9 L835-845)',
    'MORTAR MORG SQ 3',
  ),
  clause(
    'REFLOAT',
    ['REFLOAT', 'ASSIST'],
    [id('friend', 'own', 'a ship alongside')],
    'help a friend alongside off a sandbar (§8 L499)',
    'REFLOAT ASSIST CHIC',
  ),
  clause(
    'TOW',
    ['TOW'],
    [id('friend', 'own', 'a ship alongside')],
    'take a stopped friend alongside in tow (ruling RC-49)',
    'TOW CHIC',
  ),
  bare('CAST OFF', 'let go of the ship in tow (ruling RC-49)'),
  bare('RELEASE', 'the tow lets her fire or explosive ship go adrift (§9 L541)'),
  bare('IGNITE', 'a fire ship is lit, on 4-6 (§9 L543)'),
  bare('DETONATE', 'an explosive ship goes off, on a 6 (§9 L557)'),
  clause(
    'BALLOON',
    ['BALLOON'],
    [id('balloon', 'balloon', 'UP|DOWN')],
    'raise or lower an observation balloon, where fitted (ruling RC-73)',
    'BALLOON UP',
  ),
]
