// The order syntax a Rebel Raiders player is sent when he asks for HELP with his key: the lines his
// side writes in the phase now open, then the standing orders he may send at any time, in the words
// the parser takes (orders.ts and the readers it calls), each with an example.
import { sideOf, type RrState } from './state.ts'

const MOVE_LINES = [
  '  MOVE <ship>[,<ship>...] <space> > <space> > ...     a path of four-letter spaces; a stack moves as one (7.2-7.5)',
  '      e.g. MOVE SL-6,GB-5 CHES > HATT        MOVE BR-2 WILM.BS > HATT > NATL > BERM > LOAD',
  '      actions on the path: LOAD, UNLOAD, RAID[+1|+2] [x2|x3], SEARCH(<piece>)[+1|+2], DROP(<ship>), PICKUP(<ship>)',
  '  COMMAND <commander> <ship>[,<ship>...]  |  RELIEVE <commander>     a commander placed or taken off (7.4)',
  '  PLAY <card> [AT <space|ship|n>]                    a card of yours playable now, e.g. PLAY 84',
  '  SCRAP <piece>[,<piece>...]                         your own pieces eliminated to make room (6.12)',
  '  PASS                                               nothing this phase',
]

const CSA_MOVE = [
  '  COUNTERATTACK <target> FROM <space>                with the grey pawn bought last turn (11.9), e.g. COUNTERATTACK NASH FROM MEMP',
  '  PLAY 57 AT <n>                                     #57: roll again each supply die of n or more',
]

const USA_MOVE = [
  '  ASSAULT <target> FROM <space> [TACTICS <n>]        a river or land assault, one cannon pawn (11), e.g. ASSAULT IS10 FROM CAIR',
  '  TACTICS <target> <n>                               dice given up for +1 each on a landing from the sea (11.63)',
  '  PLAY 4|5|7 AT <target>                             a reroll held for that assault: once its dice are known you',
  '      are asked which dice to roll again (DECIDE <id> 1,3 | ALL | NONE)',
]

const BUILD_LINES = (side: 'CSA' | 'USA') => [
  `  BUILD <${side === 'CSA' ? 'RAIDER|GUNBOAT|RUNNER|IRONCLAD|BATTERY|COUNTERATTACK|CARD' : 'GUNBOAT|SLOOP|IRONCLAD|PAWN|CARD'}> [AT <space>] [SPECIAL]`,
  side === 'CSA'
    ? '      e.g. BUILD RUNNER AT WILM    BUILD RAIDER AT FREN    BUILD BATTERY AT CHAS (14.24)'
    : '      e.g. BUILD SLOOP    BUILD GUNBOAT AT CAIR    BUILD IRONCLAD AT STLO (15.41-15.44)',
  ...(side === 'CSA'
    ? [
        '  EXCHANGE <n>                                       n special build points for 5n VP (14.31)',
        '  PLACE IRONCLAD AT <port>                           where an arriving ironclad goes (14.22)',
      ]
    : []),
  '  DISCARD <card> [<card> ...]                        cards from your hand (14.41); in December REFRESH <card> ... (14.42)',
  '  PLAY <card> [AT <space>]  |  SCRAP <piece>  |  PASS',
]

const STANDING = (side: 'CSA' | 'USA') => [
  'Standing orders, sent with any mail and kept until changed:',
  '  POLICY <ship|ALL> ON BATTLE: RETREAT IF lost >= 1; FIGHT          after each round (10.35-10.36)',
  '  AIM <ship|type|ALL> AT <ship|type>[,...]                          whom your ships fire at first (10.32), e.g. AIM ALL AT BATTERY',
  '  REACT <card> [AT <space>|ALL] [IF SHIPS >= <n>]  |  REACT <card> OFF   a card played in answer',
  ...(side === 'CSA'
    ? [
        "  POLICY <port|ALL> ON DEFENCE: SHELTER IF foes >= 3; COMBINED      a port's defence (10.12)",
        '  RETREAT <raider|ALL> TO <space>[,<space>]                         where a raider breaking off goes, at sea or',
        '      defending a station (its port or the coastal zone, 10.36), e.g. RETREAT ALL TO CHAS,HATT',
      ]
    : [
        '  SHIELD <ship> WITH <ship>  |  SHIELD <ship> NONE                  the shield against batteries (10.21)',
        "  INTERCEPT STACK|EACH [AT <station>]                               one die for a station's stack, or one a ship (7.78)",
        '  DEFEND <space|ALL> TACTICS <n>                                    tactics against a counterattack (11.91)',
        '  TOW <ironclad>[,<ironclad>...]  |  TOW OFF                        ironclads your sloops tow out of a station first',
        '      on a retreat short of sloops (10.36), e.g. TOW IC-8,IC-9',
      ]),
]

/** The lines of HELP for `role` in the phase now open. */
export function rebelOrderHelp(s: RrState, role: string): string[] {
  if (role !== 'confederate' && role !== 'union') return []
  const side = sideOf(role)
  const mine = s.phase.startsWith(side === 'CSA' ? 'csa' : 'union')
  const moving = s.phase.endsWith('move')
  const now = !mine
    ? ["It is the other side's phase: only standing orders are taken now."]
    : moving
      ? [
          `Rebel Raiders, your move (${side === 'CSA' ? 'Confederate' : 'Union'}): one order a line, "#" starts a comment.`,
          ...MOVE_LINES,
          ...(side === 'CSA' ? CSA_MOVE : USA_MOVE),
        ]
      : [`Rebel Raiders, your build: one order a line, "#" starts a comment.`, ...BUILD_LINES(side)]
  return [...now, ...STANDING(side)]
}
