// The order syntax an Infernal Machine captain is sent when he asks for HELP with his key: each
// order's form, what it does and an example, from the declared grammar, then what he may do now
// with its price (menu.ts).
import { helpLines } from '../kit/grammar.ts'
import type { Campaign } from './campaign.ts'
import { campaignMenu } from './menu.ts'
import { IM_GRAMMAR } from './orderGrammar.ts'
import type { ImPack } from './pack.ts'

/** The HELP lines: the orders in the words the parser takes, with examples, then the menu. */
export function imOrderHelp(pack: ImPack, c: Campaign | undefined): string[] {
  return [
    'Infernal Machine: one order a line. Campaign actions (BUILD, RECRUIT, MISSION, INVEST, ...) run in the',
    'order written; the other lines are standing orders that stay until replaced. Names in any case.',
    ...helpLines(IM_GRAMMAR),
    ...(c ? ['', 'What you may do now:', ...campaignMenu(pack, c).map((l) => `  ${l}`)] : []),
  ]
}
