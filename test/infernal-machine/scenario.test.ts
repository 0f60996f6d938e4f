import { describe, expect, it } from 'vitest'
import { Decider } from '../../src/games/infernal-machine/decider.ts'
import { applyDoctrine, DEFAULT_DOCTRINE, missionChoices } from '../../src/games/infernal-machine/doctrine.ts'
import { createInfernalMachine, type ImState } from '../../src/games/infernal-machine/index.ts'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { playScenario, scenarioOf, scenarioOutcome, scenarioSortie } from '../../src/games/infernal-machine/scenario.ts'
import { drawCube } from '../../src/games/infernal-machine/sortie.ts'
import { ctx, LabelHashDice, pack, sortie } from './helpers.ts'

const one = scenarioOf(pack, 'scenario-1')!

describe('Infernal Machine: Scenario 1, the one the Rule Book describes (p.3-7, ruling IM-57)', () => {
  it('p.3-5 the set-up: TL 3 against the sloop, awash, Dim, rain, Alert 2; a crewless counters boat with a long spar', () => {
    const s = scenarioSortie(pack, one)
    expect([s.training, s.alert, s.boat.elevation, s.visibility, s.atmospherics, s.counters]).toEqual([
      3,
      2,
      1,
      'dim',
      'rain',
      true,
    ])
    expect([s.boat.crew, s.boat.parts.map((p) => p.kind)]).toEqual([[], ['longSpar', 'charge']])
    expect(pack.provenance.get('tactical/scenarios/1/training')).toMatch(/^completed p.3-7/)
    expect(pack.provenance.get('tactical/scenarios/1/black')).toMatch(/^synthetic/)
  })

  it('p.3 a failed approach counts as 1 in scenarios 1-3 and the run goes on', () => {
    const ctx = { pack, dice: new LabelHashDice('s', { approach: [1] }), notes: [] as { rule: string; text: string }[] }
    // A -10 training would bungle any roll: the scenario still reaches the board.
    const s = scenarioSortie(pack, { ...one, training: -10 })
    const d = applyDoctrine(DEFAULT_DOCTRINE, parseImOrders(pack, 'APPROACH EASY').commands)
    playScenario(
      ctx,
      s,
      one,
      missionChoices(ctx, d, new Decider({}, new Set(), ctx.notes), () => 'sc'),
    )
    expect(ctx.notes.map((n) => n.text)).toContain(
      'Scenarios 1-3: the failed approach counts as 1: the 1-2 vector in the Far zone',
    )
  })

  it('p.3-14 played through: the same dice give the same run, ending in a result and the counters', () => {
    const play = () => {
      const ctx = { pack, dice: new LabelHashDice('one'), notes: [] as { rule: string; text: string }[] }
      const s = scenarioSortie(pack, one)
      const d = applyDoctrine(
        DEFAULT_DOCTRINE,
        parseImOrders(pack, 'TACTIC DETONATE-AT NEAR\nCONCUSSION FULL').commands,
      )
      playScenario(
        ctx,
        s,
        one,
        missionChoices(ctx, d, new Decider({}, new Set(), ctx.notes), () => 'sc'),
      )
      return { text: scenarioOutcome(ctx, s, one), notes: ctx.notes }
    }
    const a = play()
    expect(play()).toEqual(a)
    expect(a.text).toMatch(
      /^Scenario 1: a spar torpedo against a sloop: .+; \d+ Fatigue, \d+ Malfunction\(s\), \d+ Leak\(s\)$/,
    )
    expect(a.notes.some((n) => /Escape/.test(n.text))).toBe(false)
  })

  it('p.3 by mail: offered as scenario-1; the set-up point, then the attack run ends the game with its outcome', () => {
    const rules = createInfernalMachine(pack)
    expect(rules.scenarios.map((s) => s.id)).toContain('scenario-1')
    const dice = new LabelHashDice('mail')
    let s: ImState = rules.setup('scenario-1', {}, { id: '', hash: '', content: null }, dice)
    const input = (text: string) => ({ orders: { captain: parseImOrders(pack, text).commands }, decisions: {} })
    const first = rules.resolve(s, input(''), dice)
    expect([first.label, first.state.phase, first.finished]).toEqual(['scenario-1, set-up', 'scenario', false])
    expect(rules.reportModel!(first.state, { kind: 'moderator' } as never).orderForm).toContain(
      '# CONCUSSION EASY|FULL|STRAIN    e.g. CONCUSSION FULL',
    )
    s = first.state
    const second = rules.resolve(s, input('CONCUSSION FULL'), dice)
    expect(second.finished).toBe(true)
    expect(rules.outcome(second.state)!.summary).toBe(second.state.scenarioOutcome)
  })

  it('p.2 the last cube in the Fate Pool is drawn without a die (the judge refuses a one-sided die)', () => {
    const c = ctx()
    const s = sortie({ pool: { black: 0, red: 1 } })
    expect(drawCube(c, s, 'last cube')).toBe('red')
    expect([s.pool, c.dice.rolls]).toEqual([{ black: 0, red: 0 }, []])
  })
})
