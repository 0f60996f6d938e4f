// What the judge prints back to a player (HELP's examples, the acknowledgement's AS UNDERSTOOD and
// `pbem check`) must itself be an order the parser takes, and mean the same orders.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo, type DemoResult } from '../../src/cli/demo.ts'
import type { OrdersAccepted } from '../../src/engine/events.ts'
import fc from 'fast-check'
import { echo, type Grammar, parseLine, syntax, type Vocabularies } from '../../src/games/kit/grammar.ts'
import {
  activityForms,
  CONFEDERATE_GRAMMAR,
  FEDERAL_GRAMMAR,
  seaDevilsVocabularies,
} from '../../src/games/sea-devils/orderGrammar.ts'
import { seaDevilsOrderHelp } from '../../src/games/sea-devils/orderHelp.ts'
import { CSA_VERBS } from '../../src/games/sea-devils/orderWords.ts'
import { contextFor, neighbours, type SdState } from '../../src/games/sea-devils/state.ts'
import { arbitraryOrder } from '../helpers/grammar.ts'
import { fresh, P, parse, placeCsa, rs, shipDef } from './rules/helpers.ts'

const VOCABS = seaDevilsVocabularies(contextFor(P, 'weak-beginning'))

/** The examples HELP gives, and whether each is an activity (shown under its line's form). */
function helpExamples(role: string): { example: string; nested: boolean }[] {
  return seaDevilsOrderHelp(role).flatMap((l) => {
    const m = /^( *)e\.g\. (.+)$/.exec(l)
    return m ? [{ example: m[2]!, nested: m[1]!.length > 6 }] : []
  })
}

/** Commands without the line numbers they were read from: an echo is read from other lines. */
function withoutLines(commands: unknown): unknown {
  return JSON.parse(JSON.stringify(commands, (k, v) => (k === 'line' ? undefined : v)))
}

