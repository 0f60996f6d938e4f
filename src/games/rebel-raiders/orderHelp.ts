// The order syntax a Rebel Raiders player is sent when he asks for HELP with his key: the lines his
// side writes in the phase now open, then the standing orders he may send at any time, in the words
// the parser takes (orders.ts and the readers it calls), each with an example.
import { usesRule } from './optionalRules.ts'
import { sideOf, type RrState } from './state.ts'

const MOVE_LINES = [
  '  MOVE <ship>[,<ship>...] <space> > <space> > ...     a path of four-letter spaces; a stack moves as one (7.2-7.5)',
  '      e.g. MOVE SL-6,GB-5 CHES > HATT        MOVE BR-2 WILM.BS > HATT > NATL > BERM > LOAD',
  '      actions on the path: LOAD, UNLOAD, RAID[+1|+2] [x2|x3], SEARCH(<piece>)[+1|+2], DROP(<ship>), PICKUP(<ship>)',
  '  COMMAND <commander> <ship>[,<ship>...]  |  RELIEVE <commander>     a commander placed or taken off (7.4)',
  '      e.g. COMMAND FOOTE GB-5,GB-6    RELIEVE FOOTE',
  '  PLAY <card> [AT <space|ship|n>]                    a card of yours playable now, e.g. PLAY 84',
  '  SCRAP <piece>[,<piece>...]                         your own pieces eliminated to make room (6.12), e.g. SCRAP GB-3',
  '  PASS                                               nothing this phase',
]

const CSA_MOVE = [
  '  COUNTERATTACK <target> FROM <space>                with the grey pawn bought last turn (11.9), e.g. COUNTERATTACK NASH FROM MEMP',
  '  PLAY 57 AT <n>                                     #57: roll again each supply die of n or more',
]

const USA_MOVE = [
  '  ASSAULT <target> FROM <space> [TACTICS <n>]        a river or land assault, one cannon pawn (11), e.g. ASSAULT IS10 FROM CAIR',
  '  TACTICS <target> <n>                               dice given up for +1 each on a landing from the sea (11.63),',
  '      e.g. TACTICS CHAS 2',
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
        '  EXCHANGE <n>                                       n special build points for 5n VP (14.31), e.g. EXCHANGE 1',
        '  PLACE IRONCLAD AT <port>                           where an arriving ironclad goes (14.22), e.g. PLACE IRONCLAD AT CHAS',
      ]
    : []),
  '  DISCARD <card> [<card> ...]                        cards from your hand (14.41), e.g. DISCARD 12 30',
  '  REFRESH <card> [<card> ...]                        in December: discard and draw again (14.42), e.g. REFRESH 12 30',
  '  PLAY <card> [AT <space>]  |  SCRAP <piece>  |  PASS',
]

const STANDING = (side: 'CSA' | 'USA') => [
  'Standing orders, sent with any mail and kept until changed:',
  '  POLICY <ship|ALL> ON BATTLE: RETREAT IF lost >= 1; FIGHT          after each round (10.35-10.36),',
  '      e.g. POLICY ALL ON BATTLE: RETREAT IF lost >= 2; FIGHT',
  '  AIM <ship|type|ALL> AT <ship|type>[,...]                          whom your ships fire at first (10.32), e.g. AIM ALL AT BATTERY',
  '  REACT <card> [AT <space>|ALL] [IF SHIPS >= <n>]  |  REACT <card> OFF   a card played in answer,',
  '      e.g. REACT 84 AT ALL IF SHIPS >= 2    REACT 84 OFF',
  ...(side === 'CSA'
    ? [
        "  POLICY <port|ALL> ON DEFENCE: SHELTER IF foes >= 3; COMBINED      a port's defence (10.12),",
        '      e.g. POLICY CHAS ON DEFENCE: SHELTER IF foes >= 4; COMBINED',
        '  RETREAT <raider|ALL> TO <space>[,<space>]                         where a raider breaking off goes, at sea or',
        '      defending a station (its port or the coastal zone, 10.36), e.g. RETREAT ALL TO CHAS,HATT',
      ]
    : [
        '  SHIELD <ship> WITH <ship>  |  SHIELD <ship> NONE                  the shield against batteries (10.21),',
        '      e.g. SHIELD SL-6 WITH IC-8    SHIELD GB-5 NONE',
        "  INTERCEPT STACK|EACH [AT <station>]                               one die for a station's stack, or one a ship (7.78),",
        '      e.g. INTERCEPT EACH AT HATT',
        '  DEFEND <space|ALL> TACTICS <n>                                    tactics against a counterattack (11.91),',
        '      e.g. DEFEND NASH TACTICS 2',
        '  TOW <ironclad>[,<ironclad>...]  |  TOW OFF                        ironclads your sloops tow out of a station first',
        '      on a retreat short of sloops (10.36), e.g. TOW IC-8,IC-9',
      ]),
]

/** The orders of the optional rules chosen for this game (PB 18), each with its rule and an example; the
 * parser takes them with the side's own phase's orders only. */
export function optionalLines(s: RrState, side: 'CSA' | 'USA'): string[] {
  const lines = [
    ...(side === 'USA' && s.phase === 'union-move' && usesRule(s, '18.22')
      ? [
          '  ROLL INDUSTRY|CONSCRIPTION                         in your move: the rolls for extra builds (18.22),',
          '      e.g. ROLL INDUSTRY    ROLL CONSCRIPTION',
        ]
      : []),
    ...(side === 'USA' && usesRule(s, '18.21')
      ? [
          "  HUNT AT <space>[,<space>...]|ALL  |  HUNT OFF       kept until changed: where Hunt's +1 goes (18.21);",
          "      without it the turn's first assaults and defences, e.g. HUNT AT CHAS,WILM    HUNT AT ALL    HUNT OFF",
        ]
      : []),
    ...(side === 'CSA' && usesRule(s, '18.5')
      ? [
          '  LEE AT <space>[,<space>...]|ALL  |  LEE OFF         kept until changed: where Lee should defend (18.5),',
          '      e.g. LEE AT NASH,MEMP    LEE AT ALL    LEE OFF',
        ]
      : []),
  ]
  return lines.length ? ['Orders of the optional rules chosen for this game, sent in your own phase:', ...lines] : []
}

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
  return [...now, ...STANDING(side), ...(mine ? optionalLines(s, side) : [])]
}
