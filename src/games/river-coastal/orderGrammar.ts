// River and Coastal's orders, declared once on the kit's grammar (digest §4, in the judge's
// one-line form): a ship's line of clauses split by ";", and the lines of their own (directives,
// fleet signals, the flag's transfer, standing orders). The parser, the echo (AS UNDERSTOOD), HELP
// and the order form's comments all come from these declarations; shipLine.ts, commandLines.ts and
// directives.ts check what is read against the ship and the move.
import type { Grammar, OrderForm, Part, TokenPart } from '../kit/grammar.ts'
import { CLAUSE_FORMS, inchesPart } from './clauseGrammar.ts'

const word = (w: string): Part => ({ kind: 'literal', word: w })
const id = (name: string, vocab: string, label?: string): TokenPart => ({
  kind: 'id',
  name,
  vocab,
  ...(label ? { label } : {}),
})
const form = (name: string, words: string[], parts: Part[], summary: string, example: string): OrderForm => ({
  name,
  words,
  parts,
  summary,
  example,
})

/** `<x>,<y>`: a point on the table, inches from its south-west corner. */
const point = (name: string): TokenPart => ({
  kind: 'compound',
  name,
  label: 'a point',
  pieces: [inchesPart('x', 'x', '<x>', -999), { kind: 'literal', word: ',' }, inchesPart('y', 'y', '<y>', -999)],
})

const OWN = id('ship', 'own')
const GAP = inchesPart('gap', 'the distance in inches', '<inches>')

/** The directives a ship steers by when her line leaves the helm alone (digest §4.4). */
export const DIRECTIVE_FORMS: OrderForm[] = [
  form(
    'STATION',
    ['STATION'],
    [OWN, id('place', 'station', 'PORT|STARBOARD|AHEAD|ASTERN'), GAP],
    'keep station on a friend, the gap in inches',
    'STATION TECU STARBOARD 3',
  ),
  form('FOLLOW', ['FOLLOW'], [OWN, GAP], 'line astern of a friend, the gap in inches', 'FOLLOW TECU 2'),
  form('STEAM-TO', ['STEAM-TO'], [point('to')], "make for a point, inches from the table's corner", 'STEAM-TO 24,36'),
  form(
    'ENGAGE',
    ['ENGAGE'],
    [id('target', 'engage', 'an enemy ship or NEAREST')],
    'close on an enemy',
    'ENGAGE NEAREST',
  ),
  form('GUARD', ['GUARD'], [OWN, GAP], 'stay within that reach of a friend, fight what comes near her', 'GUARD TECU 6'),
  form(
    'HOLD',
    ['HOLD'],
    [{ kind: 'optional', parts: [point('at')] }],
    'hold a position (here if none), anchoring once stopped',
    'HOLD 30,4',
  ),
  form('PATROL', ['PATROL'], [point('a'), point('b')], 'steam back and forth between two points', 'PATROL 30,20 34,40'),
  form('NONE', ['NONE'], [], 'no directive: a silent ship holds speed and heading', 'NONE'),
]

export const DIRECTIVE_GRAMMAR: Grammar = {
  noun: 'directive',
  nouns: 'directives',
  forms: DIRECTIVE_FORMS,
  signs: [':', ';'],
}

const DIRECTIVE: Part = {
  kind: 'forms',
  name: 'directive',
  forms: DIRECTIVE_FORMS,
  noun: 'directive',
  nouns: 'directives',
  one: true,
}

export const CLAUSES: Part = {
  kind: 'forms',
  name: 'clauses',
  forms: CLAUSE_FORMS,
  noun: 'order',
  nouns: 'orders',
  sep: ';',
}

export const RIVER_GRAMMAR: Grammar = {
  noun: 'order',
  nouns: 'orders',
  // A point is written 24,36 in one word: only the colon and the semicolon stand alone.
  signs: [':', ';'],
  forms: [
    form(
      'ship',
      [],
      [OWN, word(':'), CLAUSES],
      'one line per ship per move, by id or name; a ship with no line keeps her directive, or speed and heading',
      'TECU: SPEED 6; TURN PORT 20 AT 2; FIRE ALL AT TENN ELSE NEAREST',
    ),
    form(
      'directive',
      ['DIRECTIVE'],
      [OWN, DIRECTIVE],
      'what she does when her line leaves the helm alone, from this move (digest §4.4)',
      'DIRECTIVE CHIC STATION TECU STARBOARD 3',
    ),
    form(
      'signal',
      ['FLEET', 'SIGNAL'],
      [OWN, { kind: 'flag', name: 'said', word: 'DIRECTIVE' }, DIRECTIVE],
      'the fleet commander signals a Stubborn or Reckless captain, from the next move (ruling RC-6)',
      'FLEET SIGNAL CHIC ENGAGE NEAREST',
    ),
    form(
      'transfer',
      ['TRANSFER'],
      [OWN],
      'the commander shifts his flag from a damaged flagship (§4 L151)',
      'TRANSFER CHIC',
    ),
    form(
      'policy',
      ['POLICY'],
      [
        {
          kind: 'text',
          name: 'policy',
          label: 'a policy',
          syntax: '<ship|ALL> ON <event>: <answer> [IF <condition>]; ...',
        },
      ],
      'a standing order (digest §4.5)',
      'POLICY ALL ON NO-TARGET: NEAREST IF ENEMY.SEEN; HOLD',
    ),
  ],
}