describe('HELP examples', () => {
  it('4.3: the example record line of HELP, RUN-OUT, MOVE C11, RAID, is taken as three activities in order', () => {
    const p = parse(fresh(), 'confederate', 'SUM: RUN-OUT, MOVE C11, RAID')
    expect(p.errors).toEqual([])
    expect(withoutLines(p.commands)).toEqual([
      { kind: 'script', ship: 'SUM', steps: [{ verb: 'RUN-OUT' }, { verb: 'MOVE', area: 'C11' }, { verb: 'RAID' }] },
    ])
    expect(p.normalised).toEqual(['SUM: RUN-OUT, MOVE C11, RAID'])
  })

  it('4.3: an empty activity between commas is refused with the list of activities', () => {
    const p = rs.parseOrders(fresh(), 'confederate', 'SUM: RUN-OUT,, MOVE C11')
    expect(p.errors[0]!.message).toBe('an empty activity between commas')
    expect(p.errors[0]!.suggestion).toMatch(/^activities: MOVE, RAID/)
  })

  it('4.3: every "e.g." example in the Confederate HELP is read by the grammar, and its echo reads back the same', () => {
    const examples = helpExamples('confederate')
    // In HELP's order, each form's example, but not one that is only its syntax (RAID).
    const [record, ...others] = CONFEDERATE_GRAMMAR.forms
    expect(examples.map((e) => e.example)).toEqual(
      [record!, ...activityForms(CSA_VERBS), ...others].filter((f) => f.example !== syntax(f)).map((f) => f.example),
    )
    for (const { example, nested } of examples) {
      // An activity's example stands after a ship's name.
      const line = nested ? `SUM: ${example}` : example
      const read = parseLine(CONFEDERATE_GRAMMAR, VOCABS, line)
      expect(read.ok, line).toBe(true)
      if (read.ok) expect(parseLine(CONFEDERATE_GRAMMAR, VOCABS, echo(CONFEDERATE_GRAMMAR, read.order))).toEqual(read)
    }
  })

  it('4.3, 4.52, 11.72: the Confederate HELP examples are taken as orders in a position where they are legal', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C11')
    placeCsa(s, 'NASH', 'C11')
    for (const { example, nested } of helpExamples('confederate')) {
      if (nested || example.startsWith('SUM:') || example === 'SEMMES: TRANSFER') continue
      const p = rs.parseOrders(s, 'confederate', example)
      expect(p.errors, example).toEqual([])
      const back = rs.parseOrders(s, 'confederate', p.normalised.join('\n'))
      expect(withoutLines(back.commands), example).toEqual(withoutLines(p.commands))
    }
  })

  it('4.52: a squadron echo, its activities after a colon, parses back to the same squadron and steps', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C11')
    placeCsa(s, 'NASH', 'C11')
    const p = rs.parseOrders(s, 'confederate', 'SQUADRON SQ1 = SUM,NASH\nSQ1: MOVE C21 +RAID')
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['SQUADRON SQ1 = SUM,NASH: MOVE C21, RAID'])
    const back = rs.parseOrders(s, 'confederate', p.normalised.join('\n'))
    expect(back.errors).toEqual([])
    expect(withoutLines(back.commands)).toEqual(withoutLines(p.commands))
    const idle = rs.parseOrders(s, 'confederate', 'SQUADRON SQ1 = SUM,NASH')
    expect(idle.normalised).toEqual(['SQUADRON SQ1 = SUM,NASH (it stays)'])
    expect(withoutLines(rs.parseOrders(s, 'confederate', idle.normalised[0]!).commands)).toEqual(
      withoutLines(idle.commands),
    )
  })

  it('4.1: every "e.g." example in the Federal HELP is read by the grammar, and its echo reads back the same', () => {
    const examples = helpExamples('federal')
    expect(examples.length).toBe(FEDERAL_GRAMMAR.forms.length)
    for (const { example } of examples) {
      const read = parseLine(FEDERAL_GRAMMAR, VOCABS, example)
      expect(read.ok, example).toBe(true)
      if (read.ok) expect(parseLine(FEDERAL_GRAMMAR, VOCABS, echo(FEDERAL_GRAMMAR, read.order))).toEqual(read)
    }
  })

  it('4.1, 10.4, 11.1, 4.42: the Federal DEPLOY, MOVE, CSE and POLICY examples are taken as orders, and their echo too', () => {
    const s = fresh()
    s.stage = 'federal-orders'
    for (const { example } of helpExamples('federal')) {
      // Only a ship deployed this turn moves (10.4): the MOVE example comes with its DEPLOY, paid
      // from the deployment track (10.42).
      const ship = /^(?:MOVE|DEPLOY|CSE) (\S+)/.exec(example)?.[1]
      if (example.startsWith('POLICY')) expect(rs.parseOrders(s, 'federal', example).errors, example).toEqual([])
      if (!ship) continue
      s.deployTrack[shipDef(ship).type as keyof typeof s.deployTrack] = 1
      const p = rs.parseOrders(s, 'federal', example.startsWith('DEPLOY') ? example : `DEPLOY ${ship}\n${example}`)
      expect(p.errors, example).toEqual([])
      const back = rs.parseOrders(s, 'federal', p.normalised.join('\n'))
      expect(back.errors, example).toEqual([])
      expect(withoutLines(back.commands), example).toEqual(withoutLines(p.commands))
    }
  })

  it('property: any order generated from either side declaration echoes to a line the grammar reads back to it', () => {
    for (const grammar of [CONFEDERATE_GRAMMAR, FEDERAL_GRAMMAR])
      fc.assert(
        fc.property(arbitraryOrder(grammar, VOCABS), (order) => {
          const line = echo(grammar, order)
          expect(parseLine(grammar, VOCABS, line), line).toEqual({ ok: true, order })
        }),
        { numRuns: 300 },
      )
  })
})

