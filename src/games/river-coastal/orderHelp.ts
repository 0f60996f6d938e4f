// The order syntax a River and Coastal player is sent when he asks for HELP with his key: each form
// the parser takes, from the one declaration it reads by (orderGrammar.ts, clauseGrammar.ts), the
// standing orders' events (policies.ts), and a worked line for one of his own ships.
import { helpLines } from '../kit/grammar.ts'
import { RIVER_GRAMMAR } from './orderGrammar.ts'
import type { RiverPack } from './pack.ts'
import { POLICY_EVENTS } from './policies.ts'
import type { Side } from './scenario.ts'
import { isAfloat } from './ship.ts'
import type { RiverState } from './state.ts'
import { scenarioOf } from './tableLayout.ts'

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
    `River and Coastal, ${sc.title}: one line per ship per move, clauses split by ";", and lines of their own.`,
    ...helpLines(RIVER_GRAMMAR),
    `  standing order events: ${Object.entries(POLICY_EVENTS)
      .map(([e, a]) => `${e} ${a.join('/')}`)
      .join('; ')}`,
    'A worked line:',
    `  ${example}`,
    '  reads: steam at that speed, turn 20 degrees to port starting 2" into the move, and at the end of the',
    '  move every gun that bears fires at that ship, or at the nearest enemy in arc and reach if she is not.',
    "The order form under each report lists each ship's legal speeds, sharpest turn and guns.",
  ]
}
