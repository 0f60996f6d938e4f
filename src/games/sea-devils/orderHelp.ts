// The order syntax a Sea Devils player is sent when he asks for HELP with his key: his side's
// order forms as declared in orderGrammar.ts, each with an example, and the standing orders' events.
import { helpLines } from '../kit/grammar.ts'
import { CONFEDERATE_GRAMMAR, FEDERAL_GRAMMAR } from './orderGrammar.ts'
import { POLICY_EVENTS } from './policy.ts'

const POLICY_EVENT_LINE = `  policy events and answers: ${Object.entries(POLICY_EVENTS)
  .map(([e, a]) => `${e} ${a.join('/')}`)
  .join('; ')}`

export function seaDevilsOrderHelp(role: string): string[] {
  if (role === 'confederate')
    return [
      'Sea Devils, the Confederate activity record (4.3): one line per ship, its activities in order.',
      ...helpLines(CONFEDERATE_GRAMMAR),
      POLICY_EVENT_LINE,
    ]
  if (role === 'federal')
    return [
      'Sea Devils, the Federal deployment and movement (3.0 steps 1-3): one order a line.',
      ...helpLines(FEDERAL_GRAMMAR),
      POLICY_EVENT_LINE,
    ]
  return []
}
