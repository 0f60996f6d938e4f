// Rebel Raiders through the judge:
// the opening report, orders acknowledged with their restatement, a resolution reported to both.
import { describe, expect, it } from 'vitest'
import { outboxRows, testApp } from '../helpers/app.ts'

describe('Rebel Raiders by mail', () => {
  it('opens, acknowledges orders as understood, resolves and reports to both players', () => {
    const app = testApp('rr-mail')
    try {
      app.judge.createGame({
        game: 'rr1',
        ruleset: 'rebel-raiders',
        scenario: '1861',
        players: [
          { role: 'confederate', address: 'csa@example.test', name: 'Mallory' },
          { role: 'union', address: 'usa@example.test', name: 'Welles' },
        ],
        zone: 'UTC',
      })
      const opening = outboxRows(app).find((r) => r.recipient === 'csa@example.test')!
      expect(opening.mail.subject).toMatch(/rr1/)
      expect(opening.mail.text).toMatch(/Apr 1861: Confederate move and supply/)
      expect(opening.mail.text).toMatch(/^Rebel Raiders on the High Seas: game rr1, April 1861 \(the basic game\)/m)

      // The phasing player's report ends with a form: where each of his ships can go this phase.
      expect(opening.mail.text).toContain('# BR-6 in Wilmington, 8 MP: WILM.BS HATT')
      const unionOpening = outboxRows(app).find((r) => r.recipient === 'usa@example.test')!
      expect(unionOpening.mail.text).not.toContain('MP:')
      const ack = app.judge.submitOrders('rr1', 'confederate', 'MOVE BR-6 WILM.BS > HATT > NATL > CHAN > FREN > LOAD')
      expect(ack.accepted).toBe(true)
      const ackMail = outboxRows(app).at(-1)!
      expect(ackMail.mail.text).toContain('MOVE BR-6 WILM > WILM.BS > HATT > NATL > CHAN > FREN > LOAD  # 6 MP')

      const refused = app.judge.submitOrders('rr1', 'union', 'MOVE SL-1 EGLF')
      expect(refused.accepted).toBe(false)

      app.now.t += 3_600_000
      const r = app.judge.adjudicate('rr1', { force: true })
      expect(r.committed).toBe(true)
      const results = () =>
        outboxRows(app).filter(
          (x) =>
            x.kind === 'report' && x.recipient !== 'mod@example.test' && x.mail.subject.startsWith('[rr1] Results'),
        )
      // The Confederate build is next: the Union, asked nothing, gets the move with the call to his own phase.
      expect(results().map((x) => x.recipient)).toEqual(['csa@example.test'])
      expect(app.judge.awaitingText(app.judge.load('rr1'))).toBe('Apr 1861: Confederate build')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('rr1', { force: true }).committed).toBe(true)
      const reports = results()
      expect(reports.map((x) => x.recipient)).toEqual(['csa@example.test', 'usa@example.test'])
      for (const rep of reports) expect(rep.mail.text).toContain('BR-6 loads cargo worth 2 VP in France & England.')
    } finally {
      app.cleanup()
    }
  })

  it("takes the other side's standing orders during a phase without waiting for them, and keeps reactions until played", () => {
    const app = testApp('rr-standing')
    try {
      app.judge.createGame({
        game: 'rr2',
        ruleset: 'rebel-raiders',
        scenario: '1861',
        players: [
          { role: 'confederate', address: 'csa@example.test', name: 'Mallory' },
          { role: 'union', address: 'usa@example.test', name: 'Welles' },
        ],
        zone: 'UTC',
      })
      // The Union sets its interception during the Confederate move; the judge does not wait for it.
      const standing = app.judge.submitOrders('rr2', 'union', 'INTERCEPT EACH AT CHAS.BS')
      expect(standing.accepted).toBe(true)
      expect(app.judge.awaitingText(app.judge.load('rr2'))).toBe('Apr 1861: Confederate move and supply')
      const moveNow = app.judge.submitOrders('rr2', 'union', 'MOVE SL-1 EGLF')
      expect(moveNow.accepted).toBe(false)
      expect(moveNow.errors[0]!.message).toBe(
        "it is the other player's phase: only REACT, POLICY, INTERCEPT, DEFEND, RETREAT, AIM, SHIELD, TOW lines are taken now",
      )
      // A reaction for a card not yet held is accepted with a warning, and stands.
      const hand = (app.judge.load('rr2').state as { cards: { CSA: { hand: number[] } } }).cards.CSA.hand
      const absent = [59, 85, 91, 105, 81].find((c) => !hand.includes(c))!
      const csa = app.judge.submitOrders('rr2', 'confederate', `REACT ${absent} AT RICH\nPASS`)
      expect(csa.accepted).toBe(true)
      expect(outboxRows(app).at(-1)!.mail.text).toContain('the reaction stands for when it is')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('rr2', { force: true }).committed).toBe(true)
      const s = app.judge.load('rr2').state as { intercept: Record<string, string>; reactions: { CSA: unknown[] } }
      expect(s.intercept).toEqual({ 'CHAS.BS': 'each' })
      expect(s.reactions.CSA).toEqual([{ card: absent, at: 'RICH' }])
    } finally {
      app.cleanup()
    }
  })
})
