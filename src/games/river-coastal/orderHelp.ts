// The order syntax a River and Coastal player is sent when he asks for HELP with his key: the words
// the parser takes (orders.ts, orderClauses.ts, mortarOrders.ts, fireShipClauses.ts, balloons.ts,
// commandLines.ts, directives.ts, policies.ts), with a worked line for one of his own ships.
import { DIRECTIVE_KINDS } from './directives.ts'
import type { RiverPack } from './pack.ts'
import { POLICY_EVENTS } from './policies.ts'
import type { Side } from './scenario.ts'
import { isAfloat } from './ship.ts'
import type { RiverState } from './state.ts'
import { scenarioOf } from './tableLayout.ts'

const CLAUSES = [
  '  SPEED <knots>                      whole knots, at most 2 more or less than last move (§7 L441); negative = astern, from a stop',
  "  HOLD                               keep last move's speed",
  '  TURN PORT|STARBOARD <deg> [AT <in>]  turn, starting <in> inches into the move; no sharper than her radius allows (§7 L471)',
  '  FIRE <guns> AT <target> [ELSE <target>]  guns: a gun id, BOW, STERN, PORT, STARBOARD, PIVOTS, ALL or a turret; target: a ship, fort, building or NEAREST',
  '                                     one shot per gun per move (§9 L607); on move 1 only, add WHEN Q1..Q4 or WHEN BEST',
  '  TURRET [<turret>] F|P|S|A          train a turret, a quarter turn per inch moved (§9 L645)',
  '  RAM [<ship>] [IF BOW-ON] [FALLBACK TURN-AWAY|SLOW|STOP]',
  '  CAPTAIN AT <gun>                   the captain serves a gun (his gunnery adds to its roll)',
  '  ANCHOR DROP|WEIGH                  stopped both moves, 1 CPV aboard (§12 L1143)',
  '  BOARD <ship> [1|2]                 boarding parties against a ship alongside (§12 L1115)',
  '  LAND <parties> AT <town|port|fort> stopped within 1" of the shore (§12 L1127-1139)',
  '  SPAR <ship>                        the spar torpedo goes off at a bow contact with her (§9 L821-833)',
  '  REPAIR <CPV> [STEERING|SPEED|<gun>|<turret>|AUTO]   spare hands repair (§9 L717)',
  '  CREW <from> TO <to>                move a CPV between SPARE, ENGINE, BOILER and a gun (§3 L119-125)',
  '  MORTAR <fort|town> [SQ 1-6]        mortars, from 6" out to 40" (30" for light ones) (§9 L835-845)',
  '  REFLOAT ASSIST <ship>              help a friend alongside off a sandbar (§8 L499)',
  '  TOW <ship> | CAST OFF              take a stopped friend alongside in tow, or let her go',
  '  RELEASE | IGNITE | DETONATE        fire and explosive ships (§9 L539-559)',
  '  BALLOON UP|DOWN                    an observation balloon, where fitted',
]

/** The HELP lines for one side at this point of the game. */
export function riverOrderHelp(state: RiverState, side: Side, pack: RiverPack): string[] {
  const sc = scenarioOf(state, pack)
  const own = Object.values(state.ships).filter((s) => s.side === side && isAfloat(s))
  const enemy = Object.values(state.ships).find((s) => s.side !== side && state.seen[side]?.includes(s.id))
  const ship = own[0]
  if (state.phase === 'deployment')
    return [
      `River and Coastal, ${sc.title}: the hidden deployment, one line per ship.`,
      "  <ship>: AT <x>,<y> HEADING <degrees> SPEED <knots>   inches from the table's south-west corner",
      ...(ship
        ? [
            `  e.g. ${ship.id}: AT ${ship.pose.pos.x / 1000},${ship.pose.pos.y / 1000} HEADING ${ship.pose.heading / 100} SPEED ${ship.speed}`,
          ]
        : []),
    ]
  const example = ship
    ? `${ship.id}: SPEED ${Math.max(0, ship.speed)}; TURN PORT 20 AT 2; FIRE ALL AT ${enemy?.id ?? 'NEAREST'} ELSE NEAREST`
    : 'TECU: SPEED 6; TURN PORT 20 AT 2; FIRE ALL AT TENN ELSE NEAREST'
  return [
    `River and Coastal, ${sc.title}: one line per ship per move, clauses split by ";".`,
    '  <ship>: <clause>; <clause>; ...    a ship by id or name; a ship with no line keeps her directive, or speed and heading',
    ...CLAUSES,
    'Lines of their own:',
    `  DIRECTIVE <ship> <directive>       ${DIRECTIVE_KINDS.join(', ')}: what she does when she has no line`,
    '  FLEET SIGNAL <ship> <directive>    the fleet commander signals a Stubborn or Reckless captain',
    '  TRANSFER <ship>                    the commander shifts his flag from a damaged flagship (§4 L151)',
    `  POLICY <ship|ALL> ON <event>: <answer> [IF <condition>]   events: ${Object.entries(POLICY_EVENTS)
      .map(([e, a]) => `${e} ${a.join('/')}`)
      .join('; ')}`,
    'A worked line:',
    `  ${example}`,
    '  reads: steam at that speed, turn 20 degrees to port starting 2" into the move, and at the end of the',
    '  move every gun that bears fires at that ship, or at the nearest enemy in arc and reach if she is not.',
    "The order form under each report lists each ship's legal speeds, sharpest turn and guns.",
  ]
}