/** The vocabularies, generating only the names given: orders about ships and areas at hand. */
function near(vocabs: Vocabularies, ids: Record<string, readonly string[]>): Vocabularies {
  return Object.fromEntries(
    Object.entries(vocabs).map(([k, v]) => [k, ids[k] ? { ...v, ids: () => ids[k]! } : v]),
  ) as Vocabularies
}

function acceptedEchoesReadBack(s: SdState, role: 'confederate' | 'federal', grammar: Grammar, gen: Vocabularies) {
  let accepted = 0
  fc.assert(
    fc.property(fc.array(arbitraryOrder(grammar, gen), { minLength: 1, maxLength: 3 }), (orders) => {
      const mail = orders.map((o) => echo(grammar, o)).join('\n')
      const p = rs.parseOrders(s, role, mail)
      // A mail with any error is refused whole: only a clean one is acknowledged and echoed.
      if (p.errors.length || !p.commands.length) return
      accepted += 1
      const back = rs.parseOrders(s, role, p.normalised.join('\n'))
      expect(back.errors, `${mail}\n=>\n${p.normalised.join('\n')}`).toEqual([])
      expect(withoutLines(back.commands), mail).toEqual(withoutLines(p.commands))
    }),
    { numRuns: 400 },
  )
  return accepted
}

describe('property: any order mail the judge accepts, its echo is taken back as the same commands', () => {
  it('4.3, 4.52, 11.72: Confederate records of ships at sea and in port', () => {
    const s = fresh()
    placeCsa(s, 'SUM', 'C11')
    placeCsa(s, 'NASH', 'C11')
    const areas = ['C11', ...neighbours(contextFor(P, 'weak-beginning'), 'C11')]
    const gen = near(VOCABS, { csa: ['SUM', 'NASH'], unit: ['SUM', 'NASH', 'SQ1'], area: areas })
    expect(acceptedEchoesReadBack(s, 'confederate', CONFEDERATE_GRAMMAR, gen)).toBeGreaterThan(10)
  })

  it('10.4, 4.1, 11.1, 4.52: Federal deployment and movement', () => {
    const s = fresh()
    s.stage = 'federal-orders'
    for (const t of Object.keys(s.deployTrack)) s.deployTrack[t as keyof typeof s.deployTrack] = 3
    const ships = Object.values(s.usa)
      .filter((u) => u.loc === 'map')
      .map((u) => u.id)
      .slice(0, 4)
    const ctx = contextFor(P, 'weak-beginning')
    const areas = [...new Set(ships.flatMap((id) => neighbours(ctx, s.usa[id]!.area!)))]
    const gen = near(VOCABS, { usa: ships, deployable: ships, area: areas })
    expect(acceptedEchoesReadBack(s, 'federal', FEDERAL_GRAMMAR, gen)).toBeGreaterThan(10)
  })
})

describe('the acknowledgement echo of every demo mail', () => {
  let dir: string
  let result: DemoResult
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pbem-echo-'))
    result = await runDemo({ dir: join(dir, 'demo') })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('4.3, 4.1: parses back, in the situation the orders were read in, to the same commands', () => {
    const app = openApp({ dataDir: result.dataDir })
    try {
      const fold = app.judge.load(DEMO_GAME)
      const accepted = [...fold.receipts.values()]
        .map((r) => r.data)
        .filter((d): d is OrdersAccepted => 'commands' in d && d.role !== null)
      expect(accepted.length).toBeGreaterThanOrEqual(8)
      for (const a of accepted) {
        const state = fold.statesBefore.get(a.point)
        expect(state, a.receipt).toBeDefined()
        const back = fold.ruleset.parseOrders(state, a.role, a.normalised.join('\n'))
        expect(back.errors, `${a.receipt}\n${a.normalised.join('\n')}`).toEqual([])
        expect(withoutLines(back.commands), a.receipt).toEqual(withoutLines(a.commands))
      }
    } finally {
      app.close()
    }
  })
})
