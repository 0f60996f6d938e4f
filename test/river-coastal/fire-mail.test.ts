// River and Coastal by mail, as a new player meets it: HELP answers with the order syntax, the
// opening report names whose orders are awaited, and a fire order that a rule keeps from running is
// warned of in the acknowledgement and reported, with its reason, to its own side only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { fogLeaks, reportsAt } from './fog.ts'
import { mailGame } from './orderMail.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

const PLAYERS = [
  { role: 'usa', address: 'farragut@example.test', name: 'Farragut' },
  { role: 'csa', address: 'buchanan@example.test', name: 'Buchanan' },
]

describe('River and Coastal by mail: HELP, awaiting, and the fire order that cannot run', () => {
  it('HELP lists the order clauses with a worked line; the report names whose orders are awaited, once each', async () => {
    const app = testApp('rc-help')
    try {
      const { mail } = mailGame(app, { game: 'help1', scenario: 'passing-the-fort', players: PLAYERS, tag: 'h' })
      const opening = outboxRows(app).find((r) => r.recipient === 'farragut@example.test' && r.kind === 'report')!
      const awaiting = opening.mail.text.split('\n').filter((l) => l.startsWith('Awaiting: '))
      expect(awaiting.filter((l) => l.includes('orders'))).toEqual([
        'Awaiting: Move 1 Union orders',
        'Awaiting: Move 1 Confederate orders',
      ])
      expect(new Set(awaiting).size).toBe(awaiting.length)
      expect(await mail('usa', ['HELP'])).toBe('command')
      const help = outboxRows(app).at(-1)!
      expect(help.recipient).toBe('farragut@example.test')
      expect(help.mail.text).toContain('Your orders in game help1 (usa):')
      expect(help.mail.text).toContain('FIRE <guns> AT <target> [ELSE <target>]')
      expect(help.mail.text).toContain('one shot per gun per move (§9 L607)')
      expect(help.mail.text).toMatch(
        /A worked line:\n {2}TECU: SPEED 6; TURN PORT 20 AT 2; FIRE ALL AT TENN ELSE NEAREST/,
      )
    } finally {
      app.cleanup()
    }
  })

  it('§9 L615-621 an alternate-move gun ordered again next move: warned on receipt, and its side told why it held fire', async () => {
    const app = testApp('rc-fire')
    try {
      const { mail } = mailGame(app, { game: 'fire1', scenario: 'passing-the-fort', players: PLAYERS, tag: 'f' })
      expect(await mail('usa', ['GALE: SPEED 4; FIRE BP AT TENN'])).toBe('orders-accepted')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('fire1').committed).toBe(true)
      expect(reportsAt(app, 'fire1', 1).usa!.text).toMatch(/USS Galena BP \(sb100\) at CSS Tennessee/)

      expect(await mail('usa', ['GALE: FIRE BP AT TENN ELSE NEAREST'])).toBe('orders-accepted')
      const ack = outboxRows(app).at(-1)!
      expect(ack.kind).toBe('ack')
      expect(ack.mail.text).toContain(
        'FIRE BP: BP will not fire this move: fired on move 1 and fires only on alternate moves, next on move 3 (§9 L615-621)',
      )
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('fire1').committed).toBe(true)
      const { usa, csa } = reportsAt(app, 'fire1', 2)
      const held =
        'USS Galena BP (FIRE BP AT TENN ELSE NEAREST) held fire: fired on move 1 and fires only on alternate moves, next on move 3 (§9 L615-621)'
      expect(usa!.text).toContain(held)
      expect(csa!.text).not.toContain('held fire')
      expect(fogLeaks(app, 'fire1', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
