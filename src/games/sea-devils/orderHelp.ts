// The order syntax a Sea Devils player is sent when he asks for HELP with his key: the
// lines of his side's orders, in the words the parser takes (orders.ts, federalOrders.ts, policy.ts).
import { CSA_VERBS } from './orderWords.ts'
import { portWord } from './nations.ts'
import { NATIONS } from './pack.ts'
import { POLICY_EVENTS } from './policy.ts'

const NEUTRAL_WORDS = [...new Set(NATIONS.filter((n) => n !== 'CSA' && n !== 'USA').map(portWord))]

const POLICY_LINES = [
  '  POLICY <ship|ALL|SEMMES> ON <event>: <answer> [IF <condition>]; ...   a standing order (4.42),',
  `      events and answers: ${Object.entries(POLICY_EVENTS)
    .map(([e, a]) => `${e} ${a.join('/')}`)
    .join('; ')}`,
]

export function seaDevilsOrderHelp(role: string): string[] {
  if (role === 'confederate')
    return [
      'Sea Devils, the Confederate activity record (4.3): one line per ship, its activities in order.',
      '  <ship>: <activity>, <activity>, ...    e.g. SUM: RUN-OUT, MOVE C11, RAID',
      `  activities: ${CSA_VERBS.join(', ')}`,
      '  MOVE <area> [<area> ...] [+RAID]       one area per MP, e.g. MOVE C11 C21 +RAID',
      `  ENTER-PORT [<nation>]                  the nation where ports mix: ${NEUTRAL_WORDS.join(', ')}`,
      '  SQUADRON <id> = <ship>,<ship>          then <id>: MOVE/RAID/STAY (4.52)',
      ...POLICY_LINES,
    ]
  if (role === 'federal')
    return [
      'Sea Devils, the Federal deployment and movement (3.0 steps 1-3): one order a line.',
      '  DEPLOY <ship> | DEPLOY-UP <ship|type>  put a ship on the map (10.1, 10.11)',
      '  MOVE <ship> <area> [<area> ...]        one area per MP, e.g. MOVE POWH C13 C10',
      '  CSE <ship>                             California Steamer Escort (11.1)',
      '  STACK <ship>,<ship>                    a squadron if they end Phase 3 together (4.52)',
      '  BLOCKADE <ship> <Confederate ship>     join a blockade (7.24)',
      '  EUROPE-BLOCKADE <ship> IN <area>       a European blockade (6.3)',
      ...POLICY_LINES,
    ]
  return []
}
