// The fire-raft scenario (ruling RC-71, after the Head of the Passes, 1861): Confederate tugs tow
// fire rafts and a powder hulk down on the Union squadron at anchor (rulebook §9 L539-559, §7 L479).
// Played to its end from order lines, then by mail through the judge with the fog checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { mailGame } from './orderMail.ts'
import { fogLeaks, hiddenShipsShown } from './fog.ts'
import { calm, dice, ruleset } from './play.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

/** The Confederate plan: tow the raft and the hulk down, let them go above the anchorage, light and fire them. */
const PLAN: Record<number, string> = {
  1: 'WATS: SPEED 2; TOW RAFA\nTUSC: SPEED 2; TOW HULK\nRAFB: IGNITE',
  2: 'WATS: SPEED 4\nTUSC: SPEED 4',
  7: 'WATS: SPEED 4; RELEASE; TURN STARBOARD 45\nTUSC: SPEED 4; RELEASE; TURN PORT 45\nRAFA: IGNITE',
}

describe('ruling RC-71 Fire Rafts at the Head of the Passes', () => {
  it('ruling RC-71 the Union starts at anchor, the tugs alongside their charges, the loose raft adrift', () => {
    const s = ruleset.setup('fire-rafts', {}, riverCoastalFactory.defaultPack(), calm())
    expect(['META', 'GALE', 'CARO'].map((id) => s.ships[id]!.anchored)).toEqual([true, true, true])
    const parsed = ruleset.parseOrders(s, 'CSA', PLAN[1]!)
    expect(parsed.errors).toEqual([])
    expect(parsed.normalised).toEqual(['WATS: SPEED 2; TOW RAFA', 'TUSC: SPEED 2; TOW HULK', 'RAFB: IGNITE'])
  })

  it('§9 L539-559 ruling RC-71 the game plays to a result on the move limit from order lines', () => {
    let s: RiverState = ruleset.setup('fire-rafts', {}, riverCoastalFactory.defaultPack(), calm())
    const told: string[] = []
    while (!s.finished) {
      const orders = {
        USA: ruleset.parseOrders(s, 'USA', '').commands,
        CSA: ruleset.parseOrders(s, 'CSA', PLAN[s.move] ?? '').commands,
      }
      const step = ruleset.resolve(s, { orders, decisions: {} }, dice())
      told.push(...step.narrative.map((n) => n.text))
      s = step.state
    }
    expect(s.move).toBe(12)
    expect(s.finished!.summary).toMatch(/^Objectives: USA \d of 2, CSA \d of 2: /)
    expect(told).toEqual(
      expect.arrayContaining([
        'CSS Watson takes Fire raft No. 1 in tow',
        'CSS Watson lets Fire raft No. 1 go to drift with the current',
        'CSS Tuscarora lets Powder hulk go to drift with the current',
      ]),
    )
    // The rafts reach the anchorage: some ship throws to catch fire, the hulk throws to go off.
    expect(told.some((t) => /(catches fire|does not catch) from Fire raft/.test(t))).toBe(true)
    expect(told.some((t) => /^Powder hulk (blows up|fails to go off)/.test(t))).toBe(true)
  })

  it('ruling RC-71 by mail: a misplaced RELEASE is refused by line, and no side hears what it cannot see', async () => {
    const app = testApp('rc-fire-rafts')
    const players = [
      { role: 'usa', address: 'mcKean@example.test', name: 'McKean' },
      { role: 'csa', address: 'hollins@example.test', name: 'Hollins' },
    ]
    try {
      const { mail } = mailGame(app, { game: 'fr1', scenario: 'fire-rafts', players: players, tag: 'fr' })
      expect(await mail('csa', ['WATS: SPEED 2; TOW RAFA', 'RAFA: RELEASE'])).toBe('orders-rejected')
      expect(outboxRows(app).at(-1)!.mail.text).toContain(
        'line 3: "RAFA: RELEASE": RELEASE: the ship towing Fire raft No. 1 lets her go (ruling RC-67)',
      )
      for (let move = 1; !app.judge.load('fr1').finished && move <= 12; move++) {
        const plan = PLAN[move]
        if (plan) expect(await mail('csa', plan.split('\n'))).toBe('orders-accepted')
        app.now.t += 3_600_000
        expect(app.judge.adjudicate('fr1', { force: true }).committed).toBe(true)
      }
      expect(app.judge.load('fr1').finished).toBeTruthy()
      // The tows made out of the Union's sight are the Confederates' secret; the checks below look for them.
      const narrative = app.judge.load('fr1').adjudications.flatMap((a) => a.data.narrative)
      expect(narrative.some((e) => e.audience.kind === 'roles' && e.text.includes('in tow'))).toBe(true)
      expect(fogLeaks(app, 'fr1', ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(app, 'fr1', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
