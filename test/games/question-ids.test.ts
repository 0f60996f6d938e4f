// A question's id as the game gives it may mix capitals and small letters (Rebel Raiders names its
// card questions `card-4-VICK-turn-9-union-move`). A player answers by mail with the id as the
// question mail prints it, or in any other case: either way the answer is taken, not refused and left
// to its default. The fixture game's stake question is given a mixed-case id here.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Awaited, RulesetFactory } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { hiddenDeckFactory } from './fixtures/hidden-deck.ts'

const MIXED = 'round-1-Stake'
// A name of its own: the judge tier's files share one registry, where the fixture may be registered too.
const mixedIds: RulesetFactory = {
  ...hiddenDeckFactory,
  id: 'hidden-deck-mixed-ids',
  create: (pack) => {
    const rules = hiddenDeckFactory.create(pack)
    return {
      ...rules,
      id: 'hidden-deck-mixed-ids',
      awaiting: (s: unknown): Awaited[] =>
        rules
          .awaiting(s)
          .map(
            (a: Awaited): Awaited =>
              a.kind === 'decision' && a.decisionId === 'R1-STAKE' ? { ...a, decisionId: MIXED } : a,
          ),
    }
  },
}

let unregister: () => void = () => {}
beforeAll(() => {
  unregister = registerRuleset(mixedIds)
})
afterAll(() => unregister())

const GAME = 'ids'
const SOLO = 'solo@example.test'
let app: TestApp
let key: string
let n = 0
beforeEach(() => {
  app = testApp('question-ids')
  app.judge.createGame({
    game: GAME,
    ruleset: mixedIds.id,
    scenario: 'standard',
    players: [{ role: 'solo', address: SOLO, name: 'Solo' }],
    zone: 'UTC',
  })
  key = app.judge.keyFor(GAME, 'solo')
})
afterEach(() => app.cleanup())

function deliver(body: string) {
  const text = `GAME ${GAME} SOLO\nKEY ${key}\n${body}`.replace(/\n/g, '\r\n')
  const raw = Buffer.from(
    `From: ${SOLO}\r\nTo: judge@judge.example.test\r\nSubject: orders\r\nMessage-ID: <ids${++n}@example.test>\r\nContent-Type: text/plain\r\n\r\n${text}\r\n`,
  )
  const deps = {
    judge: app.judge,
    db: app.db,
    jobsDb: app.jobsDb,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  }
  return handleInbound(raw, 'test', deps)
}
const answers = () =>
  app.store
    .read(`game:${GAME}`)
    .filter((e) => e.type === 'DecisionMade')
    .map((e) => e.data as { decisionId: string; applied: string })

it.each([
  ['as the question mail prints it', MIXED],
  ['in capitals', MIXED.toUpperCase()],
  ['in small letters', MIXED.toLowerCase()],
])('a mixed-case question id answered %s is taken under the game’s own id', async (_how, written) => {
  const opening = outboxRows(app).find((r) => r.recipient === SOLO)!
  expect(opening.mail.text).toContain(`DECIDE ${MIXED} STAKE <0-5>`)
  await deliver(`DECIDE ${written} STAKE 3`)
  expect(answers()).toEqual([expect.objectContaining({ decisionId: MIXED, applied: 'STAKE 3' })])
  const reply = outboxRows(app)
    .filter((r) => r.recipient === SOLO)
    .at(-1)!
  expect(reply.mail.text).not.toMatch(/no question|not asked|unknown question/i)
})
