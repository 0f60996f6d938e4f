// The retrieve-grounded card by mail (rulebook §6 L419, ruling RC-79): the holder keeps it with his
// DECIDE line, the enemy places the ship on a sandbar with his, and both read the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboundHandler } from '../../src/cli/app.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { orderMail } from './orderMail.ts'
import { fogLeaks } from './fog.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

const PLAYERS = [
  { role: 'usa', address: 'farragut@example.test', name: 'Farragut' },
  { role: 'csa', address: 'buchanan@example.test', name: 'Buchanan' },
]

describe('§6 L419 ruling RC-79 retrieve a ship stuck on a sandbar, by mail', () => {
  it('the holder keeps the card, the enemy strands her with a DECIDE line, both are told where she lies', async () => {
    const app = testApp('rc-retrieve-mail')
    try {
      // The deal follows the game's secret: take the first game whose Union hand holds the card.
      let game = ''
      let keys: Record<string, string> = {}
      for (let i = 1; !game && i <= 30; i++) {
        const made = app.judge.createGame({
          game: `rg${i}`,
          ruleset: 'river-coastal',
          scenario: 'passing-the-fort',
          players: PLAYERS,
          options: { objectiveCards: true },
          zone: 'UTC',
        })
        const dealt = (app.judge.load(`rg${i}`).state as RiverState).dealt!
        if (dealt.USA.includes('RETRIEVE_GROUNDED') && !dealt.CSA.includes('RETRIEVE_GROUNDED')) {
          game = `rg${i}`
          keys = made.keys
        }
      }
      expect(game).not.toBe('')
      const dealt = (app.judge.load(game).state as RiverState).dealt!
      const send = inboundHandler(app)
      const discard = dealt.USA.find((c) => c !== 'RETRIEVE_GROUNDED')!
      expect(
        await send(orderMail(PLAYERS, game, 'usa', keys.usa!, [`DECIDE OBJECTIVES-USA ${discard}`], 1, 'r'), 'test:1'),
      ).toBe('command')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate(game, { force: true }).committed).toBe(true)
      const asked = app.judge.load(game)
      expect((asked.state as RiverState).phase).toBe('stranding')
      const q = asked.ruleset.awaiting(asked.state).find((a) => a.kind === 'decision')!
      expect([q.kind === 'decision' && q.decisionId, q.role]).toEqual(['STRAND-USA', 'csa'])
      expect(
        await send(
          orderMail(PLAYERS, game, 'csa', keys.csa!, ['DECIDE STRAND-USA CHIC AT 10,24 HEADING 180'], 2, 'r'),
          'test:2',
        ),
      ).toBe('command')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate(game, { force: true }).committed).toBe(true)
      const state = app.judge.load(game).state as RiverState
      expect(state.stranded).toEqual({ USA: 'CHIC' })
      expect(state.aground.CHIC).toEqual({ kind: 'sandbar', attemptsLeft: 4 })
      expect(state.phase).toBe('moves')
      const letters = outboxRows(app)
        .filter((r) => r.recipient === PLAYERS[0]!.address)
        .map((r) => r.mail.text)
        .join('\n')
      expect(letters).toContain('USS Chickasaw is stuck on dauphin-shoal at 10,24, placed by the CSA commander')
      expect(fogLeaks(app, game, ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
