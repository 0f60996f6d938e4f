// The question protocol, on the test-only fixture game: a question between resolutions
// (a free answer the game checks) and questions during one (fixed options), each answered by mail
// and by default; answers and orders in one mail; orders that hold the deadline; no cap for a game
// that asks at every step; a question mail shows only what came before the question. Mail goes
// through the intake as the judge runs it, filed in one batch on the async store.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { verifyGame } from '../../src/engine/audit.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { planGame } from '../../src/engine/clock/lifecycle.ts'
import { tick } from '../../src/schedule/tick.ts'
import type { Viewer } from '../../src/games/contract.ts'
import { registerRuleset } from '../../src/games/index.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { hiddenDeckFactory } from './fixtures/hidden-deck.ts'

let unregister: () => void = () => {}
beforeAll(() => {
  unregister = registerRuleset(hiddenDeckFactory)
})
afterAll(() => unregister())

const GAME = 'q1'
const SOLO = 'solo@example.test'
const HOUR = 3_600_000
// A seed whose first three cards hold two over 8, so round 1 asks twice during its resolution.
const SEED = 'questions-1'

let app: TestApp
let key: string
let n = 0
beforeEach(() => {
  app = testApp(SEED)
  app.judge.createGame({
    game: GAME,
    ruleset: hiddenDeckFactory.id,
    scenario: 'standard',
    players: [{ role: 'solo', address: SOLO, name: 'Solo' }],
    zone: 'UTC',
  })
  key = app.judge.keyFor(GAME, 'solo')
})
afterEach(() => app.cleanup())

const events = (type: string) => app.store.read(`game:${GAME}`).filter((e) => e.type === type)
const mails = () => outboxRows(app).filter((r) => r.recipient === SOLO)
function deliver(body: string) {
  const raw = Buffer.from(
    `From: ${SOLO}\r\nTo: judge@judge.example.test\r\nSubject: orders\r\nMessage-ID: <q${++n}@example.test>\r\nContent-Type: text/plain\r\n\r\n${`GAME ${GAME} SOLO\nKEY ${key}\n${body}`.replace(/\n/g, '\r\n')}\r\n`,
  )
  return handleInbound(raw, 'test', {
    judge: app.judge,
    db: app.db,
    jobsDb: app.jobsDb,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
}
const advances = () => planGame(app.judge.load(GAME), app.clock()).actions.filter((a) => a.kind === 'advance')

describe('a question between resolutions', () => {
  it('is asked when the point opens, in the opening mail to its player (one mail), showing what he may see, with the form of the answer', () => {
    expect(events('DecisionRequested').map((e) => e.data)).toEqual([
      expect.objectContaining({ decisionId: 'R1-STAKE', point: 1, between: true, answer: 'text', role: 'solo' }),
    ])
    expect(mails().map((m) => m.mail.subject)).toEqual([`[${GAME}] Game opens (solo)`])
    const question = mails()[0]!
    expect(question.mail.text).toContain('QUESTION: R1-STAKE (SOLO)')
    expect(question.mail.html).toContain('<h2>Question: R1-STAKE (solo)</h2>')
    expect(question.mail.text).toContain('R1-STAKE: What do you stake on round 1?')
    expect(question.mail.text).toContain('Your hand: empty.')
    expect(question.mail.text).toContain('Answer in the form: STAKE <0-5>')
    expect(question.mail.text).toContain('DECIDE R1-STAKE STAKE <0-5>')
    // Status names the question to its player.
    expect(app.judge.awaitingText(app.judge.load(GAME), { kind: 'role', role: 'solo' })).toContain(
      'question R1-STAKE: What do you stake on round 1?',
    )
    expect(app.judge.awaitingText(app.judge.load(GAME), { kind: 'observer' })).toContain('an answer from solo')
    // Reports say the same: the question's text only to its player and the moderator.
    const awaited = (viewer: Viewer) => app.judge.reportModel(app.judge.load(GAME), viewer, null).awaiting
    expect(awaited({ kind: 'observer' })).toContainEqual({ label: 'an answer from solo' })
    expect(awaited({ kind: 'role', role: 'solo' })).toContainEqual({
      label: 'question R1-STAKE: What do you stake on round 1?',
    })
  })

  it('takes a free answer and new orders from one mail, acknowledged once; a wrong answer is refused with the reason, the orders still filed', async () => {
    const before = mails().length
    expect(await deliver('DECIDE R1-STAKE stake 9\nDRAW 3')).toBe('orders-accepted')
    expect(events('DecisionMade')).toHaveLength(0)
    const replies = mails().slice(before)
    expect(replies).toHaveLength(1)
    const refusal = replies[0]!
    expect(refusal.mail.subject).toMatch(new RegExp(`^\\[${GAME}\\] Orders accepted`))
    expect(refusal.mail.text).toContain('YOUR ANSWERS (DECIDE lines)')
    expect(refusal.mail.text).toContain('DECIDE R1-STAKE stake 9: the stake is at most 5')
    expect(app.judge.load(GAME).orders.get('solo')?.normalised).toEqual(['DRAW 3'])

    expect(await deliver('decide r1-stake   STAKE 3')).toBe('command')
    expect(events('DecisionMade').map((e) => e.data)).toEqual([
      { point: 1, decisionId: 'R1-STAKE', applied: 'STAKE 3' },
    ])
    expect(mails().at(-1)!.mail.subject).toBe(`[${GAME}] Decision recorded: R1-STAKE STAKE 3`)
    // An answer is final.
    expect(await deliver('DECIDE R1-STAKE STAKE 1')).toBe('command')
    expect(mails().at(-1)!.mail.text).toContain('already settled: STAKE 3')
  })

  it('reads at most 50 answers from one message and says so', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `DECIDE X${i} STAKE 1`).join('\n')
    expect(await deliver(lines)).toBe('command')
    const notice = mails().at(-1)!
    expect(notice.mail.text).toContain('250 more DECIDE line(s) not read: at most 50 a message')
    expect(notice.mail.text.length).toBeLessThan(20_000)
    expect(notice.mail.subject.length).toBeLessThan(200)
  })

  it('keeps early processing waiting until it is answered, and orders that hold the deadline until they are in', async () => {
    expect(advances()).toEqual([])
    await deliver('DECIDE R1-STAKE STAKE 2')
    expect(advances()).toEqual([]) // the optional orders hold the deadline
    await deliver('DRAW 1')
    expect(advances()).toEqual([{ kind: 'advance', reason: 'early' }])
  })

  it('is reminded of before the deadline like missing orders, naming the question and its default', async () => {
    await deliver('DRAW 1')
    const deadline = Date.parse(app.judge.load(GAME).deadline!.deadline)
    app.now.t = deadline - 24 * HOUR
    tick(app.judge, app.clock())
    const reminder = mails().at(-1)!
    expect(reminder.mail.subject).toBe(`[${GAME}] Reminder: your answer to R1-STAKE is due in 24 hours`)
    expect(reminder.mail.text).toContain(
      'Not answered yet: R1-STAKE: What do you stake on round 1? (without an answer: STAKE 0).',
    )
    expect(reminder.mail.text).not.toContain('no orders from you')
  })

  it('takes its default at the deadline, recorded as such, and the resolution reads it', () => {
    app.now.t += 80 * HOUR
    const r = app.judge.adjudicate(GAME)
    expect(r.defaulted).toContain('R1-STAKE')
    expect(events('DecisionDefaulted').map((e) => e.data)).toContainEqual({
      point: 1,
      decisionId: 'R1-STAKE',
      applied: 'STAKE 0',
    })
  })
})

