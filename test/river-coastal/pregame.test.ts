import { describe, expect, it } from 'vitest'
import { canSee as audienceAllows } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { objectiveMet } from '../../src/games/river-coastal/endOfMove.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, csa, dice, play, ruleset, usa } from './play.ts'

describe('§6 objective cards', () => {
  it('§6 L395 each side is dealt three cards in secret and keeps two; the other side never learns them', () => {
    const pack = riverCoastalFactory.defaultPack()
    // The eighth card (RETRIEVE_GROUNDED, ruling RC-79) left at the bottom of both decks: it has a test of its own.
    const s: RiverState = ruleset.setup(
      'above-the-bluffs',
      { objectiveCards: true },
      pack,
      dice({ 'objectives:USA 7': 8, 'objectives:CSA 7': 8 }),
    )
    expect(ruleset.turnLabel(ruleset.turnOf(s))).toBe('Before the battle')
    const asks = ruleset.awaiting(s)
    expect(asks.map((a) => [a.kind, a.role])).toEqual([
      ['decision', 'USA'],
      ['decision', 'CSA'],
    ])
    const usaCards = s.dealt!.USA
    expect(usaCards).toHaveLength(3)
    expect((ruleset.view(s, csa) as { objectives: { side: string }[] }).objectives.map((o) => o.side)).toEqual(['CSA'])
    const step = ruleset.resolve(
      s,
      { orders: {}, decisions: { 'OBJECTIVES-USA': usaCards[0]!, 'OBJECTIVES-CSA': 'nonsense' } },
      dice(),
    )
    expect(step.state.objectives.USA).toEqual(usaCards.slice(1))
    expect(step.state.objectives.CSA).toEqual(s.dealt!.CSA.slice(0, 2))
    expect(step.state.phase).toBe('deployment')
    const forCsa = step.narrative.filter((e) => audienceAllows(csa, e.audience)).map((e) => e.text)
    expect(forCsa).toEqual([
      `You keep your objectives ${s.dealt!.CSA.slice(0, 2).join(' and ')}`,
      'Both commanders have chosen their objectives',
    ])
    expect(ruleset.awaiting(step.state).map((a) => [a.kind, a.role])).toEqual([['orders', 'CSA']])
  })

  it('§6 L421 ruling RC-13 more objectives complete wins; equal counts draw', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.move = s.moves
    s.ships.TENN!.status = 'sunk' // USA: the enemy flagship destroyed
    const step = play(s, {})
    expect(step.finished).toBe(true)
    expect(ruleset.outcome(step.state)).toEqual({
      summary: 'Objectives: USA 1 of 2, CSA 0 of 2: USA wins',
      winner: 'USA',
    })
  })
})

describe('§6 L413 ruling RC-65 control of the estuary or downstream area', () => {
  const pack = defaultRiverPack()
  const fort = pack.scenarios['passing-the-fort']!
  const met = (s: RiverState, side: 'USA' | 'CSA') => objectiveMet('CONTROL_ESTUARY_OR_DOWNSTREAM', side, s, fort, pack)

  it('digest A13 ruling RC-65 a ship able to move in the downstream 24" and no enemy there: that side holds it', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    // the Union deploys between y 4 and 12, the Confederates at y 42-44
    expect([met(s, 'USA'), met(s, 'CSA')]).toEqual([true, false])
    s.ships.SELM!.pose = { pos: { x: 31000, y: 24000 }, heading: 18000 }
    expect([met(s, 'USA'), met(s, 'CSA')]).toEqual([false, false])
    s.ships.SELM!.status = 'sunk'
    expect(met(s, 'USA')).toBe(true)
    // digest A13: only when the game ends, and only with a ship able to move
    expect(objectiveMet('CONTROL_ESTUARY_OR_DOWNSTREAM', 'USA', s, fort, pack, false)).toBe(false)
    const aground = structuredClone(s)
    for (const id of ['TECU', 'CHIC', 'GALE', 'META']) aground.ships[id]!.aground = true
    expect(met(aground, 'USA')).toBe(false)
    for (const id of ['TECU', 'CHIC', 'GALE', 'META']) {
      const p = s.ships[id]!.pose
      s.ships[id]!.pose = { ...p, pos: { ...p.pos, y: p.pos.y + 21000 } }
    }
    expect(met(s, 'USA')).toBe(false)
  })

  it('§6 L421 the card scores like the others at the end of the game', () => {
    const s = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.objectives.USA = ['CONTROL_ESTUARY_OR_DOWNSTREAM', 'DESTROY_FLAGSHIP']
    s.move = s.moves
    const step = play(s, { USA: 'TECU: SPEED 4\nCHIC: SPEED 4\nGALE: SPEED 4\nMETA: SPEED 4' })
    expect(ruleset.outcome(step.state)).toEqual({
      summary: 'Objectives: USA 1 of 2, CSA 0 of 2: USA wins',
      winner: 'USA',
    })
  })
})

describe('§9 L537 hidden deployment', () => {
  const setup = () =>
    ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm({ 'weather:fog': 1 }))

  it('digest §6.3 only the Confederates deploy, in secret, before move 1', () => {
    const s: RiverState = setup()
    expect(s.phase).toBe('deployment')
    expect(ruleset.awaiting(s)).toEqual([
      { kind: 'orders', role: 'CSA', label: 'Confederate hidden deployment', phase: 'setup' },
    ])
  })

  it('digest §6.3 a place must be in the zone (y 56 and up), on the water, clear of the others, at speed 4 or less', () => {
    const s: RiverState = setup()
    const errors = ruleset.parseOrders(
      s,
      'CSA',
      'ARKS: AT 24,50 HEADING 180\nMANS: AT 2,60 HEADING 180\nMORE: AT 30,60 HEADING 180 SPEED 6\nARKS: AT 24,62 HEADING 180\nMANS: AT 24.5,62.5 HEADING 180',
    ).errors
    expect(errors.map((e: { line: number; message: string }) => [e.line, e.message])).toEqual([
      [1, 'AT 24,50: CSA deploys with y from 56 to 72, x from 0 to 48'],
      [2, 'AT 2,60: CSS Manassas would sit on West bank'],
      [3, 'SPEED 6: at most 4 at deployment'],
      [5, 'AT 24.5,62.5: CSS Manassas would touch ARKS'],
    ])
  })

  it('§9 L537 the ships go where ordered; the Union reader learns only that they are deployed', () => {
    const s: RiverState = setup()
    const p = ruleset.parseOrders(s, 'CSA', 'ARKS: AT 40,66 HEADING 200 SPEED 2')
    const step = ruleset.resolve(s, { orders: { CSA: p.commands }, decisions: {} }, dice())
    expect(step.state.ships.ARKS!.pose).toEqual({ pos: { x: 40000, y: 66000 }, heading: 20000 })
    expect(step.state.ships.ARKS!.speed).toBe(2)
    expect(step.state.ships.MANS!.pose.pos).toEqual({ x: 16000, y: 60000 })
    expect(step.narrative.filter((e) => audienceAllows(usa, e.audience)).map((e) => e.text)).toEqual([
      'The CSA ships are deployed; those in sight are on the plot',
    ])
    expect(step.state.phase).toBe('moves')
  })
})
