// Infernal Machine's mission standing orders as order forms (p.23-37): the crew and their jobs, the
// route, targets and the attack run.
import type { OrderForm, TokenPart } from '../kit/grammar.ts'
import { PART_KINDS } from './fishboatPack.ts'
import { id, word, oneOf, int, list, optional, form } from './orderParts.ts'

const JOB: TokenPart = {
  kind: 'compound',
  name: 'job',
  required: 3,
  pieces: [
    { kind: 'id', name: 'persona', vocab: 'persona' },
    { kind: 'literal', word: '=' },
    { kind: 'enum', name: 'job', words: ['STEER', 'LEAK', 'MECH', 'REPAIR'] },
    { kind: 'literal', word: ':' },
    { kind: 'enum', name: 'mechanism', words: PART_KINDS },
  ],
}

/** The mission's standing orders (p.23-37): the crew, the route, targets and the attack run. */
export const MISSION_ORDERS: OrderForm[] = [
  form(
    'crew',
    ['CREW'],
    [
      list(
        'jobs',
        [JOB],
        'a crewman and his order',
        ' ',
        0,
        '<persona>=STEER|LEAK|MECH:<mechanism>|REPAIR:<mechanism> ...',
      ),
    ],
    'the crew orders: Steering, Mechanical or Repair on a mechanism, Leak Control (p.23-25)',
    'CREW moser=STEER baird=MECH:ballastTank',
  ),
  form(
    'route',
    ['ROUTE'],
    [
      list(
        'steps',
        [
          {
            kind: 'compound',
            name: 'step',
            pieces: [
              { kind: 'id', name: 'position', vocab: 'position' },
              { kind: 'literal', word: '@' },
              { kind: 'int', name: 'elevation', min: 0, max: 4 },
            ],
          },
          id('position'),
          { kind: 'literal', word: '>' },
        ],
        'a position',
        ' ',
        1,
        '<position>[@<elevation 0-4>] ...',
      ),
    ],
    'the positions to steer for, each at an elevation 0 (surface) to 4 (below deeper) (p.26)',
    'ROUTE back-bay maffitts@2',
  ),
  form('target-none', ['TARGET', 'NONE'], [], 'attack nothing (p.38)', 'TARGET NONE'),
  form('target-passage', ['TARGET', 'PASSAGE'], [], 'make the passage, attack nothing (p.38)', 'TARGET PASSAGE'),
  form(
    'target',
    ['TARGET'],
    [list('markers', [id('target')], 'a target', ' ')],
    'the targets to attack, first choice first (p.38)',
    'TARGET usa-gunboat',
  ),
  form(
    'approach',
    ['APPROACH'],
    [oneOf('crank', ['BEST', 'EASY', 'FULL', 'FULL+', 'STRAIN'])],
    'the crank on the attack run (p.38-39)',
    'APPROACH BEST',
  ),
  form(
    'tactic',
    ['TACTIC'],
    [
      word('DETONATE-AT'),
      oneOf('zone', ['NEAR', 'CONTACT', 'OTHERSIDE']),
      optional(word('EXIT-IF-HITS'), int('hits', 0, 9, 'the hits')),
    ],
    'where the torpedo goes off, and when to give up the run (p.39)',
    'TACTIC DETONATE-AT CONTACT',
  ),
  form(
    'concussion',
    ['CONCUSSION'],
    [oneOf('crank', ['EASY', 'FULL', 'STRAIN'])],
    'the crank through the concussion (p.40)',
    'CONCUSSION FULL',
  ),
  form(
    'cubes-safe',
    ['CUBES', 'STOP', 'AT', 'SAFE'],
    [optional(word('OR'), int('red', 1, 9, 'the Red cubes'), word('RED'))],
    'concussion cubes: stop at the value, or after so many Red (p.7)',
    'CUBES STOP AT SAFE OR 2 RED',
  ),
  form(
    'cubes',
    ['CUBES', 'STOP', 'AT'],
    [int('total', 0, 99, 'the total'), optional(word('OR'), int('red', 1, 9, 'the Red cubes'), word('RED'))],
    'concussion cubes: stop at a total of your own, or after so many Red (p.7)',
    'CUBES STOP AT 6',
  ),
  form(
    'response',
    ['RESPONSE'],
    [oneOf('choice', ['AUTO', 'NEVER'])],
    'reroll the enemy response when it pays (p.36)',
    'RESPONSE AUTO',
  ),
  form('fatesmiles-never', ['FATESMILES', 'NEVER'], [], 'never take Fate Smiles (p.37)', 'FATESMILES NEVER'),
  form(
    'fatesmiles',
    ['FATESMILES'],
    [int('hits', 1, 3, 'the hits')],
    'take Fate Smiles at so many hits (p.37)',
    'FATESMILES 2',
  ),
  form(
    'navcrank',
    ['NAVCRANK'],
    [oneOf('choice', ['AUTO', 'EASY'])],
    'the crank when navigating (p.27)',
    'NAVCRANK AUTO',
  ),
  form(
    'endmission',
    ['ENDMISSION'],
    [oneOf('choice', ['HOME', 'NEVER'])],
    'end the mission when home (p.57)',
    'ENDMISSION HOME',
  ),
]
