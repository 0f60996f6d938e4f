// Infernal Machine's campaign actions as order forms (p.47-61): one a line, run in the order written.
import type { OrderForm } from '../kit/grammar.ts'
import { id, word, oneOf, int, list, optional, onTile, PERSIST, GREASE, form } from './orderParts.ts'

/** The campaign actions (p.47-61), one a line, run in the order written. */
export const ACTIONS: OrderForm[] = [
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
