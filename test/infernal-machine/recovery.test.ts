// Recovery and the Wreck (p.59). R27 Investor Sentiment after a Wreck: even, 1 Red; odd, 2 Red or
// one investor drawn at random is recycled, as the SENTIMENT order or the halt point decides.
// R28 leaks: each costs a boat tile of the player's choice (LEAKS, else the last Section), the boat
// staying a straight line (IM-58).
import { describe, expect, it } from 'vitest'
import { Decider } from '../../src/games/infernal-machine/decider.ts'
import { createInfernalMachine, type ImState } from '../../src/games/infernal-machine/index.ts'
import { applyDoctrine, DEFAULT_DOCTRINE, missionChoices } from '../../src/games/infernal-machine/doctrine.ts'
import { askSentiment } from '../../src/games/infernal-machine/haltChoices.ts'
import { leakTileLoss, missionAction, type Sentiment } from '../../src/games/infernal-machine/missionAction.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { build } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, LabelHashDice, pack, trainingMission, twoSectionShop } from './helpers.ts'

/** The Charleston Ship mission of campaign-mission.test.ts: Lost on the way home, a Wreck marker. */
function lostMission(sentimentRoll: number, sentiment?: Sentiment) {
  const c = campaign({
    marque: true,
    pool: { black: 4, red: 0 },
    boat: {
      tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
      parts: [
        ['long-spar', 0],
        ['medium-charge', 0],
        ['hatch', 1],
        ['steering-link', 1],
        ['ballast-tank', 2],
        ['propeller', 3],
      ],
    },
  })
  c.personae.push({ id: 'doyle', where: 'shop' }, { id: 'thomas', where: 'shop' })
  const ctx = {
    pack,
    dice: new LabelHashDice('k16', { 'spring 1862 mission type': [1], 'investor sentiment': [sentimentRoll] }),
    notes: [] as { rule: string; text: string }[],
  }
  const doctrine = applyDoctrine(
    DEFAULT_DOCTRINE,
    parseImOrders(pack, 'CREW moser=STEER\nROUTE back-bay maffitts maffitts mount-pleasant\nTARGET usa-gunboat')
      .commands,
  )
  const choices = missionChoices(ctx, doctrine, new Decider({}, new Set(), ctx.notes), () => 'k')
  const crew: [string, number][] = [
    ['moser', 1],
    ['baird', 1],
    ['doyle', 2],
    ['thomas', 2],
  ]
  expect(missionAction(ctx, c, { training: false, launch: 'mount-pleasant', crew }, choices, sentiment)).toBeNull()
  expect(c.wreck).toBe(true)
  return { c, said: ctx.notes.map((n) => n.text).filter((t) => t.startsWith('Investor sentiment')) }
}

