// The kit's declared order grammar on a grammar of its own (a small fleet game), not one game's:
// the parser, its errors and suggestions, the echo that parses back, HELP and the order form.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  echo,
  formComments,
  type Grammar,
  helpLines,
  listVocabulary,
  type OrderForm,
  type Part,
  parseLine,
  type Vocabularies,
} from '../../src/games/kit/grammar.ts'
import { arbitraryOrder } from '../helpers/grammar.ts'

const AREAS = ['A1', 'A2', 'B1', 'B2', 'C10']
const VOCABS: Vocabularies = {
  ship: {
    ...listVocabulary([
      { id: 'MONITOR', aliases: ['USS Monitor'] },
      { id: 'KSTAT', aliases: ['Keystone State', 'K. Stat'] },
      { id: 'ALA', aliases: ['Alabama'] },
    ]),
    unknown: (w) => (w.toUpperCase() === 'NASH' ? { message: `${w} sails for the other side` } : (undefined as never)),
  },
  area: listVocabulary(AREAS.map((id) => ({ id }))),
}

const ACTIVITIES: OrderForm[] = [
  {
    name: 'sail',
    words: ['SAIL'],
    parts: [
      {
        kind: 'repeat',
        name: 'path',
        items: [
          { kind: 'id', name: 'area', vocab: 'area', label: 'an area' },
          { kind: 'literal', word: '+RAID' },
        ],
        min: 1,
        sep: ' ',
        label: 'an area',
      },
    ],
    summary: 'one area per move',
    example: 'SAIL A1 A2 +RAID',
  },
  { name: 'raid', words: ['RAID'], parts: [], summary: 'raid where it is', example: 'RAID' },
  {
    name: 'hold',
    words: ['HOLD'],
    parts: [{ kind: 'flag', name: 'quiet', word: 'QUIET' }],
    summary: 'stay',
    example: 'HOLD QUIET',
  },
]

const GRAMMAR: Grammar = {
  noun: 'order',
  nouns: 'orders',
  forms: [
    {
      name: 'move',
      words: ['MOVE'],
      parts: [
        { kind: 'id', name: 'ship', vocab: 'ship' },
        {
          kind: 'repeat',
          name: 'path',
          items: [{ kind: 'id', name: 'area', vocab: 'area', label: 'an area' }],
          min: 1,
          sep: ' ',
          label: 'an area',
        },
      ],
      summary: 'a ship along adjacent areas',
      example: 'MOVE MONITOR A1 A2',
    },
    {
      name: 'fire',
      words: ['FIRE'],
      parts: [
        { kind: 'id', name: 'ship', vocab: 'ship' },
        { kind: 'literal', word: 'AT' },
        { kind: 'id', name: 'target', vocab: 'ship', label: 'a target' },
        {
          kind: 'optional',
          parts: [
            { kind: 'literal', word: 'WITH' },
            { kind: 'int', name: 'guns', min: 1, max: 6, label: 'guns' },
          ],
        },
      ],
      summary: 'a broadside',
      example: 'FIRE MONITOR AT ALA WITH 2',
    },
    {
      name: 'speed',
      words: ['SPEED'],
      parts: [
        { kind: 'id', name: 'ship', vocab: 'ship' },
        { kind: 'enum', name: 'speed', words: ['SLOW', 'HALF', 'FULL'] },
      ],
      summary: 'steam',
      example: 'SPEED KSTAT FULL',
    },
    {
      name: 'signal',
      words: ['SIGNAL'],
      parts: [{ kind: 'text', name: 'text', label: 'a message' }],
      summary: 'a flag signal',
      example: 'SIGNAL England expects',
    },
    {
      name: 'group',
      words: ['GROUP'],
      parts: [
        {
          kind: 'name',
          name: 'group',
          pattern: /^[A-Za-z][A-Za-z0-9-]*$/,
          label: 'a group name',
          examples: ['G1', 'RED'],
        },
        { kind: 'literal', word: '=', optional: true },
        {
          kind: 'repeat',
          name: 'ships',
          items: [{ kind: 'id', name: 'ship', vocab: 'ship' }],
          min: 2,
          sep: ',',
          label: 'two ships',
        },
      ],
      summary: 'ships that sail together',
      example: 'GROUP G1 = MONITOR,ALA',
    },
    {
      name: 'script',
      words: [],
      parts: [
        { kind: 'id', name: 'ship', vocab: 'ship' },
        { kind: 'literal', word: ':' },
        { kind: 'forms', name: 'steps', forms: ACTIVITIES, noun: 'activity', nouns: 'activities' },
      ],
      summary: "a ship's activities in order",
      example: 'ALA: SAIL A1, RAID',
    },
  ],
}

