// Page tokens and pages on both engines: SQLite in the judge tier, PostgreSQL in the pg tier.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answer } from '../../src/web/server.ts'
import { createFixtureDuel, releaseFixture, type TestApp, testApp } from '../helpers/app.ts'
import { textLeaks } from '../helpers/readerExport.ts'
import { bothEngines } from '../pg/engines.ts'

const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('web-engines', { database: engine.app() })
    createFixtureDuel(app, 'duel')
  })
  afterEach(() => {
    app.cleanup()
    releaseFixture()
  })

  it("a token opens its reader's pages and no one else's; revoked, it opens nothing; the observers' only while on", () => {
    app.judge.submitOrders('duel', 'north', 'DRAW 2')
    app.judge.submitOrders('duel', 'south', 'DRAW 1')
    app.judge.adjudicate('duel')
    const north = app.judge.issueViewToken('duel', 'north', { by: 'test' }).token
    const observers = app.judge.issueViewToken('duel', 'observers', { by: 'test' }).token
    const pages = ['', 'index.json', 'chain', 'chain.json', 'r/1', 'r/1.json'].map((p) =>
      answer(app.judge, `/g/duel/${north}/${p}`),
    )
    expect(pages.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(
      textLeaks(
        app,
        'duel',
        { kind: 'role', role: 'north' },
        pages.map((a) => a.body),
        'pages',
      ),
    ).toEqual([])
    expect(answer(app.judge, `/g/duel/${observers}/`).status).toBe(404)
    app.judge.setObservers('duel', true, 'test')
    const seen = ['', 'r/1', 'r/1.json', 'chain.json'].map((p) => answer(app.judge, `/g/duel/${observers}/${p}`))
    expect(seen.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(
      textLeaks(
        app,
        'duel',
        { kind: 'observer' },
        seen.map((a) => a.body),
        'pages',
      ),
    ).toEqual([])
    app.judge.revokeViewToken('duel', 'north', { reason: 'test', by: 'test' })
    expect(answer(app.judge, `/g/duel/${north}/r/1`).status).toBe(404)
  })
})
