// The intake, the moderator's mail and the receipt story find one game by one lookup of
// its stream head; none of them lists every game on the judge, so a mail costs the same with ten
// or ten thousand games.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { receiptStory } from '../../src/reports/archive.ts'
import { createFixtureGame, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let moderatorKey: string
let listings = 0
beforeEach(() => {
  app = testApp('game-lookup')
  createFixtureGame(app)
  moderatorKey = app.judge.keyFor('fx1', 'moderator')
  // Count every listing of streams made from here on (creation above may list them).
  listings = 0
  const streams = app.store.streams.bind(app.store)
  app.store.streams = (prefix?: string) => {
    listings++
    return streams(prefix)
  }
})
afterEach(() => app.cleanup())

let n = 0
const deliver = (from: string, body: string) =>
  handleInbound(
    Buffer.from(
      `From: ${from}\r\nTo: orders@judge.example.test\r\nSubject: x\r\nMessage-ID: <lookup${++n}@example.test>\r\nContent-Type: text/plain\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`,
    ),
    'test',
    { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock },
  )

describe('finding one game without listing them all', () => {
  it('hasGame answers for the game created and not for one never created', () => {
    expect(app.judge.hasGame('fx1')).toBe(true)
    expect(app.judge.hasGame('fx2')).toBe(false)
    expect(app.judge.hasGame('')).toBe(false)
    expect(listings).toBe(0)
  })

  it('mail naming an unknown game is answered "no game" without a listing of the games', async () => {
    expect(await deliver('who@example.test', 'GAME nosuch SOLO\nKEY 1234\nDRAW 1')).toBe('unidentified')
    expect(outboxRows(app).at(-1)!.mail.subject).toMatch(/No game "nosuch"/)
    expect(listings).toBe(0)
  })

  it("the moderator's mail to a known game is carried out without a listing of the games", async () => {
    expect(await deliver('mod@example.test', `GAME fx1 MODERATOR\nKEY ${moderatorKey}\nPAUSE for the holidays`)).toBe(
      'command',
    )
    expect(app.store.read('game:fx1').some((e) => e.type === 'GamePaused')).toBe(true)
    expect(listings).toBe(0)
  })

  it('the story of a receipt of an unknown game is none, without a listing of the games', () => {
    expect(receiptStory(app.judge, 'nosuch/1')).toBeNull()
    expect(listings).toBe(0)
  })
})
