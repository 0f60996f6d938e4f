// Both scenarios played to a result from order mails. Passing the Fort is played to its
// end by the demo's mails (by-mail.test.ts); here Above the Bluffs is: the Confederates deploy in
// secret by mail, both sides mail directives, standing orders and helm lines, then fall silent, and
// the judge plays the silent ships by their directives (ruling RC-54) to the scenario's result. At
// every resolution neither side's letters nor export carry the other's secrets (fog.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { mailGame } from './orderMail.ts'
import { fogLeaks, hiddenShipsShown } from './fog.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

const PLAYERS = [
  { role: 'usa', address: 'foote@example.test', name: 'Foote' },
  { role: 'csa', address: 'hollins@example.test', name: 'Hollins' },
]

describe('digest §6.3 Above the Bluffs by mail, to a result', () => {
  it('§6 L421 deployment, directives and helm lines by mail, then silence: the game ends with an outcome, and no side learns the other’s secrets', async () => {
    const app = testApp('rc-bluffs')
    try {
      const { mail } = mailGame(app, { game: 'atb2', scenario: 'above-the-bluffs', players: PLAYERS, tag: 'b' })
      const resolve = () => {
        app.now.t += 3_600_000
        expect(app.judge.adjudicate('atb2').committed).toBe(true)
      }

      expect(
        await mail('csa', ['ARKS: AT 24,66 HEADING 180', 'MANS: AT 14,64 HEADING 180', 'MORE: AT 36,64 HEADING 180']),
      ).toBe('orders-accepted')
      resolve()
      // Move 1: every directive is the player's (digest §1.2 P8); helm lines on top of them.
      expect(
        await mail('usa', [
          'DIRECTIVE CARO ENGAGE NEAREST',
          'DIRECTIVE CINC STEAM-TO 24,60',
          'POLICY ALL ON NO-TARGET: NEAREST',
          'CARO: SPEED 6',
          'STLO: SPEED 6',
        ]),
      ).toBe('orders-accepted')
      expect(
        await mail('csa', [
          'DIRECTIVE ARKS ENGAGE NEAREST',
          'DIRECTIVE MANS GUARD ARKS 4',
          'DIRECTIVE MORE HOLD',
          'POLICY ALL ON NO-TARGET: NEAREST',
          'ARKS: SPEED 2; FIRE ALL AT NEAREST',
        ]),
      ).toBe('orders-accepted')
      resolve()
      // Then both sides fall silent and the judge plays their ships to the end.
      for (let move = 2; move <= 20 && !app.judge.load('atb2').finished; move++) resolve()

      const fold = app.judge.load('atb2')
      expect(fold.finished).toBe(true)
      const outcome = fold.ruleset.outcome(fold.state)!
      expect(outcome.summary).toMatch(/^Objectives: USA \d of 2, CSA \d of 2: (USA wins|CSA wins|a draw)$/)
      // each side was sent a letter at every resolution, and the last names the result
      for (const p of PLAYERS) {
        const letters = outboxRows(app).filter((r) => r.recipient === p.address)
        expect(letters.length).toBeGreaterThanOrEqual(fold.adjudications.length)
        expect(letters.at(-1)!.mail.text).toContain(outcome.summary)
      }
      expect(fogLeaks(app, 'atb2', ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(app, 'atb2', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
