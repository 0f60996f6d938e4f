// A game played by fuzzed players through the judge: each awaited role files an order mail made of
// its bot's lines and fuzzed lines (through judge.submitOrders, the call the acknowledgement
// answers), answers some questions, and the judge resolves the point. What was filed and what was
// resolved is kept for the properties.
import type { TurnAdjudicated } from '../../../src/engine/events.ts'
import { rulesetFactory } from '../../../src/games/index.ts'
import { sha256Hex } from '../../../src/util/canonical.ts'
import { testApp, type TestApp } from '../../helpers/app.ts'
import { GAME_SAMPLES } from './gameSamples.ts'
import { acceptedLines, candidateLines, rngOf, vocabularyOf } from './orderFuzz.ts'

export const FUZZ_GAME = 'fz1'

export interface Filed {
  point: number
  role: string
  text: string
  accepted: boolean
  normalised: string[]
  commands: unknown[]
  /** The state the orders were parsed against, for the echo round trip. */
  state: unknown
  /** The words the role's orders name (units, places, cards) at the time. */
  slots: string[]
}

export interface FuzzRun {
  scenario: string
  filed: Filed[]
  results: TurnAdjudicated[]
  app: TestApp
  /** What a resolution threw, with the mails filed for it; the play stopped there. */
  error?: Error
}

/** The scenarios of a game with the roles of each. */
export function scenariosOf(gameId: string): { id: string; roles: readonly string[] }[] {
  const f = rulesetFactory(gameId)
  const rs = f.create(f.defaultPack())
  return rs.scenarios.map((s) => ({ id: s.id, roles: rs.rolesFor?.(s.id, {}) ?? rs.roles }))
}

/**
 * Plays `points` resolutions of one scenario (chosen by the seed) with fuzzed orders. A resolution
 * that throws ends the play; the run keeps the error, with the mails filed for that resolution.
 */
export function playFuzzed(gameId: string, seed: number, points: number): FuzzRun {
  const rng = rngOf(seed)
  const scenarios = scenariosOf(gameId)
  const scenario = scenarios[seed % scenarios.length]!
  const app = testApp(`fuzz-${gameId}-${seed}`, { serverSecret: sha256Hex(`fuzz-${seed}`) })
  const run: FuzzRun = { scenario: scenario.id, filed: [], results: [], app }
  app.judge.createGame({
    game: FUZZ_GAME,
    ruleset: gameId,
    scenario: scenario.id,
    players: scenario.roles.map((role) => ({ role, address: `${role}@example.test`, name: `Player ${role}` })),
    zone: 'UTC',
  })
  const samples = GAME_SAMPLES[gameId]!
  for (let i = 0; i < points && !app.judge.load(FUZZ_GAME).finished; i++) {
    const fold = app.judge.load(FUZZ_GAME)
    for (const a of fold.ruleset.awaiting(fold.state)) {
      if (a.kind === 'decision') {
        const other = a.options.find((o) => o.id !== a.defaultOption)
        if (other && a.answer !== 'text' && rng.chance(0.5)) app.judge.decide(FUZZ_GAME, a.role, a.decisionId, other.id)
        continue
      }
      const key = app.judge.keyFor(FUZZ_GAME, a.role)
      const input = { game: FUZZ_GAME, key, role: a.role, state: fold.state, ruleset: fold.ruleset }
      const { bot, forms } = samples.samples(input)
      const view = fold.ruleset.view(fold.state, { kind: 'role', role: a.role })
      const src = {
        samples: [...bot, ...forms],
        words: samples.words,
        pool: vocabularyOf(view),
        slots: samples.slots(input, view),
      }
      const fuzzed = candidateLines(src, rng, 24)
      // Mostly a set every line of which the parser takes; now and then the raw lines, as sent.
      const lines = rng.chance(0.8)
        ? acceptedLines(fold.ruleset, fold.state, a.role, rng.chance(0.5) ? [...bot, ...fuzzed] : fuzzed)
        : fuzzed.slice(0, 6)
      const text = [`GAME ${FUZZ_GAME} ${a.role}`, `KEY ${key}`, ...lines, ''].join('\n')
      const r = app.judge.submitOrders(FUZZ_GAME, a.role, text)
      const after = app.judge.load(FUZZ_GAME)
      const onFile = r.accepted ? after.orders.get(a.role) : undefined
      run.filed.push({
        point: fold.point,
        role: a.role,
        text,
        accepted: r.accepted,
        normalised: onFile?.normalised ?? [],
        commands: (onFile?.commands as unknown[]) ?? [],
        state: fold.state,
        slots: src.slots,
      })
    }
    app.now.t += 3_600_000
    try {
      app.judge.adjudicate(FUZZ_GAME, { force: true })
    } catch (e) {
      const mails = run.filed
        .filter((f) => f.point === fold.point)
        .map((f) => `${f.accepted ? 'accepted' : 'refused'}:\n${f.text}`)
      run.error = new Error(
        `resolution ${fold.point} of ${scenario.id} threw: ${(e as Error).message}\n${mails.join('\n')}\n${(e as Error).stack ?? ''}`,
      )
      break
    }
  }
  run.results = app.store
    .read(`game:${FUZZ_GAME}`)
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => e.data as TurnAdjudicated)
  return run
}
