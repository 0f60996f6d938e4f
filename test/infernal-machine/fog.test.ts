import { describe, expect, it } from 'vitest'
import { detonationResult } from '../../src/games/infernal-machine/detonation.ts'
import { deferFog, resolveFog } from '../../src/games/infernal-machine/fogOfWar.ts'
import { createInfernalMachine, readImOptions } from '../../src/games/infernal-machine/index.ts'
import { awardPrize } from '../../src/games/infernal-machine/missionAction.ts'
import { timePhase } from '../../src/games/infernal-machine/seasonEnd.ts'
import { detonate } from '../../src/games/infernal-machine/tactical.ts'
import { campaign, ctx, LabelHashDice, pack, sortie, trainingMission } from './helpers.ts'

const gunboat = pack.tactical.targets.find((t) => t.id === 'usa-gunboat')!

describe('Infernal Machine: the optional Fog of War rule (p.6, ruling IM-50)', () => {
  it('p.6 the option is read when the game is created: fog=on or off, anything else refused with the reason', () => {
    expect(readImOptions({ fog: 'on' })).toEqual({ fog: true })
    expect(readImOptions({})).toEqual({ fog: false })
    expect(() => readImOptions({ fog: 'maybe' })).toThrow(/fog=on or fog=off/)
    expect(() => readImOptions({ fig: 'on' })).toThrow(/no option fig/)
    const rules = createInfernalMachine(pack)
    const none = { id: '', hash: '', content: null }
    expect(rules.setup('campaign-csa', { fog: 'on' }, none, new LabelHashDice()).fog).toBe(true)
    expect(rules.setup('campaign-csa', {}, none, new LabelHashDice()).fog).toBeUndefined()
    const dice = new LabelHashDice('fog')
    const first = rules.resolve(
      rules.setup('campaign-csa', { fog: 'on' }, none, dice),
      { orders: {}, decisions: {} },
      dice,
    )
    expect(first.state.campaign!.fog).toBe(true)
    expect(first.narrative.map((n) => n.text)).toContain(
      'Fog of War (optional rule): Detonation dice wait for the end of the season',
    )
    const ledger = rules.reportModel!(first.state, { kind: 'moderator' } as never).infernalMachine as never as {
      ledger: { standing: string }
    }
    expect(ledger.ledger.standing).toContain('Fog of War (0 Detonation dice owed)')
  })

  it('p.6 with Fog of War a Big-or-Small cell rolls no die at the blast; without it the die is rolled', () => {
    // Below, medium charge, 1 Red: the synthetic B-or-S cell.
    const c = ctx()
    expect(detonationResult(c, sortie({ fog: true }), gunboat, 1)).toEqual({ fog: 'BS' })
    expect(c.notes.at(-1)!.text).toMatch(/Big or Small; Fog of War: the die waits for the end of the season/)
    expect(detonationResult(ctx({ 'detonation big or small': 4 }), sortie(), gunboat, 1)).toBe('B')
    // A cell that needs no die is read at once, fog or not.
    expect(detonationResult(ctx(), sortie({ fog: true }), gunboat, 0)).toBe('B')
  })

  it('p.6 the p.6 example with Fog of War: 2 Red read 7, the attack run ends detonated with its die owed', () => {
    const s = sortie({ fog: true, pool: { black: 4, red: 4 } })
    s.tactical = { target: 'usa-sloop', vector: '6-10', zone: 'near', rotated: false, turn: 1 }
    const c = ctx({
      'detonation cube 1': 1,
      'detonation cube 2': 7,
      'detonation cube 3': 1,
      'detonation cube 4': 5,
      concussion: 10,
    })
    detonate(c, s)
    expect([s.tactical.ended, s.tactical.result, s.tactical.fogCell]).toEqual(['detonated', 'fog', 7])
    expect(c.dice.unused()).toEqual([])
  })

  it('p.6, p.46 the season ends: a deferred B-or-S rolls 4+, a Big Hole: an objective and its prize next Winter', () => {
    const camp = campaign({ fog: true })
    const m = trainingMission({ results: [{ target: 'usa-gunboat', result: 'fog', fogCell: 'BS' }] })
    deferFog(camp, m, true)
    expect(camp.fogPending).toEqual([
      { target: 'usa-gunboat', cell: 'BS', at: 'season', survivors: true, season: 'spring 1862' },
    ])
    const c = { ...ctx({ 'fog of war spring 1862 usa-gunboat': 5 }), pack }
    resolveFog(c, camp, 'season', (t) => awardPrize(c, camp, t))
    expect([camp.objectives, camp.prizes, camp.fogPending]).toEqual([1, 15, []])
    expect(c.notes.at(-1)!.text).toBe(
      'Fog of War: the usa-gunboat attacked in spring 1862: Big or Small, rolled 5: Big Hole',
    )
  })

  it('p.6 a boat Lost on the way home: its die waits for the end of the game, and a number cell gives at best a Small Hole', () => {
    const camp = campaign({ fog: true })
    const m = trainingMission({ lost: 'drift', results: [{ target: 'usa-gunboat', result: 'fog', fogCell: 7 }] })
    deferFog(camp, m, false)
    const c = ctx({ 'fog of war spring 1862 usa-gunboat': 8 })
    resolveFog(c, camp, 'season', () => {})
    expect(camp.fogPending).toHaveLength(1)
    resolveFog(c, camp, 'end', () => {})
    expect([camp.objectives, camp.fogPending]).toEqual([undefined, []])
    expect(c.notes.at(-1)!.text).toMatch(/7, rolled 8: Small Hole/)
  })

  it("p.6, p.61 the Time Phase rolls the season's deferred dice first; the last season also rolls those kept for the end", () => {
    const pending = { target: 'usa-gunboat', cell: 'BS' as const, survivors: true, season: 'spring 1862' }
    const camp = campaign({
      fog: true,
      fogPending: [
        { ...pending, at: 'season' },
        { ...pending, at: 'end' },
      ],
    })
    const dice = new LabelHashDice('t', { 'fog of war spring 1862 usa-gunboat': [2, 9] })
    const c = { pack, dice, notes: [] as { rule: string; text: string }[] }
    expect(timePhase(c, camp)).toBe(false)
    expect(c.notes[0]!.text).toMatch(/Big or Small, rolled 2: Small Hole/)
    expect(camp.fogPending).toHaveLength(1)
    Object.assign(camp, { year: 1865, season: 'spring' })
    expect(timePhase(c, camp)).toBe(true)
    expect(c.notes.at(-2)!.text).toMatch(/rolled 9: Big Hole/)
    expect([camp.fogPending, camp.objectives, camp.prizes]).toEqual([[], 1, 0])
  })
})
