// River and Coastal's opening and replies by mail: each player's first mail carries his key, the
// questions put to him before move 1 and the order form, in one mail; a reply holding answers and
// orders gets one acknowledgement; the random fort's guns are placed by the Confederate player's
// answer (§9 L901) and never shown to the Union; the plot's title names the game and the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { withParts } from '../../src/mail/outbound.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import type { Letter } from '../../src/reports/render.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { fogLeaks } from './fog.ts'
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
const to = (app: ReturnType<typeof testApp>, address: string) => outboxRows(app).filter((r) => r.recipient === address)

describe('River and Coastal by mail: one opening mail, one acknowledgement', () => {
  it('the opening is one mail per player: his key, his questions before move 1 and the order form', () => {
    const app = testApp('rc-open')
    try {
      const { keys } = mailGame(app, { game: 'op1', scenario: 'passing-the-fort', players: PLAYERS, tag: 'o' })
      const union = to(app, 'farragut@example.test')
      const rebel = to(app, 'buchanan@example.test')
      expect(union.map((r) => r.mail.subject)).toEqual(['[op1] Game opens (usa)'])
      expect(rebel.map((r) => r.mail.subject)).toEqual(['[op1] Game opens (csa)'])
      const u = union[0]!.mail
      expect(u.text).toContain(`KEY ${keys.usa}`)
      expect(u.text).toContain('TECU: SPEED 6')
      expect(u.text).toContain('QUESTION: RADIUS-META (USA)')
      expect(u.text).toContain('QUESTION: FLAGSHIP-USA (USA)')
      expect(u.text).toContain('DECIDE FLAGSHIP-USA <option>')
      expect(u.html).toContain('<h2>Question: FLAGSHIP-USA (usa)</h2>')
      // the plot's title: game, side, move and the report's time
      const plot = (withParts(app.db, u as never) as Letter).attachments![0]!.svg!
      expect(plot).toContain('>ACW River and Coastal, game op1: Passing the Fort</text>')
      expect(plot).toMatch(/>Union plot, move 1 of 14 \(the opening\), \d{4}-\d\d-\d\d \d\d:\d\d UTC; clear/)
      const c = rebel[0]!.mail
      expect(c.text).toContain('QUESTION: RADIUS-GAIN (CSA)')
      expect(c.text).toContain('QUESTION: RADIUS-SELM (CSA)')
      // a question goes to its own player only
      expect(c.text).not.toContain('DECIDE FLAGSHIP-USA')
      expect(u.text).not.toContain('RADIUS-GAIN')
    } finally {
      app.cleanup()
    }
  })

  it('a reply with answers and orders is acknowledged once, the answers and the orders in the same mail', async () => {
    const app = testApp('rc-ack')
    try {
      const { mail } = mailGame(app, { game: 'ak1', scenario: 'passing-the-fort', players: PLAYERS, tag: 'a' })
      const before = outboxRows(app).length
      expect(
        await mail('usa', ['DECIDE FLAGSHIP-USA GALE', 'DECIDE RADIUS-META 12', 'GALE: SPEED 4; FIRE BP AT TENN']),
      ).toBe('orders-accepted')
      const replies = outboxRows(app).slice(before)
      expect(replies.map((r) => [r.recipient, r.kind])).toEqual([['farragut@example.test', 'ack']])
      const ack = replies[0]!.mail
      expect(ack.subject).toMatch(/^\[ak1\] Orders accepted: Move 1 Union orders/)
      expect(ack.text).toContain('YOUR ANSWERS (DECIDE lines)')
      expect(ack.text).toContain('FLAGSHIP-USA: GALE')
      expect(ack.text).toMatch(/DECIDE RADIUS-META 12: "12" is not an option for RADIUS-META/)
      expect(ack.text).toContain('GALE: SPEED 4; FIRE BP AT TENN')
      expect(ack.text).not.toContain('separate mail')
      // answers alone are still acknowledged, once
      expect(await mail('usa', ['DECIDE RADIUS-META 7'])).toBe('command')
      const alone = outboxRows(app).slice(before + 1)
      expect(alone.map((r) => r.mail.subject)).toEqual(['[ak1] Decision recorded: RADIUS-META 7'])
    } finally {
      app.cleanup()
    }
  })

  it('§9 L901 the random fort: the Confederate player places its guns by a DECIDE answer the Union never sees', async () => {
    const app = testApp('rc-fort')
    try {
      const { mail } = mailGame(app, { game: 'fg1', scenario: 'random-river', players: PLAYERS, tag: 'g' })
      const [opening] = to(app, 'buchanan@example.test')
      expect(opening!.mail.text).toContain('QUESTION: FORT-GUNS (CSA)')
      expect(to(app, 'farragut@example.test')[0]!.mail.text).not.toContain('FORT-GUNS')
      const guns = (app.judge.load('fg1').state as RiverState).table!.draw.fort!.guns
      const answer = [...guns.map((_, k) => `G${k + 1} 6`), 'COMMANDER 6'].join(' ')
      expect(await mail('csa', [`DECIDE FORT-GUNS ${answer}`])).toBe('command')
      expect(to(app, 'buchanan@example.test').at(-1)!.mail.subject).toMatch(/Decision recorded: FORT-GUNS G1 6/)
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('fg1', { force: true }).committed).toBe(true)
      const fort = (app.judge.load('fg1').state as RiverState).table!.layout!.forts[0]!
      expect(fort.guns.every((g) => g.square === 6)).toBe(true)
      expect(fort.commanderSquare).toBe(6)
      const sheet = "Your fort's sheet: G1"
      expect(to(app, 'buchanan@example.test').some((r) => r.mail.text.includes(sheet))).toBe(true)
      const union = to(app, 'farragut@example.test')
        .map((r) => `${r.mail.text}\n${r.mail.html ?? ''}`)
        .join('\n')
      const exported = JSON.stringify(redactedEvents(app.judge, 'fg1', { kind: 'role', role: 'usa' }))
      for (const secret of [sheet, 'G1 6', 'COMMANDER 6'])
        expect(union.includes(secret) || exported.includes(secret)).toBe(false)
      expect(union).toContain(`The fort: ${guns.length} guns`)
      expect(fogLeaks(app, 'fg1', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
