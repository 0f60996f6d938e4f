// How each order is written, shown with an error on that order (digest section 5), and the halt
// points a player may name (digest 5.6).

export const HALT_KINDS = [
  'investor',
  'approach',
  'detonate',
  'concussion',
  'response',
  'fatesmiles',
  'navcrank',
  'target',
  'attack',
  'endmission',
] as const

export const FORMS: Record<string, string> = {
  INVESTOR: 'INVESTOR <persona>',
  BUILD: 'BUILD <tile> ... <part>@<tile number> ... [SELL <part> ...]',
  RELOCATE: 'RELOCATE <location>',
  COMMISSION: 'COMMISSION [REROLL <budget>] [PERSIST CUBES|ACTION]',
  CONTRACT: 'CONTRACT <contract> <persona>[,<persona>]',
  INVEST: 'INVEST <0|2|5|10|15|20> [SOLICITOR]',
  LETTER: 'LETTER MARQUE|RECRUITMENT PAY <0|5|10|15|20> [FOR <persona>] [GREASE <n>] [PERSIST CUBES|ACTION]',
  MISSION: 'MISSION TRAINING|ROLL FROM <position> CREW <persona>@<tile>[,<persona>@<tile>]',
  RECRUIT:
    'RECRUIT JOURNEYMAN|MECHANIC|SAILOR [KEEP ALL|<persona>[,<persona>]] | RECRUIT MILITARY <persona>[,<persona>]',
  REQUISITION: 'REQUISITION <part> ... [GREASE <n>]',
  SALVAGE: 'SALVAGE [ROLL] KEEP <part>[,<part>]',
  PASS: 'PASS (the remaining actions of the season unused)',
  ORDERS: 'ORDERS <persona>=STEER|MECH:<mechanism>|REPAIR:<mechanism>|LEAK ...',
  ROUTE: 'ROUTE <position>[@<elevation 0-4>] ...',
  TARGET: 'TARGET <marker> ... | TARGET NONE',
  APPROACH: 'APPROACH BEST|EASY|FULL|FULL+|STRAIN',
  TACTIC: 'TACTIC DETONATE-AT NEAR|CONTACT|OTHERSIDE [EXIT-IF-HITS <n>]',
  CONCUSSION: 'CONCUSSION EASY|FULL|STRAIN',
  RESPONSE: 'RESPONSE AUTO|NEVER',
  FATESMILES: 'FATESMILES <hits> | FATESMILES NEVER',
  NAVCRANK: 'NAVCRANK AUTO|EASY',
  ENDMISSION: 'ENDMISSION HOME|NEVER',
  DOCTOR: 'DOCTOR ALL|NONE',
  SHIFT: 'SHIFT VISIBILITY|DRIFT IF <value> TO <value> [PAY RED|ACTION]',
  BENEFIT: 'BENEFIT BLACK|STRENGTH|OPERATOR:<persona>|TEAMWORK:<persona>',
  SLACK: 'SLACK <depth>',
  PACE: 'PACE MISSION|STEP',
  HALT: `HALT NONE | HALT <point>[,<point>] (points: ${HALT_KINDS.join(', ')})`,
}
