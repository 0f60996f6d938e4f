// The house players' mail through the judge's intake, fifty seeded games of a two-player game to
// the end (test/<game>/house-sweep.test.ts): the house at both seats, so every game files both
// sides' orders, at the `standard` level, or `cautious` at one side in one game of three. Every
// order mail the house writes is accepted, nothing it writes is refused or fails, and every question
// the rules put to a side is answered by that side's house before the judge resolves on (none left
// to its default). The games are the strength harness's (bench/strengthMatch.ts) played with
// `asked`: resolved when asked, so a question waits for its answer, and the schedule's cap on
// questions lifted. No moderator is configured, so the judge draws no report nobody reads.
import { afterAll, describe, expect, it } from 'vitest'
import { playMatch, type Seat, STRENGTH_GAMES, strengthApp } from '../../bench/strengthMatch.ts'

export const SWEEP_GAMES = 50

/** The seats of game `i`: both standard, or one side cautious in turn. */
function seatsOf(rulesetId: string, i: number): Record<string, Seat> {
  const [a, b] = STRENGTH_GAMES[rulesetId]!.roles
  const cautious = i % 3 === 1 ? a : i % 3 === 2 ? b : null
  return Object.fromEntries([a!, b!].map((r) => [r, r === cautious ? 'house:cautious' : 'house:standard']))
}

/**
 * The sweep of one game, a test a game; `asks` whether its rules put questions to a side in these
 * games (then the house must have answered some).
 */
export function houseSweep(rulesetId: string, title: string, asks: boolean): void {
  describe(`${title}: house against house, ${SWEEP_GAMES} seeded games to the end`, () => {
    const app = strengthApp(`house-sweep-${rulesetId}`)
    afterAll(() => app.cleanup())
    let answers = 0
    const games = Array.from({ length: SWEEP_GAMES }, (_, i) => i)
    it.each(games)('game %i: every house mail accepted, no question left to its default', (i) => {
      // playMatch throws unless the game ends, by its victory conditions or its last turn.
      const m = playMatch(app, rulesetId, `sweep-${i}`, seatsOf(rulesetId, i), i + 1, { asked: true })
      expect({ failures: m.houseFailures, defaulted: m.defaulted }).toEqual({ failures: 0, defaulted: 0 })
      expect(m.houseMails, 'an order mail from each seat at least').toBeGreaterThanOrEqual(2)
      answers += m.houseAnswers
    })
    if (asks)
      it('the house answered the questions put to it', () => {
        expect(answers).toBeGreaterThan(SWEEP_GAMES)
      })
  })
}
