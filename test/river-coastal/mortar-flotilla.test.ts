// The mortar-flotilla scenario (ruling RC-89, after Porter's schooners below Forts Jackson and
// St. Philip, April 1862): three mortar schooners at anchor bombard Fort Jackson and the Quarantine
// Station's buildings (rulebook §9 L835-911) while two Confederate ships come down from above.
// Played to its end from order lines, then by mail through the judge with the fog checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { mailGame } from './orderMail.ts'
import { fogLeaks, hiddenShipsShown, reportsAt } from './fog.ts'
import { calm, dice, ruleset } from './play.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

/** The Union bombards every move: two schooners at Fort Jackson's guns, the third at the town. */
const BOMBARD = 'NORP: MORTAR JACK SQ 1\nSEAF: MORTAR JACK SQ 3\nARLE: MORTAR QUAR SQ 1'
/** The Confederates come down from above the forts, then hold on. */
const COME_DOWN: Record<number, string> = { 1: 'GOVM: SPEED 2\nMANS: SPEED 2', 2: 'GOVM: SPEED 4\nMANS: SPEED 4' }

describe('ruling RC-89 The Mortar Flotilla below Forts Jackson and St. Philip', () => {
  it('ruling RC-89 the schooners lie at anchor under the west bank, the Confederates upstream out of their sight', () => {
    const s = ruleset.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
    expect(['HARR', 'NORP', 'SEAF', 'ARLE'].map((id) => s.ships[id]!.anchored)).toEqual([true, true, true, true])
    // the forts see the whole flotilla; the Union sees no Confederate ship
    expect(s.seen).toEqual({ USA: [], CSA: ['ARLE', 'HARR', 'NORP', 'SEAF'] })
    expect([s.forts.JACK!.fpv, s.forts.PHIL!.fpv]).toEqual([375, 200])
    const parsed = ruleset.parseOrders(s, 'USA', BOMBARD)
    expect(parsed.errors).toEqual([])
    expect(parsed.normalised).toEqual(['NORP: MORTAR JACK SQ 1', 'SEAF: MORTAR JACK SQ 3', 'ARLE: MORTAR QUAR SQ 1'])
  })

  it('§9 L835-911 ruling RC-89 the game plays to a result on the move limit from order lines', () => {
    let s: RiverState = ruleset.setup('mortar-flotilla', {}, riverCoastalFactory.defaultPack(), calm())
    const told: string[] = []
    while (!s.finished) {
      const orders = {
        USA: ruleset.parseOrders(s, 'USA', BOMBARD).commands,
        CSA: ruleset.parseOrders(s, 'CSA', COME_DOWN[s.move] ?? '').commands,
      }
      const forced = { 'm1:ARLE:M13:hit': 6, 'm1:ARLE:M13:effect': 3, 'm1:NORP:M13:hit': 6, 'm1:NORP:M13:effect': 5 }
      const step = ruleset.resolve(s, { orders, decisions: {} }, dice(s.move === 1 ? forced : {}))
      told.push(...step.narrative.map((n) => n.text))
      s = step.state
    }
    expect(s.move).toBe(10)
    expect(s.finished!.summary).toMatch(/^Objectives: USA \d of 2, CSA \d of 2: /)
    expect(told).toEqual(
      expect.arrayContaining([
        'USS Arletta M13: hits the Quarantine Station in square 1 (rolled 6), effect 3: Quarantine hospital destroyed',
        'Quarantine hospital is destroyed by a mortar shell',
        'USS Norfolk Packet M13: hits Fort Jackson in square 1 (rolled 6), effect 5: gun J1a and a CPV destroyed',
      ]),
    )
    expect(s.buildings!.HOSP!.destroyed).toBe(true)
    expect(s.forts.JACK!.gunsLost).toContain('J1a')
  })

  it('ruling RC-89 by mail: a mortar laid on a building is refused by line, and no side hears what it cannot see', async () => {
    const app = testApp('rc-mortar-flotilla')
    const players = [
      { role: 'usa', address: 'porter@example.test', name: 'Porter' },
      { role: 'csa', address: 'mitchell@example.test', name: 'Mitchell' },
    ]
    try {
      const { mail } = mailGame(app, { game: 'mf1', scenario: 'mortar-flotilla', players: players, tag: 'mf' })
      expect(await mail('usa', ['NORP: MORTAR JACK SQ 1', 'ARLE: MORTAR HOSP'])).toBe('orders-rejected')
      expect(outboxRows(app).at(-1)!.mail.text).toContain(
        'line 3: "ARLE: MORTAR HOSP": MORTAR HOSP: mortars fire at an enemy fort or town',
      )
      for (let move = 1; !app.judge.load('mf1').finished && move <= 10; move++) {
        expect(await mail('usa', BOMBARD.split('\n'))).toBe('orders-accepted')
        const plan = COME_DOWN[move]
        if (plan) expect(await mail('csa', plan.split('\n'))).toBe('orders-accepted')
        app.now.t += 3_600_000
        expect(app.judge.adjudicate('mf1', { force: true }).committed).toBe(true)
      }
      expect(app.judge.load('mf1').finished).toBeTruthy()
      // Both sides' reports list the town's buildings (ruling RC-88); after move 1 the Union sees
      // Governor Moore come down within 50" of Arletta, but not Manassas beyond it.
      const first = reportsAt(app, 'mf1', 1)
      for (const role of ['usa', 'csa']) {
        expect(first[role]!.text).toContain('BUILDINGS')
        expect(first[role]!.text).toContain('Quarantine hospital (CSA, the Quarantine Station)')
      }
      expect(first.usa!.text).toContain('GOVM CSS Governor Moore')
      expect(first.usa!.text).not.toContain('Manassas')
      // Each side's helm and radius lines are its secret; the checks below look for them.
      const narrative = app.judge.load('mf1').adjudications.flatMap((a) => a.data.narrative)
      expect(narrative.some((e) => e.audience.kind === 'roles')).toBe(true)
      expect(fogLeaks(app, 'mf1', ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(app, 'mf1', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
