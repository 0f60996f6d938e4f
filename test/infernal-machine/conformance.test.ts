// The checks of the conformance suite (test/games/conformance.test.ts) that the game will meet once
// it is in the shipped registry, run now with the game registered for the test: both campaigns
// played to their end by forced resolutions, the log re-folded and the dice reproduced, the same
// secrets giving the same log, and no hidden draw (not even its label) in the captain's letters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { canSee } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { infernalMachineFactory } from '../../src/games/infernal-machine/index.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerRuleset(infernalMachineFactory)
})
afterAll(() => unregister())

const GAME = 'conf-im'

function playThrough(scenario: string, seed: string): TestApp {
  const app = testApp(seed, { serverSecret: sha256Hex(seed) })
  app.judge.createGame({
    game: GAME,
    ruleset: infernalMachineFactory.id,
    scenario,
    players: [{ role: 'captain', address: 'captain@example.test', name: 'Captain' }],
    zone: 'UTC',
  })
  for (let i = 0; i < 60 && !app.judge.load(GAME).finished; i++) {
    app.now.t += 3_600_000
    app.judge.adjudicate(GAME, { force: true })
  }
  return app
}
const results = (app: TestApp) =>
  app.store
    .read(`game:${GAME}`)
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => e.data as TurnAdjudicated)

describe('Infernal Machine conformance (as registered)', () => {
  it('p.41 both campaigns play to Spring 1865 without orders; the log re-folds and the dice reproduce', () => {
    for (const scenario of ['campaign-csa', 'campaign-usa']) {
      const app = playThrough(scenario, `conformance-im-${scenario}`)
      try {
        const fold = app.judge.load(GAME)
        expect(fold.finished, scenario).toBe(true)
        expect(fold.ruleset.outcome(fold.state)?.summary).toMatch(/^the war ends/)
        expect(fold.ruleset.turnLabel(fold.ruleset.turnOf(fold.state))).toBe('spring 1865')
        expect(verifyGame(app.db, app.judge, GAME), scenario).toMatchObject({ ok: true, problems: [] })
        const dice = verifyDice(app.judge, GAME)
        expect(dice.ok, dice.lines.join('\n')).toBe(true)
        expect(dice.lines.join('\n')).not.toMatch(/sealed/)
      } finally {
        app.cleanup()
      }
    }
  })

  it('the same secrets give the same log', () => {
    const a = playThrough('campaign-csa', 'twice-im')
    const b = playThrough('campaign-csa', 'twice-im')
    try {
      const log = (app: TestApp) => canonicalJson(app.store.read(`game:${GAME}`).map((e) => [e.type, e.data, e.hash]))
      expect(log(a)).toBe(log(b))
    } finally {
      a.cleanup()
      b.cleanup()
    }
  })

  it("DESIGN 5 the captain's letters and export hold no hidden draw, not even its label", () => {
    const app = playThrough('campaign-csa', 'leak-im')
    try {
      const viewer = { kind: 'role', role: 'captain' } as const
      const hidden = results(app).flatMap((t) =>
        (t.hiddenRolls ?? []).filter((r) => !canSee(viewer, r.audience)).map((r) => r.label),
      )
      expect(hidden.some((l) => l.includes('deck shuffle'))).toBe(true)
      const letters = outboxRows(app)
        .filter((r) => r.recipient === 'captain@example.test')
        .map((r) => `${r.mail.subject}\n${r.mail.text}\n${r.mail.html ?? ''}`)
      const exported = JSON.stringify(redactedEvents(app.judge, GAME, viewer))
      expect(letters.length).toBeGreaterThan(10)
      for (const label of new Set(hidden)) {
        for (const letter of letters) expect(letter).not.toContain(label)
        expect(exported).not.toContain(label)
      }
    } finally {
      app.cleanup()
    }
  })
})