describe('Infernal Machine: Investor Sentiment after a Wreck (R27, p.59)', () => {
  it('p.59 an even roll puts 1 Red cube in the emptied Fate Pool', () => {
    const { c, said } = lostMission(4, () => 'investor')
    expect([c.pool, said]).toEqual([{ black: 0, red: 1 }, ['Investor sentiment 4: 1 Red cube(s)']])
  })

  it('p.59 an odd roll: 2 Red cubes by default (SENTIMENT RED)', () => {
    const { c, said } = lostMission(7)
    expect([c.pool.red, said]).toEqual([2, ['Investor sentiment 7: 2 Red cube(s)']])
    expect(c.personae.some((p) => p.id === 'biederman')).toBe(true)
  })

  it('p.59 an odd roll with SENTIMENT INVESTOR: the only investor withdraws, recycled to his deck; no Red', () => {
    const { c, said } = lostMission(7, () => 'investor')
    expect(said).toEqual(['Investor sentiment 7: Biederman withdraws (recycled)'])
    expect([c.pool.red, c.personae.some((p) => p.id === 'biederman'), c.decks.investor.discards]).toEqual([
      0,
      false,
      ['biederman'],
    ])
  })

  it('digest 5.6 R27 the SENTIMENT order stands; at the halt point `sentiment` the judge asks, 2 Red by default', () => {
    expect(parseImOrders(pack, 'SENTIMENT investor').commands).toEqual([{ kind: 'sentiment', pick: 'investor' }])
    expect(parseImOrders(pack, 'SENTIMENT maybe').errors[0]!).toMatchObject({
      message: 'unknown choice maybe',
      suggestion: 'choices: RED, INVESTOR',
    })
    const standing = new Decider({}, new Set(['sentiment']), [])
    expect(askSentiment(standing, 'spring 1862', 'investor')).toBe('investor')
    expect(standing.requests).toEqual([])
    const asked = new Decider({}, new Set(['sentiment']), [])
    expect(askSentiment(asked, 'spring 1862')).toBe('red')
    expect(asked.requests.map((r) => [r.decisionId, r.defaultOption, r.options.map((o) => o.id)])).toEqual([
      ['SPRING-1862-SENTIMENT', 'red', ['red', 'investor']],
    ])
    const answered = new Decider({ 'SPRING-1862-SENTIMENT': 'investor' }, new Set(['sentiment']), [])
    expect(askSentiment(answered, 'spring 1862')).toBe('investor')
  })
})

const boat = () => twoSectionShop()

describe('Infernal Machine: leaks at Recovery (R28, p.59)', () => {
  it('p.59 a leak recycles the last Section; later parts move down with their tiles, its own stay aboard (IM-58)', () => {
    const c = boat()
    const ctx = { pack, dice: new LabelHashDice('leak'), notes: [] as { rule: string; text: string }[] }
    leakTileLoss(ctx, c, 1)
    expect(c.boat).toEqual({
      tiles: ['needle-prow', 'section', 'chisel-stern'],
      parts: [
        ['hatch', 1],
        ['ballast-tank', 1],
        ['propeller', 2],
      ],
    })
    expect(ctx.notes.map((n) => n.text)).toEqual([
      'a leak recycles the section tile (tile 2); its parts stay aboard on tile 1',
    ])
    // Every part still sits on a tile the boat has, so a later Build is not refused for it.
    expect(c.boat.parts.every(([, at]) => at < c.boat.tiles.length)).toBe(true)
  })
})

describe('Infernal Machine: the LEAKS standing order (R28, p.59)', () => {
  it('p.59 LEAKS names the tiles leaks recycle, by their numbers at launch, first choice first', () => {
    const c = boat()
    const ctx = { pack, dice: new LabelHashDice('leak'), notes: [] as { rule: string; text: string }[] }
    leakTileLoss(ctx, c, 2, [1, 3])
    expect(c.boat).toEqual({
      tiles: ['needle-prow', 'section'],
      parts: [
        ['hatch', 0],
        ['ballast-tank', 1],
        ['propeller', 1],
      ],
    })
    expect(ctx.notes.map((n) => n.text)).toEqual([
      'a leak recycles the section tile (tile 1, LEAKS 1); its parts stay aboard on tile 0',
      'a leak recycles the chisel-stern tile (tile 2, LEAKS 3); its parts stay aboard on tile 1',
    ])
    // A tile named that the boat lacks leaves the automatic choice; the prow may be named too.
    const d = boat()
    leakTileLoss({ ...ctx, notes: [] }, d, 1, [9])
    expect(d.boat.tiles).toEqual(['needle-prow', 'section', 'chisel-stern'])
    const e = boat()
    leakTileLoss({ ...ctx, notes: [] }, e, 1, [0])
    expect(e.boat).toEqual({
      tiles: ['section', 'section', 'chisel-stern'],
      parts: [
        ['hatch', 0],
        ['ballast-tank', 1],
        ['propeller', 2],
      ],
    })
  })

  it('p.59 LEAKS reads AUTO or tile numbers and stands in the doctrine until replaced', () => {
    expect(parseImOrders(pack, 'LEAKS 2, 1').commands).toEqual([{ kind: 'leaks', tiles: [2, 1] }])
    expect(parseImOrders(pack, 'LEAKS section').errors[0]!.message).toBe(
      'a tile is a whole number from 0 to 99, not section',
    )
    const set = applyDoctrine(DEFAULT_DOCTRINE, parseImOrders(pack, 'LEAKS 3').commands)
    expect(set.leaks).toEqual([3])
    expect(applyDoctrine(set, parseImOrders(pack, 'LEAKS auto').commands).leaks).toBeUndefined()
  })
})

