// HELP MAP by mail: Sea Devils' key of sea areas comes with the opening report and on request, not in
// every later report.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createWeakBeginning, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { mailCommand } from '../helpers/mailCommand.ts'

let app: TestApp
beforeEach(() => {
  app = testApp()
  createWeakBeginning(app)
})
afterEach(() => app.cleanup())

const command = (role: string, body: string) => mailCommand(app, 'wb1', role, body)

function playTurnOne() {
  app.judge.submitOrders('wb1', 'federal', 'MOVE K-STAT C14 C11')
  app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID\nSUM: MOVE C21')
  app.judge.adjudicate('wb1')
}

describe('Sea Devils by mail: the map key', () => {
  it("HELP MAP sends the map's key, which only the opening report carries", () => {
    const r = command('federal', 'HELP MAP')
    expect(r.subject).toBe("[wb1] The map's key")
    expect(r.text).toMatch(/^C1 [A-Z]/m)
    expect(r.text).toMatch(/C11 [A-Z][^;]*; C12 /)
    const opening = outboxRows(app).find((m) => m.kind === 'report' && m.recipient === 'fed@example.test')!
    const key = r.text.split('\n').find((l) => l.startsWith('C1 '))!
    expect(opening.mail.text).toContain(key)
    playTurnOne()
    const later = outboxRows(app).filter((m) => m.kind === 'report' && m.recipient === 'fed@example.test')
    expect(later.length).toBe(2)
    expect(later[1]!.mail.text).not.toContain(key)
    expect(later[1]!.mail.text).toContain("The map's key (every area by code and name): write HELP MAP.")
    // HELP alone lists it.
    expect(command('federal', 'HELP').text).toContain('HELP MAP')
  })
})
