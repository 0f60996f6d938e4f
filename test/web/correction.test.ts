// The pages keep what they made between requests, but a moderator's correction shows at once:
// after a re-adjudication every reader's page of the resolutions it replaced is the corrected one,
// as his HISTORY is.
import { afterEach, describe, expect, it } from 'vitest'
import { pointOfTurn, readjudicate } from '../../src/engine/readjudicate.ts'
import { history } from '../../src/reports/archive.ts'
import { answer } from '../../src/web/server.ts'
import { createFixtureDuel, releaseFixture, type TestApp, testApp } from '../helpers/app.ts'

let app: TestApp
afterEach(() => {
  app?.cleanup()
  releaseFixture()
})

const correctedPack = () => ({ worth: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 2 * (i + 1)])) })
const report = (html: string) => /<section id="report">([\s\S]*?)<\/section>/.exec(html)![1]!

describe('the pages after a correction', () => {
  it("each reader's page of a re-adjudicated resolution is the corrected report at once", () => {
    app = testApp('web-correction')
    createFixtureDuel(app, 'duel')
    for (const [north, south] of [
      ['DRAW 2', 'DRAW 1'],
      ['DRAW 3', 'DRAW 2'],
    ]) {
      app.judge.submitOrders('duel', 'north', north!)
      app.judge.submitOrders('duel', 'south', south!)
      app.judge.adjudicate('duel')
    }
    const token = app.judge.issueViewToken('duel', 'north', { by: 'test' }).token
    const point = pointOfTurn(app.judge.load('duel'), 2)
    const path = `/g/duel/${token}/r/${point}`
    const before = answer(app.judge, path)
    expect(before.status).toBe(200)
    expect(answer(app.judge, path).body).toBe(before.body)
    readjudicate(app.judge, { game: 'duel', fromPoint: point, reason: 'misprinted worth', pack: correctedPack() }, true)
    const after = answer(app.judge, path)
    expect(after.body).not.toBe(before.body)
    const [corrected] = history(app.judge, 'duel', { kind: 'role', role: 'north' }, { point })
    expect(report(after.body)).toBe(corrected!.html.replace(/^[\s\S]*?<body[^>]*>/, '').replace(/<\/body>[\s\S]*$/, ''))
  })
})
