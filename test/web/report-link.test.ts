// The link in a report: each reader's own page token, only when the pages have a public address
// and he has a working token; without the setting the reports are as they always were.
import { afterEach, describe, expect, it } from 'vitest'
import {
  DUEL_NORTH,
  DUEL_SOUTH,
  createFixtureGame,
  outboxRows,
  releaseFixture,
  type TestApp,
  testApp,
} from '../helpers/app.ts'

let app: TestApp
afterEach(() => {
  app?.cleanup()
  releaseFixture()
})

/** A duel resolved once; the reports of that resolution by recipient. */
function resolvedDuel(
  webBase: string | null,
  issue: string[],
  revoke: string[] = [],
): { reports: Map<string, { text: string; html?: string }>; tokens: Record<string, string> } {
  app = testApp('report-link')
  createFixtureGame(app, 'fx0')
  app.judge.o.webBase = webBase
  app.judge.createGame({ game: 'duel', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] })
  const tokens = Object.fromEntries(issue.map((r) => [r, app.judge.issueViewToken('duel', r, { by: 'test' }).token]))
  for (const r of revoke) app.judge.revokeViewToken('duel', r, { reason: 'test', by: 'test' })
  const before = outboxRows(app).length
  app.now.t += 3_600_000
  expect(app.judge.adjudicate('duel', { force: true }).committed).toBe(true)
  const reports = new Map(
    outboxRows(app)
      .slice(before)
      .filter((r) => r.mail.subject.includes('Results'))
      .map((r) => [r.recipient, r.mail]),
  )
  return { reports, tokens }
}

describe("a report's page link", () => {
  it('with the pages on, a new game gives each person seated and the moderator a token, and the opening report links it', () => {
    app = testApp('report-link-opening')
    createFixtureGame(app, 'fx0')
    app.judge.o.webBase = 'https://pages.example.test'
    const before = outboxRows(app).length
    app.judge.createGame({ game: 'duel', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] })
    const fold = app.judge.load('duel')
    expect([...fold.viewTokens.keys()].sort()).toEqual(['moderator', 'north', 'south'])
    const token = app.judge.issueViewToken('duel', 'north', { by: 'test' })
    expect(token).toMatchObject({ generation: 1, issued: false })
    const opening = outboxRows(app)
      .slice(before)
      .find((r) => r.recipient === DUEL_NORTH.address)!
    expect(opening.mail.text).toContain(`https://pages.example.test/g/duel/${token.token}/`)
    // A new player of a seat gets a token of his own; the old one stops.
    app.judge.replacePlayer('duel', 'north', 'new-north@example.test', { by: 'test' })
    expect(app.judge.load('duel').viewTokens.get('north')).toMatchObject({ generation: 2, live: true })
    expect(app.judge.viewerOfToken('duel', token.token)).toBeNull()
    // Without the pages, a new game has no tokens.
    app.judge.o.webBase = null
    app.judge.createGame({ game: 'duel2', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] })
    expect(app.judge.load('duel2').viewTokens.size).toBe(0)
  })

  it('none without a public address for the pages, whatever tokens were issued', () => {
    const { reports } = resolvedDuel(null, ['north', 'south', 'moderator'])
    expect(reports.size).toBe(3)
    for (const mail of reports.values()) {
      expect(mail.text).not.toContain('Your pages')
      expect(mail.html).not.toContain('Your pages')
    }
  })

  it("with one, each reader's report links his own pages by his own token; a reader without a token gets no link", () => {
    const { reports, tokens } = resolvedDuel('https://pages.example.test', ['north', 'moderator'], ['south'])
    const north = reports.get(DUEL_NORTH.address)!
    const link = `https://pages.example.test/g/duel/${tokens.north}/`
    expect(north.text).toContain(`Your pages of this game, every resolution so far: ${link}`)
    expect(north.html).toContain(`<a href="${link}">`)
    expect(reports.get('mod@example.test')!.text).toContain(`/g/duel/${tokens.moderator}/`)
    const south = reports.get(DUEL_SOUTH.address)!
    expect(south.text).not.toContain('Your pages')
    for (const token of Object.values(tokens)) expect(south.text + south.html).not.toContain(token)
    expect(north.text).not.toContain(tokens.moderator)
  })
})
