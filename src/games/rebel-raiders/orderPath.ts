// A move's path (7.2-7.7), declared on the kit's grammar: spaces and actions separated by `>`,
// `WILM.BS > HATT > RAID+1 x2 > SEARCH(RD-1)+1 > DROP(SL-6,GB-5) > LOAD`. The steps read here are
// the movement's (movement.ts); stepOrder writes one back as the echo does.
import {
  echo,
  type Grammar,
  type Order,
  type OrderForm,
  type Part,
  parseLine,
  type Vocabularies,
} from '../kit/grammar.ts'
import type { MoveStep } from './movement.ts'

/** The signs of an order line: `>` between steps, brackets round a step's ships, `>=` in a reaction's condition. */
export const SIGNS = [':', ',', '>=', '>', '(', ')'] as const

const PIECE = { kind: 'id', name: 'piece', vocab: 'piece', label: 'a piece', maxWords: 1 } as const
const ships = (verb: 'DROP' | 'PICKUP', summary: string, example: string): OrderForm => ({
  name: verb,
  words: [verb],
  parts: [
    { kind: 'literal', word: '(' },
    {
      kind: 'repeat',
      name: 'ships',
      items: [{ ...PIECE, name: 'ship', label: 'a ship' }],
      min: 1,
      sep: ',',
      label: 'a ship',
    },
    { kind: 'literal', word: ')' },
  ],
  summary,
  example,
})

/** The steps of a path, each a space entered or an action where the stack stands. */
export const STEP_FORMS: OrderForm[] = [
  {
    name: 'enter',
    words: [],
    parts: [{ kind: 'id', name: 'space', vocab: 'space', label: 'a space', maxWords: 1 }],
    summary: 'the next space, one movement point or more (7.2)',
    example: 'HATT',
  },
  { name: 'LOAD', words: ['LOAD'], parts: [], summary: 'a runner loads cargo in port (8.1)', example: 'LOAD' },
  { name: 'UNLOAD', words: ['UNLOAD'], parts: [], summary: 'a runner unloads in port (8.2)', example: 'UNLOAD' },
  {
    name: 'RAID',
    words: [],
    parts: [
      { kind: 'enum', name: 'raid', words: ['RAID', 'RAID+1', 'RAID+2'], label: 'a raid' },
      {
        kind: 'optional',
        parts: [
          {
            kind: 'compound',
            name: 'times',
            pieces: [
              { kind: 'literal', word: 'x' },
              { kind: 'int', name: 'n', min: 1, max: 3, label: 'the number of raids' },
            ],
          },
        ],
      },
    ],
    summary: 'a raid where the raider stands, boosted with movement points, repeated (9.1)',
    example: 'RAID+1 x2',
  },
  {
    name: 'SEARCH',
    words: ['SEARCH'],
    parts: [
      { kind: 'literal', word: '(' },
      PIECE,
      { kind: 'literal', word: ')' },
      { kind: 'optional', parts: [{ kind: 'enum', name: 'boost', words: ['+1', '+2'], label: 'a boost' }] },
    ],
    summary: 'a search for an enemy piece where the stack stands, boosted with movement points (9.2)',
    example: 'SEARCH(RD-1)+1',
  },
  ships('DROP', 'ships leave the moving stack here (7.52)', 'DROP(SL-6)'),
  ships('PICKUP', 'ships join the moving stack here (7.53)', 'PICKUP(GB-2,GB-4)'),
]

/** The path part of a MOVE line. */
export const PATH: Part = { kind: 'forms', name: 'path', forms: STEP_FORMS, noun: 'step', nouns: 'steps', sep: '>' }

const boost = (w: string | undefined) => Number(w?.replace(/\D/g, '') || 0)

/** A step as read into the movement's terms. */
export function moveStep(o: Order): MoveStep {
  const a = o.args
  if (o.form === 'enter') return { enter: a.space as string }
  if (o.form === 'LOAD' || o.form === 'UNLOAD') return { action: o.form }
  if (o.form === 'RAID')
    return {
      action: 'RAID',
      boost: boost(a.raid as string),
      times: ((a.times as Order | undefined)?.args.n as number) ?? 1,
    }
  if (o.form === 'SEARCH') return { action: 'SEARCH', target: a.piece as string, boost: boost(a.boost as string) }
  return { action: o.form as 'DROP' | 'PICKUP', ships: a.ships as string[] }
}

/** A step as the path grammar reads it back. */
export function stepOrder(s: MoveStep): Order {
  if ('enter' in s) return { form: 'enter', args: { space: s.enter } }
  if (s.action === 'RAID')
    return {
      form: 'RAID',
      args: {
        raid: s.boost ? `RAID+${s.boost}` : 'RAID',
        ...(s.times > 1 ? { times: { form: 'times', args: { n: s.times } } } : {}),
      },
    }
  if (s.action === 'SEARCH')
    return { form: 'SEARCH', args: { piece: s.target, ...(s.boost ? { boost: `+${s.boost}` } : {}) } }
  if (s.action === 'DROP' || s.action === 'PICKUP') return { form: s.action, args: { ships: s.ships } }
  return { form: s.action, args: {} }
}

const PATH_GRAMMAR: Grammar = {
  noun: 'path',
  nouns: 'paths',
  signs: SIGNS,
  forms: [{ name: 'path', words: [], parts: [PATH], summary: 'a path', example: 'HATT > NATL' }],
}

/** A step as orders and reports write it (`RAID+1 x2`, `DROP(SL-6)`). */
export function stepText(s: MoveStep): string {
  return echo({ ...PATH_GRAMMAR, forms: STEP_FORMS }, stepOrder(s))
}

/** Names in a path read by their shape alone, when no position is at hand (the movement's own tests and tools). */
const SHAPES: Vocabularies = {
  space: {
    resolve: (w) => (/^[A-Z0-9]{4}(\.BS)?$/i.test(w) && !/^(LOAD|RAID)$/i.test(w) ? w.toUpperCase() : null),
    ids: () => ['HATT', 'WILM.BS'],
  },
  piece: { resolve: (w) => (/^[A-Z]{2}-[1-9]\d*$/i.test(w) ? w.toUpperCase() : null), ids: () => ['GB-2', 'RD-1'] },
}

/**
 * A raid's count written against its word or spaced out (`RAIDx2`, `RAID+1x2`, `RAID X 2`) as the
 * grammar reads it (`RAID x2`): players write it every way, and the echo shows the one form.
 */
export function spacedRaidCounts(text: string): string {
  return text.replace(
    /\b(RAID(?:\s*\+\s*\d+)?)\s*x\s*(\d+)\b/gi,
    (_, raid: string, n: string) => `${raid.replace(/\s+/g, '')} x${n}`,
  )
}

/** A path's steps, or why it cannot be read; `vocabs` name the spaces and pieces (by their shape unless given). */
export function parsePath(text: string, vocabs: Vocabularies = SHAPES): MoveStep[] | string {
  const read = parseLine(PATH_GRAMMAR, vocabs, spacedRaidCounts(text))
  if (!read.ok) return read.error.suggestion ? `${read.error.message}; ${read.error.suggestion}` : read.error.message
  return (read.order.args.path as Order[]).map(moveStep)
}
