// What the judge prints back to a Rebel Raiders player (HELP's examples, the acknowledgement's AS
// UNDERSTOOD and `pbem check`) must itself be an order the parser takes, and mean the same commands:
// for the declared grammar's every form, for random mails of them in the positions of a game, and for
// the test bots' orders through whole games.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RecordingDice } from '../../src/engine/dice.ts'
import { echo, parseLine, type Vocabularies } from '../../src/games/kit/grammar.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { RR_GRAMMAR } from '../../src/games/rebel-raiders/orderGrammar.ts'
import { rebelVocabularies } from '../../src/games/rebel-raiders/orderVocab.ts'
import { bindRebelPack, type RebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { arbitraryOrder } from '../helpers/grammar.ts'
import { seeds, wholeGames } from '../helpers/properties.ts'
import { confederateOrders, sideView, unionOrders } from './bots/bots.ts'

const raw = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(raw as never)
const pack: RebelPack = bindRebelPack(raw.content as never)
const dice = (seed: number) => {
  const hex = seed.toString(16).padStart(64, '0')
  return new RecordingDice(hex, 'rr-echo', 0, '', hex.split('').reverse().join(''))
}
const start = (seed = 0) => rs.setup('1861', { optional: '18.21,18.22,18.5' }, raw, dice(seed))
const withoutLines = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'line' ? undefined : x)))
const roleOf = (side: 'CSA' | 'USA') => (side === 'CSA' ? 'confederate' : 'union')
const phasing = (s: RrState): 'CSA' | 'USA' => (s.phase.startsWith('csa') ? 'CSA' : 'USA')

/** A mail's echo is taken back as the same commands, in the position it was read in; false when the mail is refused. */
function echoesBack(s: RrState, role: string, mail: string): boolean {
  const p = rs.parseOrders(s, role, mail)
  // A mail with any error is refused whole: only a clean one is acknowledged and echoed.
  if (p.errors.length || !p.commands.length) return false
  const back = rs.parseOrders(s, role, p.normalised.join('\n'))
  expect(back.errors, `${mail}\n=>\n${p.normalised.join('\n')}`).toEqual([])
  expect(withoutLines(back.commands), `${mail}\n=>\n${p.normalised.join('\n')}`).toEqual(withoutLines(p.commands))
  return true
}

/** The vocabularies of `s`, generating only names at hand for `side`: its pieces, the spaces near them, its cards. */
function near(s: RrState, side: 'CSA' | 'USA'): Vocabularies {
  const vocabs = rebelVocabularies(s, pack)
  const own = s.pieces.filter((p) => p.side === side)
  const foes = s.pieces.filter((p) => p.side !== side).map((p) => p.id)
  const spaces = [...new Set(own.flatMap((p) => [p.at, ...pack.map.neighbours(p.at)]))]
  const hand = s.cards[side].hand.map(String)
  const ids: Record<string, readonly string[]> = {
    mover: [...own.map((p) => p.id), ...pack.pieces.commanders[side]],
    piece: [...own.map((p) => p.id), ...foes.slice(0, 4)],
    space: spaces,
    spaceOrAll: ['ALL', ...spaces],
    raiderOrAll: ['ALL', ...own.filter((p) => p.type === 'raider').map((p) => p.id)],
    shooter: ['ALL', 'GUNBOAT', ...own.map((p) => p.id)],
    target: ['BATTERY', 'SLOOP', ...foes.slice(0, 4)],
    card: hand.length ? hand : ['84'],
    word: ['ALL', '1', ...spaces, ...pack.pieces.commanders[side]],
  }
  return Object.fromEntries(
    Object.entries(vocabs).map(([k, v]) => [k, ids[k]?.length ? { ...v, ids: () => ids[k]! } : v]),
  ) as Vocabularies
}

/** The positions a bot-played game passes through, from a seed for its dice. */
function botGame(seed: number, phases: number): RrState[] {
  const positions: RrState[] = []
  let s = start(seed)
  for (let i = 0; i < phases && !s.finished; i++) {
    positions.push(s)
    const side = phasing(s)
    const text =
      side === 'CSA'
        ? confederateOrders(rs, pack.map, sideView(s, 'CSA'))
        : unionOrders(rs, pack.map, sideView(s, 'USA'))
    const orders = { [roleOf(side)]: rs.parseOrders(s, roleOf(side), text).commands }
    s = rs.resolve(s, { orders, decisions: {} }, dice(seed + i + 1)).state
  }
  return positions
}

describe('Rebel Raiders HELP examples and the grammar', () => {
  it('digest 6.3: every "e.g." example in HELP is read by the grammar, and its echo reads back the same', () => {
    const help = (['csa-move', 'csa-build', 'union-move', 'union-build'] as const).flatMap((phase) =>
      ['confederate', 'union'].flatMap((role) => rs.orderHelp!({ ...start(), phase }, role)),
    )
    const examples = help.flatMap((l) => {
      const m = /^( *)e\.g\. (.+)$/.exec(l)
      // A step's example stands in a path.
      return m ? [m[1]!.length > 6 ? `MOVE RD-1 ${m[2]}` : m[2]!] : []
    })
    expect(examples.length).toBeGreaterThan(30)
    const vocabs = rebelVocabularies(start(), pack)
    for (const example of examples) {
      const read = parseLine(RR_GRAMMAR, vocabs, example)
      expect(read.ok, example).toBe(true)
      if (read.ok) expect(parseLine(RR_GRAMMAR, vocabs, echo(RR_GRAMMAR, read.order)), example).toEqual(read)
    }
  })

  it('property: any order generated from the declaration echoes to a line the grammar reads back to it', () => {
    const vocabs = rebelVocabularies(start(), pack)
    fc.assert(
      fc.property(arbitraryOrder(RR_GRAMMAR, vocabs), (order) => {
        const line = echo(RR_GRAMMAR, order)
        expect(parseLine(RR_GRAMMAR, vocabs, line), line).toEqual({ ok: true, order })
      }),
      { numRuns: 500 },
    )
  })
})

describe('property: any Rebel Raiders mail the judge accepts, its echo is taken back as the same commands', () => {
  const positions = botGame(0, 16)

  it('digest 6.3: mails of the declared forms, from either side, in the positions of a bot game', () => {
    let accepted = 0
    const mails = fc.tuple(fc.integer({ min: 0, max: positions.length - 1 }), fc.boolean()).chain(([at, mine]) => {
      const s = positions[at]!
      const side = mine ? phasing(s) : phasing(s) === 'CSA' ? 'USA' : 'CSA'
      const lines = fc.array(arbitraryOrder(RR_GRAMMAR, near(s, side)), { minLength: 1, maxLength: 3 })
      return lines.map((orders) => ({ s, side, mail: orders.map((o) => echo(RR_GRAMMAR, o)).join('\n') }))
    })
    fc.assert(
      fc.property(mails, ({ s, side, mail }) => {
        if (echoesBack(s, roleOf(side), mail)) accepted++
      }),
      { numRuns: 600 },
    )
    expect(accepted).toBeGreaterThan(20)
  })

  it("the test bots' orders through whole games, each from its own seed", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        for (const s of botGame(seed, 24)) {
          const side = phasing(s)
          const text =
            side === 'CSA'
              ? confederateOrders(rs, pack.map, sideView(s, 'CSA'))
              : unionOrders(rs, pack.map, sideView(s, 'USA'))
          expect(echoesBack(s, roleOf(side), text) || !text.trim(), text).toBe(true)
        }
      }),
      wholeGames(2),
    )
  })
})