const parse = (line: string) => parseLine(GRAMMAR, VOCABS, line)

describe('kit order grammar: parsing', () => {
  it('reads each part into its typed value: ids by alias, numbers, words, lists, nested orders', () => {
    expect(parse('fire uss monitor at Alabama with 3')).toEqual({
      ok: true,
      order: { form: 'fire', args: { ship: 'MONITOR', target: 'ALA', guns: 3 } },
    })
    expect(parse('MOVE K. Stat A1 B1')).toEqual({
      ok: true,
      order: { form: 'move', args: { ship: 'KSTAT', path: ['A1', 'B1'] } },
    })
    expect(parse('GROUP red Monitor, ala')).toEqual({
      ok: true,
      order: { form: 'group', args: { group: 'RED', ships: ['MONITOR', 'ALA'] } },
    })
    expect(parse('Alabama: sail a1 +raid, hold')).toEqual({
      ok: true,
      order: {
        form: 'script',
        args: {
          ship: 'ALA',
          steps: [
            { form: 'sail', args: { path: ['A1', '+RAID'] } },
            { form: 'hold', args: { quiet: false } },
          ],
        },
      },
    })
    expect(parse('SIGNAL  Close action: engage (now)')).toEqual({
      ok: true,
      order: { form: 'signal', args: { text: 'Close action: engage' } },
    })
  })

  it('refuses with what was expected and the nearest names', () => {
    const error = (line: string) => {
      const r = parse(line)
      return r.ok ? null : r.error
    }
    expect(error('MOVEE MONITOR A1')).toEqual({ message: 'unknown order MOVEE', suggestion: 'did you mean MOVE?' })
    expect(error('MOVE MONITR A1')).toEqual({ message: 'unknown ship MONITR', suggestion: 'did you mean MONITOR?' })
    expect(error('MOVE NASH A1')).toEqual({ message: 'NASH sails for the other side' })
    expect(error('USS Monitr: RAID')?.message).toBe('unknown ship USS Monitr')
    expect(error('MOVE MONITOR')).toEqual({ message: 'MOVE needs an area', suggestion: 'e.g. MOVE MONITOR A1 A2' })
    expect(error('FIRE MONITOR ALA')).toEqual({
      message: 'FIRE reads FIRE <ship> AT <target> [WITH <guns 1-6>]',
      suggestion: 'e.g. FIRE MONITOR AT ALA WITH 2',
    })
    expect(error('FIRE MONITOR AT ALA WITH 9')?.message).toBe('guns is a whole number from 1 to 6, not 9')
    expect(error('SPEED ALA FAST')).toEqual({ message: 'unknown speed FAST', suggestion: 'speeds: SLOW, HALF, FULL' })
    expect(error('ALA: RAID NOW')).toEqual({ message: 'RAID takes no argument' })
    expect(error('ALA: RAID,, HOLD')).toEqual({
      message: 'an empty activity between commas',
      suggestion: 'activities: SAIL, RAID, HOLD',
    })
    expect(error('ALA:')).toEqual({ message: 'no activity after ALA:', suggestion: 'activities: SAIL, RAID, HOLD' })
    expect(error('ALA: RAIDE')).toEqual({ message: 'unknown activity RAIDE', suggestion: 'did you mean RAID or SAIL?' })
    expect(error('GROUP G1 = ALA')?.message).toBe('GROUP needs two ships')
    expect(error('SPEED ALA FULL NOW')).toEqual({
      message: 'SPEED: unexpected NOW',
      suggestion: 'e.g. SPEED KSTAT FULL',
    })
  })
})

