// Infernal Machine's standing orders of the campaign as order forms: set-up, the season's end, the
// pace and the halt points (digest 5.6).
import type { OrderForm } from '../kit/grammar.ts'
import { id, word, oneOf, int, list, optional, form } from './orderParts.ts'

/** The halt points a player may name (digest 5.6). */
export const HALT_KINDS = [
  'investor',
  'approach',
  'detonate',
  'concussion',
  'response',
  'fatesmiles',
  'navcrank',
  'target',
  'attack',
  'endmission',
  'shift',
  'benefit',
  'boost',
  'rally',
  'repair',
  'recruit',
  'sentiment',
  'malfunction',
] as const

/** Set-up, the season's end, the pace and the halt points. */
export const CAMPAIGN_ORDERS: OrderForm[] = [
  form(
    'doctor',
    ['DOCTOR'],
    [oneOf('choice', ['ALL', 'NONE'])],
    'pay the doctor for all in Sick Bay, or none (p.59)',
    'DOCTOR ALL',
  ),
  form(
    'sentiment',
    ['SENTIMENT'],
    [oneOf('choice', ['RED', 'INVESTOR'])],
    'after a Wreck, on an odd roll: 2 Red, or a random investor leaves (p.59)',
    'SENTIMENT RED',
  ),
  form(
    'refill-auto',
    ['REFILL', 'AUTO'],
    [],
    "the judge fills a Contract's place left by a persona sick or dead (the default)",
    'REFILL AUTO',
  ),
  form('refill-none', ['REFILL', 'NONE'], [], "no one fills a Contract's place left empty", 'REFILL NONE'),
  form(
    'refill',
    ['REFILL'],
    [list('personae', [id('persona')], 'a persona')],
    "who fills a Contract's place left by a persona sick or dead, first choice first (p.53, p.62)",
    'REFILL moser,baird',
  ),
  form('leaks-auto', ['LEAKS', 'AUTO'], [], 'leaks recycle the last Section, else the stern (p.59)', 'LEAKS AUTO'),
  form(
    'leaks',
    ['LEAKS'],
    [list('tiles', [int('tile', 0, 99, 'a tile')], 'a tile')],
    'the tiles leaks recycle at Recovery, first choice first, numbered as at launch (p.59)',
    'LEAKS 2,1',
  ),
  form(
    'shift',
    ['SHIFT'],
    [
      oneOf('condition', ['VISIBILITY', 'DRIFT', 'DIRECTION']),
      word('IF'),
      oneOf('from', ['BRIGHT', 'DIM', 'INKY', 'STRONG', 'WEAK', 'CALM', 'EBB', 'FLOOD'], 'value'),
      word('TO'),
      oneOf('to', ['BRIGHT', 'DIM', 'INKY', 'STRONG', 'WEAK', 'CALM', 'EBB', 'FLOOD'], 'value'),
      optional(word('PAY'), oneOf('pay', ['RED', 'ACTION'])),
    ],
    'shift a condition one step, bright-dim-inky, strong-weak-calm or ebb-flood (p.16)',
    'SHIFT DIRECTION IF EBB TO FLOOD',
  ),
  form(
    'benefit',
    ['BENEFIT'],
    [
      {
        kind: 'compound',
        name: 'benefit',
        required: 1,
        pieces: [
          { kind: 'enum', name: 'benefit', words: ['BLACK', 'STRENGTH', 'OPERATOR', 'TEAMWORK'] },
          { kind: 'literal', word: ':' },
          { kind: 'id', name: 'persona', vocab: 'persona' },
        ],
      },
    ],
    'the benefit of a training: BLACK, STRENGTH, OPERATOR:<persona> or TEAMWORK:<persona> (p.43-44)',
    'BENEFIT OPERATOR:moser',
  ),
  form(
    'slack',
    ['SLACK'],
    [int('depth', 1, 99, 'the depth')],
    'how deep in the deck to take slack, 1 to 25 (p.21)',
    'SLACK 5',
  ),
  form(
    'markers',
    ['MARKERS'],
    [oneOf('marker', ['FATIGUE', 'PANIC']), list('personae', [id('persona')], 'a crewman')],
    'who takes Fatigue or Panic markers first (p.12)',
    'MARKERS FATIGUE moser,baird',
  ),
  form(
    'pace',
    ['PACE'],
    [oneOf('pace', ['MISSION', 'STEP'])],
    'a whole mission a resolution, or a mission turn (digest 5.6)',
    'PACE MISSION',
  ),
  form('halt-none', ['HALT', 'NONE'], [], 'the judge stops to ask at no point', 'HALT NONE'),
  form(
    'halt',
    ['HALT'],
    [list('points', [oneOf('halt point', HALT_KINDS)], 'a halt point')],
    `where the judge stops to ask (points: ${HALT_KINDS.join(', ')})`,
    'HALT navcrank,target',
  ),
]
