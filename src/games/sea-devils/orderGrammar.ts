// Sea Devils' orders, declared once on the kit's grammar: the Confederate activity record (4.3) with
// its squadrons (4.52) and Semmes (11.72), the Federal deployment and movement (10.4, 4.1, 11.1,
// 7.24, 6.3), and the standing orders of both. The parser, the echo, HELP and the order form's
// comments all come from these declarations; orders.ts and federalOrders.ts check what is read
// against the position.
import {
  echo,
  type Grammar,
  type Order,
  type OrderForm,
  type Part,
  type Vocabularies,
  type Vocabulary,
} from '../kit/grammar.ts'
import { portWord, retiredCode } from './nations.ts'
import { DEPLOY_TYPES, NATIONS } from './pack.ts'
import {
  areaSuggestion,
  CSA_VERBS,
  type CsaStep,
  type CsaVerb,
  resolveShip,
  SQUADRON_VERBS,
  shipSuggestion,
} from './orderWords.ts'
import type { Ctx } from './state.ts'

const SHIP = (vocab: 'csa' | 'usa' | 'unit' | 'deployable', name = 'ship', label?: string): Part => ({
  kind: 'id',
  name,
  vocab,
  ...(label ? { label } : {}),
})
const AREA = { kind: 'id', name: 'area', vocab: 'area', label: 'an area' } as const
const policy = (scope: string, example: string): OrderForm => ({
  name: 'policy',
  words: ['POLICY'],
  parts: [
    {
      kind: 'text',
      name: 'policy',
      label: 'a policy',
      syntax: `<${scope}> ON <event>: <answer> [IF <condition>]; ...`,
    },
  ],
  summary: 'a standing order (4.42)',
  example,
})

/** The activities of a Confederate ship, in the order of the Activity Record's columns (4.3). */
const ACTIVITY_SUMMARY: Record<CsaVerb, string> = {
  MOVE: 'one area per MP; +RAID raids where it has just arrived (4.1, 5.0)',
  RAID: 'raid the area the ship is in (5.0)',
  'LEAVE-PORT': 'leave a neutral port (4.4, 7.2)',
  RUN: 'leave a blockaded neutral port, 1 MP (7.21)',
  'RUN-OUT': 'run out of a Confederate port past the blockade (7.11)',
  'RUN-IN': 'run into a Confederate port (7.12)',
  'ENTER-PORT': `enter a port; where ports mix, the nation: ${[...new Set(NATIONS.filter((n) => n !== 'CSA' && n !== 'USA').map(portWord))].join(', ')} (9.3)`,
  COMMISSION: 'commission the ship in port (10.51)',
  REPAIR: 'repair in port, the whole turn (8.22)',
  REFIT: 'refit in port, the whole turn (11.31)',
  STAY: 'do nothing this turn',
  'PRIZE-COAL': "Georgia's prize coal, first on its line (11.53)",
}

const ACTIVITY_EXAMPLE: Partial<Record<CsaVerb, string>> = {
  MOVE: 'MOVE C11 C21 +RAID',
  'ENTER-PORT': 'ENTER-PORT SPAIN',
}

function activityParts(verb: CsaVerb): Part[] {
  if (verb === 'MOVE')
    return [
      {
        kind: 'repeat',
        name: 'path',
        items: [AREA, { kind: 'literal', word: '+RAID' }],
        min: 1,
        sep: ' ',
        label: 'an area',
      },
    ]
  if (verb === 'ENTER-PORT') return [{ kind: 'optional', parts: [{ kind: 'id', name: 'nation', vocab: 'nation' }] }]
  return []
}

/** Every activity's form: the name of the form is the verb. */
export function activityForms(verbs: readonly CsaVerb[]): OrderForm[] {
  return verbs.map((verb) => ({
    name: verb,
    words: [verb],
    parts: activityParts(verb),
    summary: ACTIVITY_SUMMARY[verb],
    example: ACTIVITY_EXAMPLE[verb] ?? verb,
  }))
}

const ACTIVITIES = (verbs: readonly CsaVerb[]): Part => ({
  kind: 'forms',
  name: 'activities',
  forms: activityForms(verbs),
  noun: 'activity',
  nouns: 'activities',
})

