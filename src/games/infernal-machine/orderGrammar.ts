// Infernal Machine's orders, declared once on the kit's grammar (digest section 5, Rule Book p.23-61):
// the campaign actions, run in the order written, and the standing orders that stay until replaced.
// The parser, the echo (AS UNDERSTOOD) and HELP come from these declarations; orders.ts turns what
// is read into commands and receipt.ts checks them against the game.
import {
  type Grammar,
  listVocabulary,
  type OrderForm,
  type Part,
  type TokenPart,
  type Vocabularies,
} from '../kit/grammar.ts'
import { PART_KINDS } from './fishboatPack.ts'
import type { ImPack } from './pack.ts'

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

type Vocab = 'persona' | 'part' | 'position' | 'location' | 'contract' | 'target'

const id = (vocab: Vocab, name: string = vocab, label?: string): TokenPart => ({
  kind: 'id',
  name,
  vocab,
  maxWords: 1,
  ...(label ? { label } : {}),
})
const word = (w: string): Part => ({ kind: 'literal', word: w })
const oneOf = (name: string, words: readonly string[], label?: string): TokenPart => ({
  kind: 'enum',
  name,
  words,
  ...(label ? { label } : {}),
})
const int = (name: string, min: number, max: number, label?: string): TokenPart => ({
  kind: 'int',
  name,
  min,
  max,
  ...(label ? { label } : {}),
})
const list = (name: string, items: TokenPart[], label: string, sep = ',', min = 1, syntax?: string): Part => ({
  kind: 'repeat',
  name,
  items,
  min,
  sep,
  label,
  ...(syntax ? { syntax } : {}),
})
const optional = (...parts: Part[]): Part => ({ kind: 'optional', parts })
/** `<part>@<tile>`: a part or a persona on a tile, numbered from the prow, 0. */
const onTile = (vocab: Vocab, name: string, tile = 'tile', max = 31): TokenPart => ({
  kind: 'compound',
  name,
  pieces: [
    { kind: 'id', name: vocab, vocab },
    { kind: 'literal', word: '@' },
    { kind: 'int', name: tile, min: 0, max, label: `the ${tile}` },
  ],
})
const PERSIST = optional(word('PERSIST'), oneOf('persist', ['CUBES', 'ACTION']))
const GREASE = optional(word('GREASE'), int('grease', 0, 99, 'the Greased Wheels'))
const form = (name: string, words: string[], parts: Part[], summary: string, example: string): OrderForm => ({
  name,
  words,
  parts,
  summary,
  example,
})

