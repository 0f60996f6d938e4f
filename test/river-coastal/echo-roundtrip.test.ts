// What the judge prints back to a River and Coastal player (HELP's examples, the acknowledgement's
// AS UNDERSTOOD and `pbem check`) must itself be an order mail the parser takes, meaning the same
// commands: the grammar (orderGrammar.ts) is declared once, and the echo is written from it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  echo,
  helpLines,
  type Order,
  type OrderForm,
  type Part,
  parseLine,
  type TokenPart,
  type Vocabularies,
  type Vocabulary,
} from '../../src/games/kit/grammar.ts'
import { CLAUSE_FORMS } from '../../src/games/river-coastal/clauseGrammar.ts'
import { sideContext } from '../../src/games/river-coastal/orderContext.ts'
import { DIRECTIVE_FORMS, RIVER_GRAMMAR } from '../../src/games/river-coastal/orderGrammar.ts'
import { riverVocabularies } from '../../src/games/river-coastal/orderVocab.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { Side } from '../../src/games/river-coastal/scenario.ts'
import { isAfloat } from '../../src/games/river-coastal/ship.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { scenarioOf } from '../../src/games/river-coastal/tableLayout.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { orderFrom } from '../helpers/grammar.ts'
import { seeds, wholeGames } from '../helpers/properties.ts'
import { RecordingDice } from '../../src/engine/dice.ts'
import { calm, ruleset } from './play.ts'

const pack = defaultRiverPack()
const seeded = (seed: number, point: number) =>
  new RecordingDice(seed.toString(16).padStart(64, '0'), 'echo-roundtrip', point, '')

/** Where a side's parties may land: the scenario's places and the enemy's forts (as the ruleset gives them). */
function vocabularies(s: RiverState, side: Side, own?: readonly string[]): Vocabularies {
  const sc = scenarioOf(s, pack)
  const places: Record<string, string> = {}
  for (const p of sc.places) places[p.id] = p.name
  for (const f of sc.forts) if (f.side !== side) places[f.id] = f.name
  const vocabs: Record<string, Vocabulary> = { ...riverVocabularies(sideContext(s, side, sc, pack, places)) }
  // Orders are generated about the ships given; a list a side has none of (its turrets, its
  // landing places) gives a word no order of hers takes, so that such lines are refused.
  if (own) vocabs.own = { ...vocabs.own!, ids: () => own }
  for (const [k, v] of Object.entries(vocabs)) if (!v.ids().length) vocabs[k] = { ...v, ids: () => ['NOWHERE'] }
  return vocabs
}

/** Commands without what an echo may not repeat: nothing, as River and Coastal numbers no lines. */
const parse = (s: RiverState, side: Side, text: string) => ruleset.parseOrders(s, side, text)

const fort = (): RiverState => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())

/** The numbers a generated order uses: near what a ship may do, so that many mails are accepted. */
const RANGES: Record<string, [number, number]> = {
  knots: [-1, 8],
  degrees: [0, 45],
  at: [0, 4],
  parties: [0, 3],
  crew: [0, 3],
  gap: [0, 30],
  x: [-2, 50],
  y: [-2, 75],
}

function narrowToken(p: TokenPart): TokenPart {
  if ((p.kind === 'int' || p.kind === 'decimal') && RANGES[p.name]) {
    const [min, max] = RANGES[p.name]!
    return { ...p, min: Math.max(p.min, min), max: Math.min(p.max, max) }
  }
  if (p.kind === 'compound') return { ...p, pieces: p.pieces.map((x) => narrowToken(x) as typeof x) }
  return p
}

function narrowPart(p: Part): Part {
  if (p.kind === 'optional') return { ...p, parts: p.parts.map(narrowPart) }
  if (p.kind === 'repeat') return { ...p, items: p.items.map(narrowToken) }
  if (p.kind === 'forms') return { ...p, forms: narrowed(p.forms) }
  if (p.kind === 'flag' || p.kind === 'text') return p
  return narrowToken(p)
}

const narrowed = (forms: readonly OrderForm[]): OrderForm[] =>
  forms.map((f) => ({ ...f, parts: f.parts.map(narrowPart) }))

const NARROW = narrowed(RIVER_GRAMMAR.forms)
const HELM = ['SPEED', 'TURN', 'FIRE']
const CLAUSES = narrowed(CLAUSE_FORMS)
/**
 * A ship's line of one to three clauses, mostly speed, turns and fire (a line of other clauses is
 * seldom accepted whole; two turns test where the second starts).
 */
const shipLines = (vocabs: Vocabularies): fc.Arbitrary<Order> => {
  const clause = fc.oneof(
    {
      arbitrary: orderFrom(
        CLAUSES.filter((f) => HELM.includes(f.name)),
        vocabs,
      ),
      weight: 3,
    },
    { arbitrary: orderFrom(CLAUSES, vocabs), weight: 1 },
  )
  return fc
    .tuple(fc.constantFrom(...vocabs.own!.ids()), fc.array(clause, { minLength: 1, maxLength: 3 }))
    .map(([ship, clauses]) => ({ form: 'ship', args: { ship, clauses } }))
}

/** A mail of one or two lines: ship lines mostly, and the lines of their own. */
const mails = (vocabs: Vocabularies): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof({ arbitrary: shipLines(vocabs), weight: 3 }, { arbitrary: orderFrom(NARROW, vocabs), weight: 1 }), {
      minLength: 1,
      maxLength: 2,
    })
    .map((orders) => orders.map((o) => echo(RIVER_GRAMMAR, o)).join('\n'))

