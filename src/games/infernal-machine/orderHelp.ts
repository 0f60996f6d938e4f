// The order syntax an Infernal Machine captain is sent when he asks for HELP with his key: each
// order's form with an example, then what he may do now with its price (menu.ts).
import type { Campaign } from './campaign.ts'
import { campaignMenu } from './menu.ts'
import { FORMS } from './orderForms.ts'
import type { ImPack } from './pack.ts'

const EXAMPLES: Record<string, string> = {
  INVESTOR: 'INVESTOR doe',
  BUILD: 'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1 propeller@3',
  RECRUIT: 'RECRUIT MECHANIC KEEP ALL',
  MISSION: 'MISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1',
  INVEST: 'INVEST 5',
  CONTRACT: 'CONTRACT c5 moser,baird',
  CREW: 'CREW moser=STEER baird=MECH:ballastTank',
  ROUTE: 'ROUTE back-bay maffitts@2',
  TARGET: 'TARGET usa-gunboat',
  CUBES: 'CUBES STOP AT SAFE OR 2 RED',
  SHIFT: 'SHIFT DIRECTION IF EBB TO FLOOD',
  LEAKS: 'LEAKS 2,1',
  HALT: 'HALT navcrank,target',
}

/** The HELP lines: the orders in the words the parser takes, with examples, then the menu. */
export function imOrderHelp(pack: ImPack, c: Campaign | undefined): string[] {
  const forms = Object.entries(FORMS).flatMap(([verb, form]) => [
    `  ${form}`,
    ...(EXAMPLES[verb] ? [`      e.g. ${EXAMPLES[verb]}`] : []),
  ])
  return [
    'Infernal Machine: one order a line. Campaign actions (BUILD, RECRUIT, MISSION, INVEST, ...) run in the',
    'order written; the other lines are standing orders that stay until replaced. Names in any case.',
    ...forms,
    '  DECIDE <id> <answer>    answers a question the judge put to you (the id is in the question)',
    ...(c ? ['', 'What you may do now:', ...campaignMenu(pack, c).map((l) => `  ${l}`)] : []),
  ]
}