describe('questions during a resolution', () => {
  it('stop it, one at a time, each mailed with only what came before it; answered by mail, the resolution records every answer', async () => {
    await deliver('DECIDE R1-STAKE STAKE 4\nDRAW 3')
    const first = app.judge.adjudicate(GAME)
    expect(first.committed).toBe(false)
    expect(first.waiting?.decisionId).toMatch(/^R1-C\d$/)
    const asked = events('DecisionRequested').at(-1)!.data as { decisionId: string; situation?: string[] }
    const mail = mails().find((m) => m.mail.subject === `[${GAME}] Decision needed: ${asked.decisionId} (solo)`)!
    expect(mail.mail.text).toContain('So far in this resolution:')
    expect(mail.mail.text).toMatch(/\[2\] You draw \d+, \d+, \d+\./)
    // Nothing resolved after the question shows: not the omen, not the stake's fate.
    expect(mail.mail.text).not.toMatch(/omen|stake of/)

    await deliver(`DECIDE ${asked.decisionId} throw`)
    const second = app.judge.adjudicate(GAME)
    expect(second.committed).toBe(false)
    expect(second.waiting?.decisionId).not.toBe(asked.decisionId)
    await deliver(`DECIDE ${second.waiting!.decisionId} KEEP`)
    const done = app.judge.adjudicate(GAME)
    expect(done.committed).toBe(true)
    const result = events('TurnAdjudicated').at(-1)!.data as TurnAdjudicated
    expect(result.decisionAnswers).toEqual({
      'R1-STAKE': 'STAKE 4',
      [asked.decisionId]: 'THROW',
      [second.waiting!.decisionId]: 'KEEP',
    })
    expect(result.narrative.map((e) => e.text)).toContainEqual(expect.stringMatching(/^You throw \d+ back/))
    expect(verifyGame(app.db, app.judge, GAME)).toMatchObject({ ok: true, problems: [] })
    // The next point asks its own question.
    expect(mails().at(-1)!.mail.subject).toBe(`[${GAME}] Question: R2-STAKE (solo)`)
  })

  it('take their defaults at their own deadline; a game without a cap asks every one of them', async () => {
    // The schedule's cap would stop after none; the game asks at every step by design.
    app.judge.setSchedule(GAME, { maxAsks: 0 })
    await deliver('DRAW 3')
    expect(app.judge.adjudicate(GAME).waiting).not.toBeNull()
    // The first question's deadline passes: it takes its default, and the next is asked with its own.
    app.now.t += 200 * HOUR
    const next = app.judge.adjudicate(GAME)
    expect(next.committed).toBe(false)
    expect(next.requested).toHaveLength(1)
    app.now.t += 200 * HOUR
    const r = app.judge.adjudicate(GAME)
    expect(r.committed).toBe(true)
    expect(r.defaulted).toEqual(next.requested)
    const requested = events('DecisionRequested').filter((e) => !(e.data as { between?: boolean }).between)
    expect(requested).toHaveLength(2)
    expect(verifyGame(app.db, app.judge, GAME)).toMatchObject({ ok: true, problems: [] })
  })
})
