// The order syntax a Rebel Raiders player is sent when he asks for HELP with his key: the lines his
// side writes in the phase now open, then the standing orders he may send at any time, each as the
// declared grammar writes it (phaseGrammar.ts), with what it does and an example the parser takes.
import { helpLines } from '../kit/grammar.ts'
import { buildGrammar, moveGrammar, optionalGrammar, standingGrammar } from './phaseGrammar.ts'
import { sideOf, type RrState } from './state.ts'

/** The cards whose AT says more than a space. */
const MOVE_NOTES = (side: 'CSA' | 'USA') => [
  ...(side === 'CSA'
    ? ['  PLAY 57 AT <n>: #57 rolls again each supply die of n or more']
    : [
        '  PLAY 4|5|7 AT <target>: a reroll held for that assault; once its dice are known you are asked',
        '      which dice to roll again (DECIDE <id> 1,3 | ALL | NONE)',
      ]),
]

/** The orders of the optional rules chosen for this game (PB 18); the parser takes them in the side's own phase only. */
function optionalLines(s: RrState, side: 'CSA' | 'USA'): string[] {
  const lines = helpLines(optionalGrammar(s, side))
  return lines.length ? ['Orders of the optional rules chosen for this game, sent in your own phase:', ...lines] : []
}

/** The lines of HELP for `role` in the phase now open. */
export function rebelOrderHelp(s: RrState, role: string): string[] {
  if (role !== 'confederate' && role !== 'union') return []
  const side = sideOf(role)
  const mine = s.phase.startsWith(side === 'CSA' ? 'csa' : 'union')
  const moving = s.phase.endsWith('move')
  const who = side === 'CSA' ? 'Confederate' : 'Union'
  const now = !mine
    ? ["It is the other side's phase: only standing orders are taken now."]
    : moving
      ? [
          `Rebel Raiders, your move (${who}): one order a line, "#" starts a comment.`,
          ...helpLines(moveGrammar(side)),
          ...MOVE_NOTES(side),
        ]
      : [
          `Rebel Raiders, your build (${who}): one order a line, "#" starts a comment.`,
          ...helpLines(buildGrammar(side)),
        ]
  return [
    ...now,
    'Standing orders, sent with any mail and kept until changed:',
    ...helpLines(standingGrammar(side)),
    ...(mine ? optionalLines(s, side) : []),
  ]
}
