// Rebel Raiders' house player through the judge: a house seat's orders are written from its side's
// view alone, filed like a player's mail and accepted without error to the end of a game, against
// the order-writing test bots and against another house seat; the same seed gives the same orders;
// and its inputs hold nothing of the other side's hand, standing orders or hidden draws.
import { afterEach, describe, expect, it } from 'vitest'
import { gameStream, type OrdersAccepted, type OrdersRejected } from '../../src/engine/events.ts'
import type { HouseLevel } from '../../src/games/contract.ts'
import { rebelRaidersHouse } from '../../src/games/rebel-raiders/house.ts'
import { boardOf, moveContextOf } from '../../src/games/rebel-raiders/houseBoard.ts'
import { checkMove } from '../../src/games/rebel-raiders/movement.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { playedRules } from '../../src/games/rebel-raiders/optionalRules.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { confederateOrders, sideView, unionOrders } from './bots/bots.ts'

const rs = createRebelRaiders(rebelRaidersFactory.defaultPack() as never)
const content = bindRebelPack(rebelRaidersFactory.defaultPack().content as never)

let app: TestApp | null = null
afterEach(() => {
  app?.cleanup()
  app = null
})

const bot = (role: string) => ({ role, address: `${role}@example.test`, name: role })
const house = (role: string, level: HouseLevel) => ({ role, address: `house:${level}`, name: `house ${level}` })

/** Plays to the end: the bot side files its phase's orders when they are awaited, then the phase resolves. */
function playOut(a: TestApp, game: string, bots: string[]): void {
  for (let i = 0; i < 80 && !a.judge.load(game).finished; i++) {
    const fold = a.judge.load(game)
    const s = fold.state as RrState
    for (const w of fold.ruleset.awaiting(s))
      if (w.kind === 'orders' && !w.optional && bots.includes(w.role) && !fold.orders.has(w.role)) {
        const text =
          w.role === 'confederate'
            ? confederateOrders(rs, content.map, sideView(s, 'CSA'))
            : unionOrders(rs, content.map, sideView(s, 'USA'))
        expect(a.judge.submitOrders(game, w.role, text).errors).toEqual([])
      }
    a.judge.forceAdjudicate(game, { by: 'test' })
  }
  expect(a.judge.load(game).finished, `${game} ends`).toBe(true)
}

function filings(a: TestApp, game: string) {
  const events = a.judge.o.store.read(gameStream(game))
  const accepted = events.filter((e) => e.type === 'OrdersAccepted').map((e) => e.data as OrdersAccepted)
  const rejected = events.filter((e) => e.type === 'OrdersRejected').map((e) => e.data as OrdersRejected)
  return { events, rejected, house: accepted.filter((d) => d.from?.startsWith('house:')) }
}

function create(
  a: TestApp,
  game: string,
  players: ReturnType<typeof bot>[],
  scenario = '1861',
  options: Record<string, string> = {},
): void {
  a.judge.createGame({ game, ruleset: 'rebel-raiders', scenario, players, zone: 'UTC', options })
}

describe('a house seat against the order-writing bot, to the end of the game', () => {
  const games: { seed: string; houseRole: string; level: HouseLevel }[] = [
    { seed: 'r1', houseRole: 'confederate', level: 'standard' },
    { seed: 'r4', houseRole: 'union', level: 'cautious' },
  ]
  it.each(games)('house $level $houseRole (seed $seed): every house order mail is accepted', (g) => {
    app = testApp(g.seed)
    const other = g.houseRole === 'union' ? 'confederate' : 'union'
    create(app, 'hb', [house(g.houseRole, g.level), bot(other)])
    playOut(app, 'hb', [other])
    const f = filings(app, 'hb')
    expect(f.rejected).toEqual([])
    expect(f.house.length).toBeGreaterThan(12)
    expect(f.house.every((d) => d.role === g.houseRole && d.from === `house:${g.level}`)).toBe(true)
  })
})

describe('seats: a dropped player replaced by the house', () => {
  it('the house takes the Union mid-game from its view at that point and plays it to the end', () => {
    app = testApp('seat')
    create(app, 'seat', [bot('confederate'), bot('union')])
    for (let i = 0; i < 6; i++) {
      const fold = app.judge.load('seat')
      const s = fold.state as RrState
      const role = s.phase.startsWith('csa') ? 'confederate' : 'union'
      const text =
        role === 'confederate'
          ? confederateOrders(rs, content.map, sideView(s, 'CSA'))
          : unionOrders(rs, content.map, sideView(s, 'USA'))
      expect(app.judge.submitOrders('seat', role, text).errors).toEqual([])
      app.judge.forceAdjudicate('seat', { by: 'test' })
    }
    app.judge.replacePlayer('seat', 'union', 'house:standard', { reason: 'the player dropped out' })
    playOut(app, 'seat', ['confederate'])
    const f = filings(app, 'seat')
    expect(f.rejected).toEqual([])
    expect(f.house.length).toBeGreaterThan(10)
    expect(f.house.every((d) => d.role === 'union' && d.point >= 6)).toBe(true)
  })
})

