// What the judge prints back to a captain (HELP's examples, the acknowledgement's AS UNDERSTOOD and
// `pbem check`) must itself be an order the parser takes, and mean the same commands.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { echo, parseLine, type Vocabularies } from '../../src/games/kit/grammar.ts'
import { createInfernalMachine, type ImState } from '../../src/games/infernal-machine/index.ts'
import { IM_GRAMMAR, imVocabularies } from '../../src/games/infernal-machine/orderGrammar.ts'
import { imOrderHelp } from '../../src/games/infernal-machine/orderHelp.ts'
import { arbitraryOrder } from '../helpers/grammar.ts'
import { campaign, LabelHashDice, pack } from './helpers.ts'

const VOCABS = imVocabularies(pack)
const rules = createInfernalMachine(pack)
const fresh = () => rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, new LabelHashDice())
const parse = (s: ImState, text: string) => rules.parseOrders(s, 'captain', text)

/** A shop with a seaworthy boat, funds and a crew: where most orders are legal. */
function shop(): ImState {
  const c = campaign({ funds: 60 })
  c.boat = {
    tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
    parts: [
      ['hatch', 1],
      ['steering-link', 1],
      ['propeller', 3],
    ],
  }
  return { ...fresh(), phase: 'actions', campaign: c }
}

/** The vocabularies, generating only the names given: orders about what is at hand. */
function near(ids: Record<string, readonly string[]>): Vocabularies {
  return Object.fromEntries(
    Object.entries(VOCABS).map(([k, v]) => [k, ids[k] ? { ...v, ids: () => ids[k]! } : v]),
  ) as Vocabularies
}

describe('Infernal Machine HELP examples and the echo', () => {
  it('digest 5: every "e.g." example in HELP is read by the grammar, and its echo reads back the same', () => {
    const examples = imOrderHelp(pack, undefined).flatMap((l) => /^ +e\.g\. (.+)$/.exec(l)?.slice(1) ?? [])
    expect(examples.length).toBeGreaterThan(30)
    for (const example of examples) {
      const read = parseLine(IM_GRAMMAR, VOCABS, example)
      expect(read.ok, example).toBe(true)
      if (read.ok) expect(parseLine(IM_GRAMMAR, VOCABS, echo(IM_GRAMMAR, read.order))).toEqual(read)
    }
  })

  it('digest 5: the examples are taken as orders, and their echo is taken back as the same commands', () => {
    const s = shop()
    for (const f of IM_GRAMMAR.forms) {
      const p = parse(s, f.example)
      if (p.errors.length) continue
      const back = parse(s, p.normalised.join('\n'))
      expect(back.errors, f.example).toEqual([])
      expect(back.commands, f.example).toEqual(p.commands)
    }
  })

  it('digest 5.4: names in any case, ORDERS for CREW and a path with > are echoed in the judge’s words', () => {
    const p = parse(
      shop(),
      'orders MOSER=steer Baird=mech:BALLASTTANK\nroute Channel@1 > wharf\nbuild SELL section@1 MOVE hatch@2 steering-link@2',
    )
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual([
      'CREW moser=STEER baird=MECH:ballastTank',
      'ROUTE channel@1 > wharf',
      'BUILD SELL section@1 MOVE hatch@2 steering-link@2',
    ])
  })

  it('property: any order generated from the declaration echoes to a line the grammar reads back to it', () => {
    fc.assert(
      fc.property(arbitraryOrder(IM_GRAMMAR, VOCABS), (order) => {
        const line = echo(IM_GRAMMAR, order)
        expect(parseLine(IM_GRAMMAR, VOCABS, line), line).toEqual({ ok: true, order })
      }),
      { numRuns: 400 },
    )
  })
})

describe('property: any order mail the judge accepts, its echo is taken back as the same commands', () => {
  it('digest 5: campaign actions and standing orders, in a shop with a boat', () => {
    const s = shop()
    const gen = near({
      persona: ['moser', 'baird', 'biederman'],
      part: ['section', 'hatch', 'propeller', 'steering-link', 'needle-prow', 'chisel-stern'],
    })
    let accepted = 0
    fc.assert(
      fc.property(fc.array(arbitraryOrder(IM_GRAMMAR, gen), { minLength: 1, maxLength: 3 }), (orders) => {
        const mail = orders.map((o) => echo(IM_GRAMMAR, o)).join('\n')
        const p = parse(s, mail)
        if (p.errors.length || !p.commands.length) return
        accepted += 1
        const back = parse(s, p.normalised.join('\n'))
        expect(back.errors, `${mail}\n=>\n${p.normalised.join('\n')}`).toEqual([])
        expect(back.commands, mail).toEqual(p.commands)
      }),
      { numRuns: 400 },
    )
    expect(accepted).toBeGreaterThan(50)
  })
})