export function confederateGrammar(verbs: readonly CsaVerb[]): Grammar {
  return {
    noun: 'order',
    nouns: 'orders',
    forms: [
      {
        name: 'record',
        words: [],
        parts: [SHIP('unit'), { kind: 'literal', word: ':' }, ACTIVITIES(verbs)],
        summary: 'a ship or squadron, its activities in order (4.3)',
        example: 'SUM: RUN-OUT, MOVE C11, RAID',
      },
      {
        name: 'squadron',
        words: ['SQUADRON'],
        parts: [
          { kind: 'name', name: 'id', pattern: /^[A-Za-z][A-Za-z0-9-]*$/, label: 'an id', examples: ['SQ1', 'SQ2'] },
          { kind: 'literal', word: '=', optional: true },
          {
            kind: 'repeat',
            name: 'members',
            items: [{ kind: 'id', name: 'ship', vocab: 'csa' }],
            min: 1,
            sep: ',',
            label: 'its ships',
          },
          { kind: 'optional', parts: [{ kind: 'literal', word: ':' }, ACTIVITIES(SQUADRON_VERBS)] },
        ],
        summary: 'ships at sea together; then <id>: MOVE/RAID/STAY (4.52)',
        example: 'SQUADRON SQ1 = SUM,NASH: MOVE C21, RAID',
      },
      {
        name: 'semmes-transfer',
        words: ['SEMMES', ':', 'TRANSFER'],
        parts: [],
        summary: 'Semmes to the turn track, from a ship in port (11.72)',
        example: 'SEMMES: TRANSFER',
      },
      {
        name: 'semmes-place',
        words: ['SEMMES', ':', 'PLACE'],
        parts: [SHIP('csa')],
        summary: 'the ship Semmes joins when he comes off the track (11.72)',
        example: 'SEMMES: PLACE ALA',
      },
      policy('ship|ALL|SEMMES', 'POLICY ALL ON SPOTTED: ESCAPE IF diff >= 1; FIGHT'),
    ],
  }
}

export const FEDERAL_GRAMMAR: Grammar = {
  noun: 'Federal order',
  nouns: 'orders',
  forms: [
    {
      name: 'deploy',
      words: ['DEPLOY'],
      parts: [SHIP('usa')],
      summary: 'put a ship on the map (10.4)',
      example: 'DEPLOY POWH',
    },
    {
      name: 'deploy-up',
      words: ['DEPLOY-UP'],
      parts: [SHIP('deployable', 'ship', 'a ship or type')],
      summary: 'a ship from the Unavailable Pool, by name or type (10.11)',
      example: 'DEPLOY-UP SGB',
    },
    {
      name: 'move',
      words: ['MOVE'],
      parts: [SHIP('usa'), { kind: 'repeat', name: 'path', items: [AREA], min: 1, sep: ' ', label: 'an area' }],
      summary: 'one area per MP (4.1)',
      example: 'MOVE POWH C13 C10',
    },
    {
      name: 'cse',
      words: ['CSE'],
      parts: [SHIP('usa')],
      summary: 'California Steamer Escort (11.1)',
      example: 'CSE CONN',
    },
    {
      name: 'stack',
      words: ['STACK'],
      parts: [
        {
          kind: 'repeat',
          name: 'ships',
          items: [{ kind: 'id', name: 'ship', vocab: 'usa' }],
          min: 1,
          sep: ',',
          label: 'its ships',
        },
      ],
      summary: 'a squadron if they end Phase 3 together (4.52)',
      example: 'STACK POWH,KEAR',
    },
    {
      name: 'blockade',
      words: ['BLOCKADE'],
      parts: [SHIP('usa'), SHIP('csa', 'target', 'a Confederate ship')],
      summary: 'join a blockade (7.24)',
      example: 'BLOCKADE POWH SUM',
    },
    {
      name: 'europe-blockade',
      words: ['EUROPE-BLOCKADE'],
      parts: [SHIP('usa'), { kind: 'literal', word: 'IN' }, AREA],
      summary: 'a European blockade in C2, C5, C7 or C8 (6.3)',
      example: 'EUROPE-BLOCKADE KEAR IN C2',
    },
    policy('ship|ALL', 'POLICY ALL ON ESCAPE-ATTEMPT: CONTEST IF my.speed >= foe.speed; LETGO'),
  ],
}

