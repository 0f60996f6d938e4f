// Receipt agrees with resolution: random legal-looking order lines, from both sides, in the positions
// a bot game passes through; whatever the order check accepts must resolve without throwing.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { seeds } from '../helpers/properties.ts'
import { seededRandom } from '../helpers/random.ts'
import { confederateOrders, sideView, unionOrders } from './bots/bots.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
const map = bindRebelPack(rebelRaidersFactory.defaultPack().content as never).map
const SPACES = map.spaces.map((s) => s.id)
const TYPES = ['RAIDER', 'GUNBOAT', 'RUNNER', 'IRONCLAD', 'BATTERY', 'SLOOP', 'COUNTERATTACK', 'PAWN', 'CARD']

function line(rnd: () => number, s: RrState, side: 'CSA' | 'USA'): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
  const own = s.pieces.filter((p) => p.side === side && p.type !== 'battery')
  const p = own.length ? pick(own) : { id: 'GB-1', at: 'NAVY' }
  const near = () => pick(map.neighbours(p.at).length ? map.neighbours(p.at) : SPACES)
  const two = () => {
    const a = near()
    const b = pick(map.neighbours(a).length ? map.neighbours(a) : SPACES)
    return `${a} > ${b}`
  }
  const foe = pick(s.pieces.filter((x) => x.side !== side).map((x) => x.id))
  const n = Math.floor(rnd() * 5)
  const card = pick([...s.cards[side].hand, 1, 57, 94])
  const templates = [
    () => `MOVE ${p.id} ${two()}`,
    () => `MOVE ${p.id} ${near()}`,
    () => `MOVE ${p.id} ${near()} > RAID${pick(['', '+1', ' x2'])}`,
    () => `MOVE ${p.id} ${near()} > SEARCH(${foe})${pick(['', '+1'])}`,
    () => `MOVE ${p.id} LOAD > ${near()}`,
    () =>
      `MOVE ${own
        .filter((x) => x.at === p.at)
        .map((x) => x.id)
        .join(',')} ${two()}`,
    () => `ASSAULT ${near()} FROM ${p.at} TACTICS ${n}`,
    () => `TACTICS ${near()} ${n}`,
    () => `COUNTERATTACK ${near()} FROM ${p.at}`,
    () => `BUILD ${pick(TYPES)} AT ${pick(SPACES)}`,
    () => `BUILD ${pick(TYPES)}${pick(['', ' SPECIAL'])}`,
    () => `PLAY ${card}${pick(['', ` AT ${near()}`, ` AT ${n}`, ` AT ${foe}`])}`,
    () => `SCRAP ${p.id}`,
    () => `PLACE IRONCLAD AT ${pick(SPACES)}`,
    () => `RETREAT ALL TO ${near()}`,
    () => `AIM ALL AT ${pick(['BATTERY', 'GUNBOAT', foe])}`,
    () => `SHIELD ${p.id} WITH ${pick(own.map((x) => x.id))}`,
    () => `INTERCEPT ${pick(['STACK', 'EACH'])}`,
    () => `DEFEND ALL TACTICS ${n}`,
    () => `HUNT AT ${pick([near(), 'ALL'])}`,
    () => `EXCHANGE ${n}`,
    () => `POLICY ALL ON BATTLE: RETREAT IF lost >= ${n}; FIGHT`,
    () => 'PASS',
  ]
  return pick(templates)()
}

describe('Rebel Raiders: what the order check accepts resolves without throwing', () => {
  it('random order lines in the positions of a bot-played game', () => {
    // The positions a bot-played game passes through, each with the side whose phase it is.
    const positions: RrState[] = []
    let s = rs.setup('1861', {}, rebelRaidersFactory.defaultPack(), new LabelledDice([]))
    for (let phase = 0; phase < 48 && !s.finished; phase++) {
      positions.push(s)
      const side = s.phase.startsWith('csa') ? 'CSA' : 'USA'
      const role = side === 'CSA' ? 'confederate' : 'union'
      const text =
        side === 'CSA' ? confederateOrders(rs, map, sideView(s, 'CSA')) : unionOrders(rs, map, sideView(s, 'USA'))
      s = rs.resolve(
        s,
        { orders: { [role]: rs.parseOrders(s, role, text).commands }, decisions: {} },
        new LabelledDice([]),
      ).state
    }
    let accepted = 0
    fc.assert(
      fc.property(fc.integer({ min: 0, max: positions.length - 1 }), seeds, (at, seed) => {
        const s = positions[at]!
        const rnd = seededRandom(seed)
        const side = s.phase.startsWith('csa') ? 'CSA' : 'USA'
        const role = side === 'CSA' ? 'confederate' : 'union'
        const other = side === 'CSA' ? 'union' : 'confederate'
        const text = Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => line(rnd, s, side)).join('\n')
        const standing = line(rnd, s, side === 'CSA' ? 'USA' : 'CSA')
        const mine = rs.parseOrders(s, role, text)
        const theirs = rs.parseOrders(s, other, standing)
        if (mine.errors.length) return
        accepted++
        const orders = { [role]: mine.commands, ...(theirs.errors.length ? {} : { [other]: theirs.commands }) }
        expect(
          () => rs.resolve(s, { orders, decisions: {} }, new LabelledDice([])),
          `${role} at turn ${s.turn} ${s.phase}:\n${text}\n${other}: ${standing}`,
        ).not.toThrow()
      }),
      // as many as the fifty tries at each of the game's positions it was written with
      { numRuns: positions.length * 50 },
    )
    expect(accepted).toBeGreaterThan(400)
  })
})