describe('kit order grammar: echo, HELP and the order form', () => {
  it('every example in HELP parses, and its echo parses back to the same order', () => {
    const examples = helpLines(GRAMMAR)
      .map((l) => /e\.g\. (.+)$/.exec(l)?.[1])
      .filter((e): e is string => e !== undefined)
    // RAID's example is its syntax, and is not repeated.
    expect(examples).toHaveLength(GRAMMAR.forms.length + ACTIVITIES.length - 1)
    for (const example of examples.slice(0, GRAMMAR.forms.length)) {
      const r = parse(example)
      expect(r.ok, example).toBe(true)
      if (r.ok) expect(parse(echo(GRAMMAR, r.order))).toEqual(r)
    }
  })

  it('HELP gives each form its syntax, what it does and an example; nested forms follow their line', () => {
    const help = helpLines(GRAMMAR)
    expect(help[0]).toMatch(/^ {2}MOVE <ship> <area> \[<area> \.\.\.\] +a ship along adjacent areas$/)
    expect(help[1]).toBe('      e.g. MOVE MONITOR A1 A2')
    expect(help).toContain('    activities:')
    expect(help.some((l) => l.startsWith('      SAIL <area> [<area> ...] [+RAID]'))).toBe(true)
    expect(formComments(GRAMMAR)[4]).toBe('# GROUP <group name> = <ship>,<ship>...    e.g. GROUP G1 = MONITOR,ALA')
  })

  it('the echo writes the normalised line: canonical ids, upper case, signs in place', () => {
    const r = parse('group g2 kstat,monitor')
    expect(r.ok && echo(GRAMMAR, r.order)).toBe('GROUP G2 = KSTAT,MONITOR')
    const s = parse('alabama : sail a1 a2 ,raid')
    expect(s.ok && echo(GRAMMAR, s.order)).toBe('ALA: SAIL A1 A2, RAID')
  })

  it('property: any order generated from the declaration echoes to a line that parses back to it', () => {
    fc.assert(
      fc.property(arbitraryOrder(GRAMMAR, VOCABS), (order) => {
        const line = echo(GRAMMAR, order)
        expect(parse(line), line).toEqual({ ok: true, order })
      }),
      { numRuns: 500 },
    )
  })
})

/** A grammar with signs of its own: paths through spaces joined by `>`, clauses after `;`. */
const RIVER: Grammar = {
  noun: 'order',
  nouns: 'orders',
  signs: [':', ',', '>', ';'],
  forms: [
    {
      name: 'route',
      words: ['ROUTE'],
      parts: [
        {
          kind: 'repeat',
          name: 'ships',
          items: [{ kind: 'id', name: 'ship', vocab: 'ship' }],
          min: 1,
          sep: ',',
          label: 'a ship',
        },
        {
          kind: 'repeat',
          name: 'path',
          items: [{ kind: 'id', name: 'space', vocab: 'area' }],
          min: 1,
          sep: '>',
          label: 'a space',
        },
      ],
      summary: 'a stack along a path',
      example: 'ROUTE MONITOR,ALA A1 > A2 > B1',
    },
    {
      name: 'orders',
      words: [],
      parts: [
        { kind: 'id', name: 'ship', vocab: 'ship' },
        { kind: 'literal', word: ':' },
        {
          kind: 'forms',
          name: 'clauses',
          noun: 'clause',
          nouns: 'clauses',
          sep: ';',
          forms: [
            {
              name: 'fire',
              words: ['FIRE'],
              parts: [{ kind: 'id', name: 'target', vocab: 'ship', label: 'a target' }],
              summary: 'fire',
              example: 'FIRE ALA',
            },
            {
              name: 'speed',
              words: ['SPEED'],
              parts: [{ kind: 'int', name: 'knots', min: 0, max: 4, label: 'knots' }],
              summary: 'speed',
              example: 'SPEED 2',
            },
          ],
        },
      ],
      summary: "a ship's clauses",
      example: 'MONITOR: SPEED 2; FIRE ALA',
    },
  ],
}