export const CONFEDERATE_GRAMMAR = confederateGrammar(CSA_VERBS)

/** One activity as the grammar reads it back: a MOVE of one area, ENTER-PORT with its nation's word. */
export function stepOrder(s: CsaStep): Order {
  if (s.verb === 'MOVE') return { form: 'MOVE', args: { path: [s.area!] } }
  if (s.verb === 'ENTER-PORT' && s.nat) return { form: 'ENTER-PORT', args: { nation: portWord(s.nat) } }
  return { form: s.verb, args: {} }
}

const ACTIVITY_GRAMMAR: Grammar = { noun: 'activity', nouns: 'activities', forms: activityForms(CSA_VERBS) }

/** An activity as orders and reports write it (`MOVE C11`, `ENTER-PORT SPAIN`). */
export function describeStep(s: CsaStep): string {
  return echo(ACTIVITY_GRAMMAR, stepOrder(s))
}

/** The steps of a line's activities: a MOVE of several areas is one step per area, +RAID a RAID. */
export function stepsOf(activities: Order[], line: number): CsaStep[] {
  return activities.flatMap((a): CsaStep[] => {
    if (a.form === 'MOVE')
      return (a.args.path as string[]).map((p) =>
        p === '+RAID' ? { verb: 'RAID', line } : { verb: 'MOVE', area: p, line },
      )
    const nation = a.args.nation as string | undefined
    return [nation ? { verb: 'ENTER-PORT', nat: nation, line } : { verb: a.form as CsaVerb, line }]
  })
}

function shipVocabulary(ctx: Ctx, side: 'CSA' | 'USA', extra: () => readonly string[] = () => []): Vocabulary {
  const other = side === 'CSA' ? 'USA' : 'CSA'
  const ids = ctx.pack.ships.filter((s) => s.side === side).map((s) => s.id)
  return {
    resolve: (w) => resolveShip(ctx, w, side) ?? extra().find((x) => x === w.toUpperCase()) ?? null,
    ids: () => [...ids, ...extra()],
    unknown: (w) => {
      const suggestion = shipSuggestion(ctx, w, side)
      const message = resolveShip(ctx, w, other)
        ? `${w} is a ${other === 'USA' ? 'Federal' : 'Confederate'} ship`
        : `unknown ${side === 'CSA' ? 'Confederate' : 'Federal'} ship "${w}"`
      return suggestion ? { message, suggestion } : { message }
    },
  }
}

const NATION_WORDS = [...new Set(NATIONS.map(portWord))]

/** The names Sea Devils orders use; `squadrons` are those formed so far in the mail being read. */
export function seaDevilsVocabularies(ctx: Ctx, squadrons: () => readonly string[] = () => []): Vocabularies {
  const usa = shipVocabulary(ctx, 'USA')
  const areas = ctx.pack.areas.map((a) => a.id)
  return {
    csa: shipVocabulary(ctx, 'CSA'),
    usa,
    unit: shipVocabulary(ctx, 'CSA', squadrons),
    deployable: {
      ...usa,
      resolve: (w) => DEPLOY_TYPES.find((t) => t === w.toUpperCase()) ?? usa.resolve(w),
      ids: () => [...DEPLOY_TYPES, ...usa.ids()],
    },
    area: {
      resolve: (w) => (ctx.hasArea(w.toUpperCase()) ? w.toUpperCase() : null),
      ids: () => areas,
      unknown: (w) => ({ message: `unknown area ${w}`, suggestion: areaSuggestion(ctx, w.toUpperCase()) }),
    },
    nation: {
      resolve: (w) => NATION_WORDS.find((n) => n === w.toUpperCase()) ?? null,
      ids: () => NATION_WORDS,
      unknown: (w) => {
        // The nation's name, never the counter code: F and S are ship types too.
        const word = retiredCode(w)
        return word
          ? { message: `ENTER-PORT takes the nation's name, not the code ${w}`, suggestion: `write ENTER-PORT ${word}` }
          : { message: `unknown nation ${w}`, suggestion: `nations: ${NATION_WORDS.join(', ')}` }
      },
    },
  }
}
