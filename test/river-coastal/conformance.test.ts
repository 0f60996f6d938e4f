// The conformance checks of test/games/conformance.test.ts, run on River & Coastal while it is not
// yet registered (the suite's UNDER_CONSTRUCTION list is not ours to edit): every scenario plays to
// its end with forced adjudication, re-folds from the log, reproduces its dice, gives the same log
// from the same secrets, and shows no reader what is meant for the other side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { canSee, type RulesetFactory, type Viewer } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { registerWhileUnshipped } from './demoRun.ts'

let unregister: () => void = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

const GAME = 'conf1'
const MAX_POINTS = 60

/** Creates the game and forces resolutions (every role's orders by default) until it ends. */
function playThrough(factory: RulesetFactory, scenario: string, seed: string): TestApp {
  const app = testApp(seed, { serverSecret: sha256Hex(seed) })
  const ruleset = factory.create(factory.defaultPack())
  app.judge.createGame({
    game: GAME,
    ruleset: factory.id,
    scenario,
    players: ruleset.roles.map((role) => ({ role, address: `${role}@example.test`, name: `Player ${role}` })),
    zone: 'UTC',
  })
  for (let i = 0; i < MAX_POINTS && !app.judge.load(GAME).finished; i++) {
    app.now.t += 3_600_000
    app.judge.adjudicate(GAME, { force: true })
  }
  return app
}

const eventsOfType = (app: TestApp, type: string) => app.store.read(`game:${GAME}`).filter((e) => e.type === type)

const results = (app: TestApp) =>
  app.store
    .read(`game:${GAME}`)
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => e.data as TurnAdjudicated)

for (const factory of [riverCoastalFactory]) {
  describe(`conformance: ${factory.id}`, () => {
    const scenarios = () => {
      const f = factory
      return { f, list: f.create(f.defaultPack()).scenarios.map((s) => s.id) }
    }

    it('every scenario sets up and plays to its end; the log re-folds and the dice reproduce', () => {
      const { f, list } = scenarios()
      expect(list.length).toBeGreaterThan(0)
      for (const scenario of list) {
        const app = playThrough(f, scenario, `conformance-${f.id}`)
        try {
          const fold = app.judge.load(GAME)
          expect(fold.finished, `${scenario} ends within ${MAX_POINTS} resolutions`).toBe(true)
          // The end and the turns in the game's own words: the engine shows these, never a bare number.
          expect(fold.ruleset.outcome(fold.state)?.summary, scenario).toMatch(/\S/)
          expect(fold.ruleset.turnLabel(fold.ruleset.turnOf(fold.state))).toMatch(/\S/)
          expect(eventsOfType(app, 'GameFinished')[0]?.data).toMatchObject({
            result: fold.ruleset.outcome(fold.state)!,
          })
          expect(results(app).length).toBeGreaterThan(0)
          expect(verifyGame(app.db, app.judge, GAME), scenario).toMatchObject({ ok: true, problems: [] })
          const dice = verifyDice(app.judge, GAME)
          expect(dice.ok, dice.lines.join('\n')).toBe(true)
          expect(dice.lines.join('\n')).not.toMatch(/sealed/) // the game is over: hidden draws are open
        } finally {
          app.cleanup()
        }
      }
    })

    it('the same secrets give the same log', () => {
      const { f, list } = scenarios()
      const a = playThrough(f, list[0]!, `twice-${f.id}`)
      const b = playThrough(f, list[0]!, `twice-${f.id}`)
      try {
        const log = (app: TestApp) => canonicalJson(app.store.read(`game:${GAME}`).map((e) => [e.type, e.data, e.hash]))
        expect(log(a)).toBe(log(b))
      } finally {
        a.cleanup()
        b.cleanup()
      }
    })

    it('no letter and no export shows a reader what is meant for someone else', () => {
      const { f, list } = scenarios()
      const app = playThrough(f, list[0]!, `leak-${f.id}`)
      try {
        const roles = f.create(f.defaultPack()).roles
        const all = results(app)
        for (const role of roles) {
          const viewer: Viewer = { kind: 'role', role }
          const visible = new Set(
            all.flatMap((t) => t.narrative.filter((n) => canSee(viewer, n.audience)).map((n) => n.text)),
          )
          const secretTexts = all
            .flatMap((t) => t.narrative.filter((n) => !canSee(viewer, n.audience)).map((n) => n.text))
            .filter((text) => !visible.has(text))
          const secretDraws = all.flatMap((t) =>
            (t.hiddenRolls ?? []).filter((r) => !canSee(viewer, r.audience)).map((r) => r.label),
          )
          const letters = outboxRows(app)
            .filter((r) => r.recipient === `${role}@example.test`)
            .map((r) => `${r.mail.subject}\n${r.mail.text}\n${r.mail.html ?? ''}`)
          const exported = JSON.stringify(redactedEvents(app.judge, GAME, viewer))
          expect(letters.length).toBeGreaterThan(0)
          for (const text of secretTexts) {
            for (const letter of letters) expect(letter, `${role}'s letters`).not.toContain(text)
            expect(exported, `${role}'s export`).not.toContain(JSON.stringify(text).slice(1, -1))
          }
          for (const label of secretDraws) {
            for (const letter of letters) expect(letter, `${role}'s letters`).not.toContain(label)
            expect(exported, `${role}'s export`).not.toContain(label)
          }
          // The reader's pictures are drawn from what he may see.
          const fold = app.judge.load(GAME)
          const seen = all.at(-1)!.narrative.filter((n) => canSee(viewer, n.audience))
          for (const figure of fold.ruleset.figures?.(fold.state, viewer, seen) ?? []) {
            expect(figure.svg).toMatch(/^<svg/)
            for (const text of secretTexts) expect(figure.svg, `${role}'s ${figure.name}`).not.toContain(text)
          }
        }
      } finally {
        app.cleanup()
      }
    })
  })
}
