// A balloon by mail (rulebook §7 L483-485, ruling RC-73): Above the Bluffs created with the option
// `balloons`, the Union raising Carondelet's balloon by an order mail in the morning fog. Her side's
// report shows it; the Confederates, who do not see her, learn nothing of it in any letter or export,
// and the fog checks of every resolution hold.
import { describe, expect, it } from 'vitest'
import { testApp } from '../helpers/app.ts'
import { mailGame } from './orderMail.ts'
import { fogLeaks, hiddenShipsShown, reportsAt } from './fog.ts'

const PLAYERS = [
  { role: 'usa', address: 'porter@example.test', name: 'Porter' },
  { role: 'csa', address: 'brown@example.test', name: 'Brown' },
]

describe('§7 L483-485 ruling RC-73 a balloon by mail', () => {
  it('ruling RC-73 the Union report shows its balloon; no Confederate letter or export mentions it', async () => {
    const app = testApp('rc-balloon')
    try {
      const { mail } = mailGame(app, {
        game: 'atb3',
        scenario: 'above-the-bluffs',
        players: PLAYERS,
        tag: 'b',
        options: { balloons: 'CARO' },
      })
      const next = () => {
        app.now.t += 3_600_000
        expect(app.judge.adjudicate('atb3').committed).toBe(true)
      }
      next() // the Confederates keep their default places
      expect(await mail('usa', ['CARO: SPEED 5', 'CARO: SPEED 3; BALLOON UP'])).toBe('orders-rejected')
      expect(await mail('usa', ['CARO: SPEED 3; BALLOON UP', 'CINC: SPEED 4'])).toBe('orders-accepted')
      expect(await mail('csa', ['ARKS: SPEED 0'])).toBe('orders-accepted')
      next()
      expect(await mail('usa', ['CARO: SPEED 3', 'CINC: SPEED 4'])).toBe('orders-accepted')
      next()
      const reports = reportsAt(app, 'atb3', 3)
      expect(reports.usa!.text).toContain('balloon up')
      // The order form's clause list names BALLOON for every reader; nothing else may.
      expect(reports.csa!.text.replace('DETONATE, BALLOON', '')).not.toMatch(/balloon|Carondelet/i)
      const narrative = app.judge.load('atb3').adjudications.flatMap((a) => a.data.narrative)
      const raised = narrative.find((e) => /raises her balloon/.test(e.text))!
      expect(raised.audience).toEqual({ kind: 'roles', roles: ['usa'] })
      expect(fogLeaks(app, 'atb3', ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(app, 'atb3', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
