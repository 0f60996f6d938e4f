// Page tokens and pages on both engines: SQLite in the judge tier, PostgreSQL in the pg tier. The
// judge is driven and its pages read as `pbem serve` does, on its async handle.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pagesAhead } from '../../src/engine/readingJudge.ts'
import { answerAhead } from '../../src/web/server.ts'
import { releaseFixture, type TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { textLeaksAsync } from '../helpers/readerExport.ts'
import { bothEngines } from '../pg/engines.ts'

const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(async () => {
    app = await testAppAsync('web-engines', { database: engine.app() })
    await createFixtureDuelAsync(app, 'duel')
  })
  afterEach(() => {
    app.cleanup()
    releaseFixture()
  })

  const page = (path: string) => answerAhead(app.judge, pagesAhead(app.judge, app.jobsDb), path)
  const calls = <T>(fn: (j: TestApp['judge']) => T) => callsAsync(app, 'duel', fn)

  it("a token opens its reader's pages and no one else's; revoked, it opens nothing; the observers' only while on", async () => {
    await calls((j) => j.submitOrders('duel', 'north', 'DRAW 2'))
    await calls((j) => j.submitOrders('duel', 'south', 'DRAW 1'))
    await calls((j) => j.adjudicate('duel'))
    const north = (await calls((j) => j.issueViewToken('duel', 'north', { by: 'test' }))).token
    const observers = (await calls((j) => j.issueViewToken('duel', 'observers', { by: 'test' }))).token
    const pages = []
    for (const p of ['', 'index.json', 'chain', 'chain.json', 'r/1', 'r/1.json'])
      pages.push(await page(`/g/duel/${north}/${p}`))
    expect(pages.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(
      await textLeaksAsync(
        app,
        'duel',
        { kind: 'role', role: 'north' },
        pages.map((a) => a.body),
        'pages',
      ),
    ).toEqual([])
    expect((await page(`/g/duel/${observers}/`)).status).toBe(404)
    await calls((j) => j.setObservers('duel', true, 'test'))
    const seen = []
    for (const p of ['', 'r/1', 'r/1.json', 'chain.json']) seen.push(await page(`/g/duel/${observers}/${p}`))
    expect(seen.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(
      await textLeaksAsync(
        app,
        'duel',
        { kind: 'observer' },
        seen.map((a) => a.body),
        'pages',
      ),
    ).toEqual([])
    await calls((j) => j.revokeViewToken('duel', 'north', { reason: 'test', by: 'test' }))
    expect((await page(`/g/duel/${north}/r/1`)).status).toBe(404)
  })
})
