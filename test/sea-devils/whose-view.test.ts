// Replies that never mislead: the moderator's status names whose ships and whose
// standing orders it lists (4.42 standing orders; the status of 13.2's Weak Beginning), and a
// player's status calls his own ships his.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createWeakBeginning, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
beforeEach(() => {
  app = testApp()
  createWeakBeginning(app)
  app.judge.submitOrders('wb1', 'confederate', 'POLICY SUM ON SPOTTED: ESCAPE\nSUM: STAY\n')
  app.judge.submitOrders('wb1', 'federal', 'POLICY ALL ON ESCAPE-ATTEMPT: CONTEST\n')
  app.judge.adjudicate('wb1', { force: true })
})
afterEach(() => app.cleanup())

const status = (viewer: { kind: 'moderator' } | { kind: 'role'; role: string }) => {
  const fold = app.judge.load('wb1')
  return app.judge.templates.render('sea-devils', 'status.txt', app.judge.reportModel(fold, viewer, null))
}

describe('whose ships and standing orders a status lists (4.42)', () => {
  it("the moderator's status names each side's ships and each standing order's side", () => {
    const text = status({ kind: 'moderator' })
    expect(text).toContain('Federal ships on the map:')
    expect(text).toContain('\nConfederate ships:\n')
    expect(text).not.toContain('Your')
    expect(text).toContain('Standing orders on file, both sides:')
    expect(text).toContain('  Federal: POLICY ALL ON ESCAPE-ATTEMPT: CONTEST')
    expect(text).toContain('  Confederate: POLICY SUM ON SPOTTED: ESCAPE')
  })

  it("a player's status calls his ships and standing orders his own", () => {
    const reb = status({ kind: 'role', role: 'confederate' })
    expect(reb).toContain('Your (Confederate) ships:')
    expect(reb).toContain('Your standing orders on file:')
    expect(reb).not.toContain('Federal: POLICY')
    const fed = status({ kind: 'role', role: 'federal' })
    expect(fed).toContain('Your (Federal) ships on the map:')
    expect(fed).toContain('Confederate ships as last reported:')
  })
})