describe('Infernal Machine: LEAKS in the resolution (R28, p.59)', () => {
  it('p.59 the LEAKS standing order on file decides at the Recovery the resolution runs', () => {
    const rules = createInfernalMachine(pack)
    const fresh = rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, new LabelHashDice())
    const m = trainingMission({ turn: 59 })
    m.boat.leaks = 1
    const s: ImState = { ...fresh, phase: 'mission', mission: m, campaign: boat() }
    const recycled = (orders: string) => {
      const parsed = rules.parseOrders(s, 'captain', orders)
      expect(parsed.errors).toEqual([])
      const step = rules.resolve(s, { orders: { captain: parsed.commands }, decisions: {} }, new LabelHashDice('lk'))
      expect(step.state.mission).toBeUndefined()
      return step.narrative.map((n) => n.text).filter((t) => t.startsWith('a leak recycles'))
    }
    expect(recycled('LEAKS 1')).toEqual([
      'a leak recycles the section tile (tile 1, LEAKS 1); its parts stay aboard on tile 0',
    ])
    expect(recycled('')).toEqual(['a leak recycles the section tile (tile 2); its parts stay aboard on tile 1'])
  })

  it('p.59 with no Section left a leak takes the stern; the prow stays', () => {
    const c = boat()
    const ctx = { pack, dice: new LabelHashDice('leak'), notes: [] as { rule: string; text: string }[] }
    leakTileLoss(ctx, c, 5)
    expect(c.boat).toEqual({
      tiles: ['needle-prow'],
      parts: [
        ['hatch', 0],
        ['ballast-tank', 0],
        ['propeller', 0],
      ],
    })
  })

  it('p.47 IM-59 a Build then mends the boat: a new Section goes in before the stern, MOVE puts a part aboard on it by its new number', () => {
    const c = boat()
    c.funds = 20
    const ctx = { pack, dice: new LabelHashDice('leak'), notes: [] as { rule: string; text: string }[] }
    leakTileLoss(ctx, c, 1)
    // Tiles 0-2 are aboard, so the new Section is tile 3 in the order; after the Build it is tile 2.
    const order = parseImOrders(pack, 'BUILD section MOVE ballast-tank@3').commands[0]!
    expect(order).toEqual({ kind: 'build', tiles: ['section'], parts: [], sell: [], move: [['ballast-tank', 3]] })
    expect(build(ctx, c, order as never)).toBeNull()
    expect(c.boat).toEqual({
      tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
      parts: [
        ['hatch', 1],
        ['ballast-tank', 2],
        ['propeller', 3],
      ],
    })
    expect(ctx.notes.at(-1)!.text).toMatch(
      /^Build: section for \$\d+; moved ballast-tank@3; the tiles are now 0 needle-prow, 1 section \[hatch\], 2 section \[ballast-tank\], 3 chisel-stern \[propeller\]$/,
    )
    expect(build(ctx, c, { tiles: [], parts: [], sell: [], move: [['diver', 1]] })).toBe(
      'diver is not aboard to be moved',
    )
    expect(parseImOrders(pack, 'BUILD MOVE hatch').errors[0]!.message).toBe('hatch: write <part>@<tile 0-31>')
  })
})