/** Whether the mail is accepted; if so, that its echo is taken back, whole, as the same commands. */
function echoesBack(s: RiverState, side: Side, mail: string): boolean {
  const p = parse(s, side, mail)
  // A mail with any error is refused whole: only a clean one is acknowledged and echoed.
  if (p.errors.length || !p.commands.length) return false
  const back = parse(s, side, p.normalised.join('\n'))
  expect(back.errors, `${mail}\n=>\n${p.normalised.join('\n')}`).toEqual([])
  expect(back.commands, mail).toEqual(p.commands)
  expect(back.normalised, mail).toEqual(p.normalised)
  return true
}

describe('HELP examples', () => {
  const vocabs = vocabularies(fort(), 'USA')
  /** Each "e.g." line of HELP, with what it stands after: a clause after a ship, a directive after DIRECTIVE. */
  const examples = () =>
    ruleset.orderHelp!(fort(), 'USA').flatMap((l) => {
      const m = /^( *)e\.g\. (.+)$/.exec(l)
      if (!m) return []
      const example = m[2]!
      if (CLAUSE_FORMS.some((f) => f.example === example)) return [`TECU: ${example}`]
      if (DIRECTIVE_FORMS.some((f) => f.example === example)) return [`DIRECTIVE GALE ${example}`]
      return [example]
    })

  it('digest §4: every "e.g." example in HELP is read by the grammar, and its echo reads back the same', () => {
    const lines = examples()
    expect(lines.length).toBeGreaterThan(CLAUSE_FORMS.length)
    for (const line of lines) {
      const read = parseLine(RIVER_GRAMMAR, vocabs, line)
      expect(read.ok, line).toBe(true)
      if (read.ok) expect(parseLine(RIVER_GRAMMAR, vocabs, echo(RIVER_GRAMMAR, read.order)), line).toEqual(read)
    }
    expect(helpLines(RIVER_GRAMMAR).filter((l) => l.trim() === 'directives:')).toHaveLength(1)
  })

  it('digest §4.2: names in any case, STBD, a turret and a timed turn are echoed in the judge’s words, and read back', () => {
    const s = fort()
    const p = parse(s, 'USA', 'chic: speed 4; turn stbd 20; turret tf s; fire tf at css tennessee else nearest')
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['CHIC: SPEED 4; TURN STARBOARD 20 AT 0; TURRET TF S; FIRE TF AT TENN ELSE NEAREST'])
    expect(parse(s, 'USA', p.normalised[0]!).commands).toEqual(p.commands)
  })

  it('§7 L471: a second turn starts where the first ends, and its echo (hundredths of an inch) starts it there again', () => {
    const s = fort()
    const p = parse(s, 'USA', 'TECU: SPEED 8; TURN PORT 7; TURN STARBOARD 7')
    expect(p.errors).toEqual([])
    const [, second] = (p.commands[0] as { turns: { at: number }[] }).turns
    expect(second!.at % 10).not.toBe(0)
    expect(parse(s, 'USA', p.normalised[0]!).commands).toEqual(p.commands)
  })

  it('property: any order generated from the declaration echoes to a line the grammar reads back to it', () => {
    fc.assert(
      fc.property(orderFrom(RIVER_GRAMMAR.forms, vocabs), (order) => {
        const line = echo(RIVER_GRAMMAR, order)
        expect(parseLine(RIVER_GRAMMAR, vocabs, line), line).toEqual({ ok: true, order })
      }),
      { numRuns: 400 },
    )
  })
})

describe('property: any order mail the judge accepts, its echo is taken back as the same commands', () => {
  it('digest §4: ship lines and the lines of their own, for either side at the first move of Passing the Fort', () => {
    for (const side of ['USA', 'CSA'] as const) {
      const s = fort()
      const vocabs = vocabularies(s, side)
      let accepted = 0
      fc.assert(
        fc.property(mails(vocabs), (mail) => {
          if (echoesBack(s, side, mail)) accepted += 1
        }),
        { numRuns: 400 },
      )
      expect(accepted, side).toBeGreaterThan(15)
    }
  })

  it('digest §1.3: in games drawn from a seed, a few silent moves in (ships off their set places), every accepted mail echoes back', () => {
    let accepted = 0
    fc.assert(
      fc.property(seeds, fc.constantFrom('fire-rafts', 'mortar-flotilla', 'random-river'), (seed, scenario) => {
        let s: RiverState = ruleset.setup(scenario, {}, riverCoastalFactory.defaultPack(), seeded(seed, 0))
        let point = 1
        while (s.phase !== 'moves') s = ruleset.resolve(s, { orders: {}, decisions: {} }, seeded(seed, point++)).state
        for (let k = 0; k < 3 && !s.finished; k++)
          s = ruleset.resolve(s, { orders: {}, decisions: {} }, seeded(seed, point++)).state
        for (const side of ['USA', 'CSA'] as const) {
          const afloat = Object.values(s.ships).filter((x) => x.side === side && isAfloat(x) && !(x.id in s.exited))
          if (!afloat.length) continue
          const vocabs = vocabularies(
            s,
            side,
            afloat.map((x) => x.id),
          )
          for (const mail of fc.sample(mails(vocabs), { seed, numRuns: 60 })) if (echoesBack(s, side, mail)) accepted++
        }
      }),
      wholeGames(6),
    )
    expect(accepted).toBeGreaterThan(20)
  })
})