/** The campaign actions (p.47-61), one a line, run in the order written. */
const ACTIONS: OrderForm[] = [
  form('investor', ['INVESTOR'], [id('persona')], 'the investor you start with (p.42)', 'INVESTOR doe'),
  form(
    'build',
    ['BUILD'],
    [
      list('add', [onTile('part', 'placed'), id('part')], 'a part', ' ', 0, '<tile> ... <part>@<tile> ...'),
      optional(
        word('MOVE'),
        list('move', [onTile('part', 'placed')], 'a part aboard on its new tile', ' ', 1, '<part>@<tile> ...'),
      ),
      optional(
        word('SELL'),
        list('sell', [onTile('part', 'placed'), id('part')], 'a part to recycle', ' ', 1, '<part>[@<tile>] ...'),
        // MOVE may follow the sales as well as come before them.
        {
          kind: 'optional',
          parts: [word('MOVE'), list('moveAfter', [onTile('part', 'placed')], 'a part aboard on its new tile', ' ')],
          syntax: '',
        },
      ),
    ],
    'new tiles prow first, parts on tiles by number; MOVE parts aboard to another tile (before or after SELL); SELL parts (p.47)',
    'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1 propeller@3',
  ),
  form(
    'relocate',
    ['RELOCATE'],
    [id('location')],
    'move the shop (CSA, p.50; ends the Action Phase)',
    'RELOCATE selma',
  ),
  form(
    'commission',
    ['COMMISSION'],
    [optional(word('REROLL'), int('budget', 0, 999, 'the reroll budget')), PERSIST],
    'seek a Navy commission (USA, p.51-52)',
    'COMMISSION REROLL 5',
  ),
  form(
    'contract',
    ['CONTRACT'],
    [id('contract'), list('personae', [id('persona')], 'a persona')],
    'personae with the expertise work a Contract (p.53)',
    'CONTRACT c5 moser,baird',
  ),
  form(
    'invest',
    ['INVEST'],
    [int('stake', 0, 999, 'the stake'), { kind: 'flag', name: 'solicitor', word: 'SOLICITOR' }],
    'an Investment, stake 0, 2, 5, 10, 15 or 20 (p.54)',
    'INVEST 5',
  ),
  form(
    'letter',
    ['LETTER'],
    [
      oneOf('letter', ['MARQUE', 'RECRUITMENT']),
      word('PAY'),
      int('paid', 0, 99, 'the payment'),
      optional(word('FOR'), id('persona')),
      GREASE,
      PERSIST,
    ],
    'a Letter of Marque or of Recruitment (CSA, p.55)',
    'LETTER MARQUE PAY 10',
  ),
  form(
    'mission',
    ['MISSION'],
    [
      oneOf('mode', ['TRAINING', 'ROLL']),
      word('FROM'),
      id('position', 'launch', 'a launch position'),
      word('CREW'),
      list('crew', [onTile('persona', 'aboard')], 'a crewman on his tile', ',', 1, '<persona>@<tile>,...'),
    ],
    'launch a mission, the crew on their tiles (p.56)',
    'MISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1',
  ),
  form(
    'military',
    ['RECRUIT', 'MILITARY'],
    [list('personae', [id('persona')], 'a persona')],
    're-designate personae as Sailors, $5 each (p.60)',
    'RECRUIT MILITARY moser',
  ),
  form(
    'recruit',
    ['RECRUIT'],
    [
      oneOf('deck', ['JOURNEYMAN', 'MECHANIC', 'SAILOR']),
      optional(
        word('KEEP'),
        list(
          'keep',
          [{ kind: 'literal', word: 'ALL' }, id('persona')],
          'a persona to keep',
          ',',
          1,
          'ALL|<persona>,...',
        ),
      ),
    ],
    'draw from a persona deck and keep all or those named (p.60)',
    'RECRUIT MECHANIC KEEP ALL',
  ),
  form(
    'requisition',
    ['REQUISITION'],
    [list('parts', [id('part')], 'a part', ' '), GREASE, PERSIST],
    'a Purchase Order for parts (USA commissioned, p.48-49)',
    'REQUISITION hatch propeller',
  ),
  form(
    'salvage',
    ['SALVAGE'],
    [{ kind: 'flag', name: 'roll', word: 'ROLL' }, word('KEEP'), list('keep', [id('part')], 'a part to keep', ',', 0)],
    'salvage the Wreck, keeping the parts named (p.61)',
    'SALVAGE KEEP hatch,propeller',
  ),
  form('pass', ['PASS'], [], 'the remaining actions of the season unused', 'PASS'),
  form(
    'changesides',
    ['CHANGE', 'SIDES'],
    [],
    'CSA from 1863: the shop goes north; ends the Action Phase',
    'CHANGE SIDES',
  ),
]

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
const MISSION_ORDERS: OrderForm[] = [
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

/** Set-up, the season's end, the pace and the halt points. */
const CAMPAIGN_ORDERS: OrderForm[] = [
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

/** The orders of an Infernal Machine captain. `:`, `=` and `@` join the pieces of a word (moser=MECH:ballastTank). */
export const IM_GRAMMAR: Grammar = {
  noun: 'order',
  nouns: 'orders',
  signs: [','],
  forms: [...ACTIONS, ...MISSION_ORDERS, ...CAMPAIGN_ORDERS],
}

const vocabs = new WeakMap<ImPack, Vocabularies>()

/** The names orders use, from the pack, each read in any case. */
export function imVocabularies(pack: ImPack): Vocabularies {
  let v = vocabs.get(pack)
  if (!v) {
    const ids = (xs: Iterable<string>) => listVocabulary([...new Set(xs)].map((x) => ({ id: x })))
    v = {
      persona: ids(pack.personae.keys()),
      part: ids(pack.components.keys()),
      position: ids([...pack.boards.values()].flatMap((b) => b.positions.map((p) => p.id))),
      location: ids(pack.campaign.locations.map((l) => l.id)),
      contract: ids(pack.campaign.contracts.map((k) => k.id)),
      target: ids(pack.tactical.targets.map((t) => t.id)),
    }
    vocabs.set(pack, v)
  }
  return v
}