describe('house against house', () => {
  it.each(['hh1'])('RB 8, 9, 7.75, 11: two standard house players play 1861-1864 to the end (seed %s)', (seed) => {
    app = testApp(seed)
    create(app, 'hh', [house('confederate', 'standard'), house('union', 'standard')])
    playOut(app, 'hh', [])
    const f = filings(app, 'hh')
    expect(f.rejected).toEqual([])
    const lines = (role: string) => f.house.filter((d) => d.role === role).flatMap((d) => d.normalised)
    expect(lines('confederate').some((l) => /RAID/.test(l))).toBe(true)
    expect(lines('confederate').some((l) => /UNLOAD/.test(l))).toBe(true)
    expect(lines('union').some((l) => /SEARCH/.test(l))).toBe(true)
    expect(lines('union').some((l) => /^BUILD SLOOP/.test(l))).toBe(true)
    expect(lines('union').some((l) => /^ASSAULT/.test(l))).toBe(true)
    expect(f.events.some((e) => e.type === 'GameFinished')).toBe(true)
  })

  it('PB 19: the 1862 start, a cautious Confederate against a standard Union, no house mail refused', () => {
    app = testApp('h1862')
    create(app, 'h62', [house('confederate', 'cautious'), house('union', 'standard')], '1862')
    playOut(app, 'h62', [])
    const f = filings(app, 'h62')
    expect(f.rejected).toEqual([])
    expect(
      f.house
        .filter((d) => d.role === 'union')
        .flatMap((d) => d.normalised)
        .some((l) => /^ASSAULT/.test(l)),
    ).toBe(true)
  })

  it('PB 18: with every optional rule the judge plays, no house mail refused', () => {
    app = testApp('hopt')
    const optional = playedRules().join(',')
    create(app, 'hopt', [house('confederate', 'standard'), house('union', 'standard')], '1861', { optional })
    expect((app.judge.load('hopt').state as RrState).options.rules).toEqual(playedRules())
    playOut(app, 'hopt', [])
    expect(filings(app, 'hopt').rejected).toEqual([])
  })

  it('determinism: the same seed gives the same house orders', () => {
    const texts = (seed: string) => {
      const a = testApp(seed)
      try {
        create(a, 'det', [house('confederate', 'standard'), house('union', 'standard')])
        playOut(a, 'det', [])
        return filings(a, 'det').house.map((d) => `${d.point} ${d.role}\n${d.text}`)
      } finally {
        a.cleanup()
      }
    }
    const one = texts('same')
    expect(one.length).toBeGreaterThan(24)
    expect(texts('same')).toEqual(one)
  })
})

/** The other side's secrets changed: its hand, its draw pile's order, its standing orders and waiting cards. */
function otherSecretsChanged(state: RrState, other: 'CSA' | 'USA'): RrState {
  const s = structuredClone(state)
  const t = s.cards[other]
  t.hand = t.hand.map((c) => c + 1000)
  t.deck = { ...t.deck, drawPile: [...t.deck.drawPile].reverse().map((c) => c + 1000) }
  t.drawnOn = {}
  t.bought = []
  s.reactions[other] = [{ card: 999, at: 'ALL' } as never]
  s.policies[other] = []
  s.pending = s.pending.filter((b) => (b.card <= 55 ? 'USA' : 'CSA') !== other)
  if (other === 'USA') s.intercept = { ALL: 'stack' } as never
  return s
}

describe("the house player's inputs", () => {
  it("fog: each side's view is the same whatever the other side's hand, draw pile or standing orders", () => {
    app = testApp('fog')
    create(app, 'hfog', [house('confederate', 'standard'), house('union', 'standard')])
    playOut(app, 'hfog', [])
    const fold = app.judge.load('hfog')
    const f = filings(app, 'hfog')
    let handsHidden = 0
    for (const d of f.house) {
      const state = fold.statesBefore.get(d.point) as RrState
      const mine = d.role === 'confederate' ? 'CSA' : 'USA'
      const other = mine === 'CSA' ? 'USA' : 'CSA'
      const view = fold.ruleset.view(state, { kind: 'role', role: d.role })
      const blind = fold.ruleset.view(otherSecretsChanged(state, other), { kind: 'role', role: d.role })
      expect(JSON.stringify(blind), `point ${d.point} ${d.role}`).toBe(JSON.stringify(view))
      // Its own hand it does see.
      const cards = view.cards as Record<string, { hand: number[] | null }>
      expect(cards[d.role]!.hand).toEqual(state.cards[mine].hand)
      if (state.cards[other].hand.length) handsHidden++
    }
    expect(handsHidden, 'the other side held cards while the house wrote orders').toBeGreaterThan(10)
  })

  it('#62: with the Royal Navy face up the house sails no Union ship into the European seas', () => {
    app = testApp('rn')
    create(app, 'rn', [bot('confederate'), bot('union')])
    const view = rs.view(app.judge.load('rn').state as RrState, { kind: 'role', role: 'union' })
    const board = boardOf(content, view, 'union')
    const sloop = { id: 'SL-90', side: 'USA' as const, type: 'sloop' as const, at: 'MATL' }
    const into = (b: typeof board, to: string) => checkMove(moveContextOf(content, b), sloop, [{ enter: to }]).ok
    const [channel, biscay] = content.cards.get(62)!.spaces!
    expect(into(board, channel!)).toBe(true)
    const royalNavy = { ...board, csaInPlay: [62] }
    expect(into(royalNavy, channel!)).toBe(false)
    expect(into(royalNavy, biscay!)).toBe(false)
    expect(into(royalNavy, 'NATL')).toBe(true)
  })

  it('the standard house answers a question with its default; the cautious one takes a retreat offered', () => {
    app = testApp('ask')
    create(app, 'ask', [bot('confederate'), bot('union')])
    const view = rs.view(app.judge.load('ask').state as RrState, { kind: 'role', role: 'confederate' })
    const q = {
      decisionId: 'D1',
      role: 'confederate',
      question: 'RD-1 is in battle',
      options: [
        { id: 'FIGHT', label: 'fight on' },
        { id: 'RETREAT', label: 'retreat' },
      ],
      defaultOption: 'FIGHT',
    }
    const player = rebelRaidersHouse(content)
    const never = { below: () => 0 }
    expect(player.answer(view, q, 'cautious', never)).toBe('RETREAT')
    expect(player.answer(view, q, 'standard', never)).toBe('FIGHT')
  })
})