describe('kit order grammar: a grammar with signs of its own', () => {
  const read = (line: string) => parseLine(RIVER, VOCABS, line)

  it('reads a list of ships then a path joined by >, and clauses split at semicolons', () => {
    expect(read('route monitor ala a1>a2 > b1')).toEqual({
      ok: true,
      order: { form: 'route', args: { ships: ['MONITOR', 'ALA'], path: ['A1', 'A2', 'B1'] } },
    })
    const r = read('monitor: speed 2;fire alabama')
    expect(r.ok && echo(RIVER, r.order)).toBe('MONITOR: SPEED 2; FIRE ALA')
    const route = read('ROUTE MONITOR,ALA A1 > A2')
    expect(route.ok && echo(RIVER, route.order)).toBe('ROUTE MONITOR,ALA A1 > A2')
    expect(read('MONITOR: SPEED 2;; FIRE ALA')).toEqual({
      ok: false,
      error: { message: 'an empty clause between semicolons', suggestion: 'clauses: FIRE, SPEED' },
    })
    expect(read('ROUTE MONITOR, A1')).toMatchObject({ ok: false, error: { message: 'unknown ship A1' } })
    const help = helpLines(RIVER)
    expect(help.slice(0, 3)).toEqual([
      '  ROUTE <ship>,<ship>... <space> > <space> ...',
      '      a stack along a path',
      '      e.g. ROUTE MONITOR,ALA A1 > A2 > B1',
    ])
    expect(help[3]).toMatch(/^ {2}<ship>: <clause>; <clause>; \.\.\. +a ship's clauses$/)
  })

  it('property: any order generated from the declaration echoes to a line that parses back to it', () => {
    fc.assert(
      fc.property(arbitraryOrder(RIVER, VOCABS), (order) => {
        const line = echo(RIVER, order)
        expect(read(line), line).toEqual({ ok: true, order })
      }),
      { numRuns: 300 },
    )
  })
})

describe('kit order grammar: compound tokens, typed pieces inside one word', () => {
  const SHOP: Grammar = {
    noun: 'order',
    nouns: 'orders',
    // `:` and `=` join pieces inside a word here, so only the comma stands alone.
    signs: [','],
    forms: [
      {
        name: 'crew',
        words: ['CREW'],
        parts: [
          {
            kind: 'repeat',
            name: 'jobs',
            min: 1,
            sep: ' ',
            label: 'a job',
            items: [
              {
                kind: 'compound',
                name: 'job',
                required: 3,
                pieces: [
                  { kind: 'id', name: 'ship', vocab: 'ship' },
                  { kind: 'literal', word: '=' },
                  { kind: 'enum', name: 'task', words: ['SAIL', 'FIX'] },
                  { kind: 'literal', word: ':' },
                  { kind: 'id', name: 'area', vocab: 'area' },
                ],
              },
            ],
          },
        ],
        summary: 'a task for each ship',
        example: 'CREW ALA=SAIL MONITOR=FIX:A2',
      },
      {
        name: 'place',
        words: ['PLACE'],
        parts: [
          {
            kind: 'repeat',
            name: 'at',
            min: 1,
            sep: ',',
            label: 'a ship',
            items: [
              {
                kind: 'compound',
                name: 'placed',
                pieces: [
                  { kind: 'id', name: 'ship', vocab: 'ship' },
                  { kind: 'literal', word: '@' },
                  { kind: 'int', name: 'slot', min: 0, max: 9, label: 'the slot' },
                ],
              },
              { kind: 'id', name: 'ship', vocab: 'ship' },
            ],
          },
        ],
        summary: 'ships, each on a slot or anywhere',
        example: 'PLACE ALA@1,MONITOR',
      },
    ],
  }

  it('reads each piece by its type, the optional tail when written, and writes it back the same', () => {
    const read = parseLine(SHOP, VOCABS, 'crew alabama=sail monitor=fix:c10')
    expect(read).toEqual({
      ok: true,
      order: {
        form: 'crew',
        args: {
          jobs: [
            { form: 'job', args: { ship: 'ALA', task: 'SAIL' } },
            { form: 'job', args: { ship: 'MONITOR', task: 'FIX', area: 'C10' } },
          ],
        },
      },
    })
    if (read.ok) expect(echo(SHOP, read.order)).toBe('CREW ALA=SAIL MONITOR=FIX:C10')
    const placed = parseLine(SHOP, VOCABS, 'PLACE ala@1, kstat')
    expect(placed.ok && echo(SHOP, placed.order)).toBe('PLACE ALA@1,KSTAT')
  })

  it('refuses a piece by its own type, with the nearest names, and a token missing a join with its syntax', () => {
    expect(parseLine(SHOP, VOCABS, 'CREW ALA=SAL')).toEqual({
      ok: false,
      error: { message: 'unknown task SAL', suggestion: 'did you mean SAIL?' },
    })
    expect(parseLine(SHOP, VOCABS, 'CREW MONITR=FIX')).toMatchObject({
      ok: false,
      error: { message: 'unknown ship MONITR', suggestion: 'did you mean MONITOR?' },
    })
    expect(parseLine(SHOP, VOCABS, 'CREW ALA')).toMatchObject({
      ok: false,
      error: { message: 'ALA: write <ship>=SAIL|FIX[:<area>]' },
    })
    expect(parseLine(SHOP, VOCABS, 'PLACE ALA@12')).toMatchObject({
      ok: false,
      error: { message: 'the slot is a whole number from 0 to 9, not 12' },
    })
  })

  it('HELP writes a compound as its pieces, the optional tail in brackets', () => {
    expect(helpLines(SHOP)[0]).toMatch(/^ {2}CREW <ship>=SAIL\|FIX\[:<area>\] \[<ship>=SAIL\|FIX\[:<area>\] \.\.\.\]/)
  })

  it('property: any order generated from the declaration echoes to a line that parses back to it', () => {
    fc.assert(
      fc.property(arbitraryOrder(SHOP, VOCABS), (order) => {
        expect(parseLine(SHOP, VOCABS, echo(SHOP, order))).toEqual({ ok: true, order })
      }),
      { numRuns: 300 },
    )
  })
})

describe('kit order grammar: numbers with decimals, and one nested order for the rest of the line', () => {
  const point: Extract<Part, { kind: 'compound' }> = {
    kind: 'compound',
    name: 'point',
    pieces: [
      { kind: 'decimal', name: 'x', min: -50, max: 50, places: 2 },
      { kind: 'literal', word: ',' },
      { kind: 'decimal', name: 'y', min: -50, max: 50, places: 2 },
    ],
  }
  const STANDING: Grammar = {
    noun: 'order',
    nouns: 'orders',
    signs: [':', ';'],
    forms: [
      {
        name: 'standing',
        words: ['STANDING'],
        parts: [
          { kind: 'id', name: 'ship', vocab: 'ship' },
          {
            kind: 'forms',
            name: 'kind',
            noun: 'standing order',
            nouns: 'standing orders',
            one: true,
            forms: [
              {
                name: 'keep',
                words: ['KEEP'],
                parts: [
                  { kind: 'id', name: 'leader', vocab: 'ship' },
                  { kind: 'decimal', name: 'gap', min: 0, max: 24, places: 2, label: 'the gap', syntax: '<gap>' },
                ],
                summary: 'keep a gap astern of a leader',
                example: 'KEEP ALA 2.5',
              },
              {
                name: 'make-for',
                words: ['MAKE-FOR'],
                parts: [
                  point,
                  {
                    kind: 'optional',
                    parts: [
                      { kind: 'literal', word: 'THEN' },
                      { ...point, name: 'then' },
                    ],
                  },
                ],
                summary: 'make for a point',
                example: 'MAKE-FOR 10,20.5',
              },
            ],
          },
        ],
        summary: "a ship's standing order",
        example: 'STANDING MONITOR KEEP ALA 2.5',
      },
    ],
  }
  const read = (line: string) => parseLine(STANDING, VOCABS, line)

  it('reads a number with decimals, and refuses one out of range or with too many decimals as written', () => {
    expect(read('standing monitor keep ala 2.5')).toEqual({
      ok: true,
      order: {
        form: 'standing',
        args: { ship: 'MONITOR', kind: [{ form: 'keep', args: { leader: 'ALA', gap: 2.5 } }] },
      },
    })
    const big = '99999999999999999999'
    expect(read(`STANDING MONITOR KEEP ALA ${big}`)).toEqual({
      ok: false,
      error: { message: `the gap is a number (at most 2 decimals) from 0 to 24, not ${big}` },
    })
    expect(read('STANDING MONITOR KEEP ALA 2.125')).toMatchObject({ ok: false, error: { message: /not 2\.125$/ } })
    const at = read('STANDING MONITOR MAKE-FOR -1.5,20 THEN 3,4')
    expect(at.ok && echo(STANDING, at.order)).toBe('STANDING MONITOR MAKE-FOR -1.5,20 THEN 3,4')
  })

  it('one nested order takes the rest of the line: none, or words after it, are refused', () => {
    expect(read('STANDING MONITOR')).toMatchObject({
      ok: false,
      error: { message: 'no standing order after STANDING MONITOR', suggestion: 'standing orders: KEEP, MAKE-FOR' },
    })
    expect(read('STANDING MONITOR KEEP ALA 2 KEEP ALA 3')).toMatchObject({
      ok: false,
      error: { message: 'KEEP: unexpected KEEP' },
    })
    expect(helpLines(STANDING)[0]).toMatch(/^ {2}STANDING <ship> <standing order> +a ship's standing order$/)
    expect(helpLines(STANDING)).toContain('          e.g. MAKE-FOR 10,20.5')
    // A number whose range is only a guard is written as the declaration says; others with their range.
    expect(helpLines(STANDING).some((l) => /^ +KEEP <leader> <gap> /.test(l))).toBe(true)
    expect(helpLines(STANDING).some((l) => /^ +MAKE-FOR <x -50-50>,<y -50-50> /.test(l))).toBe(true)
  })

  it('a word left where several optional groups were passed over is refused as meant for the first', () => {
    const RAM: Grammar = {
      noun: 'order',
      nouns: 'orders',
      forms: [
        {
          name: 'ram',
          words: ['RAM'],
          parts: [
            { kind: 'optional', parts: [{ kind: 'id', name: 'target', vocab: 'ship' }] },
            {
              kind: 'optional',
              parts: [
                { kind: 'literal', word: 'IF' },
                { kind: 'enum', name: 'if', words: ['BOW-ON'] },
              ],
            },
          ],
          summary: 'ram',
          example: 'RAM ALA IF BOW-ON',
        },
      ],
    }
    expect(parseLine(RAM, VOCABS, 'RAM ALABAMMA')).toEqual({
      ok: false,
      error: { message: 'unknown target ALABAMMA', suggestion: 'did you mean ALA?' },
    })
    expect(parseLine(RAM, VOCABS, 'RAM IF BOW-ON')).toMatchObject({ ok: true, order: { args: { if: 'BOW-ON' } } })
  })

  it('HELP lists nested forms once, under the first form that takes them', () => {
    const [standing] = STANDING.forms
    const twice: Grammar = {
      ...STANDING,
      forms: [standing!, { ...standing!, name: 'signal', words: ['SIGNAL'], example: 'SIGNAL MONITOR KEEP ALA 2' }],
    }
    const help = helpLines(twice)
    expect(help.filter((l) => l.trim() === 'standing orders:')).toHaveLength(1)
    expect(help.at(-2)).toMatch(/^ {2}SIGNAL <ship> <standing order>/)
  })

  it('property: any order generated from the declaration echoes to a line that parses back to it', () => {
    fc.assert(
      fc.property(arbitraryOrder(STANDING, VOCABS), (order) => {
        const line = echo(STANDING, order)
        expect(read(line), line).toEqual({ ok: true, order })
      }),
      { numRuns: 300 },
    )
  })
})
