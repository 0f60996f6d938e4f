// 13.3-13.5 through the engine: a game created at a placement start waits for no orders; its
// opening placement is resolved by `adjudicate` (or, by the tick, at the point's first deadline:
// the engine's early processing needs at least one order on file), and the Federal deployment is
// awaited next. The result re-folds and verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyGame } from '../../src/engine/audit.ts'
import { tick } from '../../src/schedule/tick.ts'
import { testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
beforeAll(() => {
  app = testApp('scenario-openings')
})
afterAll(() => app.cleanup())

const players = [
  { role: 'federal', address: 'f@example.test', name: 'F' },
  { role: 'confederate', address: 'c@example.test', name: 'C' },
]
const awaitedNow = (game: string) => {
  const fold = app.judge.load(game)
  return fold.ruleset.awaiting(fold.state).map((a: { role?: string; label?: string }) => `${a.role}: ${a.label}`)
}

describe('13.3-13.5 openings in a real game', () => {
  for (const [scenario, gt] of [
    ['greyhounds', 5],
    ['cresting-tide', 8],
    ['endgame', 13],
  ] as const) {
    it(`13.x ${scenario}: created at the GT${gt} placement, adjudicated at once; the Federal deployment is awaited next`, () => {
      const game = `sd-${scenario}`
      app.judge.createGame({ game, ruleset: 'sea-devils', scenario, players })
      expect(awaitedNow(game)).toEqual([])
      app.judge.adjudicate(game)
      expect(app.judge.load(game).point).toBe(2)
      expect(awaitedNow(game)).toEqual([`federal: GT${gt} Federal deployment and movement`])
      expect(verifyGame(app.db, app.judge, game)).toMatchObject({ ok: true })
    })
  }

  it('13.x: the opening placement awaits nobody, so the first tick resolves it at once', () => {
    app.judge.createGame({ game: 'sd-tick', ruleset: 'sea-devils', scenario: 'greyhounds', players, deadlineHours: 1 })
    expect(app.judge.load('sd-tick').point).toBe(1)
    tick(app.judge, new Date(app.now.t))
    const fold = app.judge.load('sd-tick')
    expect(fold.point).toBe(2)
    expect(fold.adjudications[0]!.data.label).toMatch(/GT5/)
    expect(app.judge.awaitingText(fold)).toMatch(/GT5 Federal deployment/)
  })
})
