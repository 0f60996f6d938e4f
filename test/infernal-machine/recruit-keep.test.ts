// R22 (p.60, digest 5.6): which drawn Persona cards a Recruit keeps, asked after the draw at the
// halt point `recruit` and answered by DECIDE with a free answer (ALL, NONE or the cards named),
// through the judge's mail intake.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyDice } from '../../src/engine/audit.ts'
import type { ImState } from '../../src/games/infernal-machine/index.ts'
import { readRecruitKeep } from '../../src/games/infernal-machine/recruitKeep.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { checkOrders } from '../../src/mail/orderCheck.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'

const GAME = 'im-demo'
const CAPTAIN = 'hunley@example.test'
let app: TestApp
let key: string
let n = 0
beforeEach(() => {
  app = testApp('im-demo-1')
  app.judge.createGame({
    game: GAME,
    ruleset: 'infernal-machine',
    scenario: 'campaign-csa',
    players: [{ role: 'captain', address: CAPTAIN, name: 'Horace Hunley' }],
    zone: 'UTC',
  })
  key = app.judge.keyFor(GAME, 'captain')
})
afterEach(() => app.cleanup())

function deliver(body: string) {
  const raw = Buffer.from(
    `From: ${CAPTAIN}\r\nTo: judge@judge.example.test\r\nSubject: orders\r\nMessage-ID: <rk${++n}@example.test>\r\nContent-Type: text/plain\r\n\r\n${`GAME ${GAME} CAPTAIN\nKEY ${key}\n${body}`.replace(/\n/g, '\r\n')}\r\n`,
  )
  return handleInbound(raw, 'test', {
    judge: app.judge,
    db: app.db,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
}
const last = () =>
  outboxRows(app)
    .filter((r) => r.recipient === CAPTAIN)
    .at(-1)!.mail.text

describe('Infernal Machine: the Recruit keep asked after the draw (R22, p.60)', () => {
  it('digest 5.6 R22 reads ALL, NONE or the drawn cards, refusing a card not drawn', () => {
    expect(readRecruitKeep(' all ', ['moser', 'baird'])).toEqual({ answer: 'ALL' })
    expect(readRecruitKeep('none', ['moser'])).toEqual({ answer: 'NONE' })
    expect(readRecruitKeep('Baird, moser', ['moser', 'baird'])).toEqual({ answer: 'moser,baird' })
    expect(readRecruitKeep('doyle', ['moser', 'baird'])).toEqual({
      error: 'doyle was not drawn; answer ALL | NONE | <persona>[,<persona>] (drawn: moser, baird)',
    })
  })

  it('p.60 HALT recruit: the question names the cards drawn; a DECIDE mail with a free answer picks them', async () => {
    expect(await deliver('HALT recruit\nRECRUIT JOURNEYMAN KEEP ALL')).toBe('orders-accepted')
    const stopped = app.judge.adjudicate(GAME)
    expect(stopped.committed).toBe(false)
    expect(stopped.waiting?.decisionId).toBe('SPRING-1861-RECRUIT-JOURNEYMAN')
    const q = last()
    expect(q).toContain('Recruit drew robinson, baird: which do you keep (ALL | NONE | <persona>[,<persona>])?')
    expect(q).toContain('Answer in the form: ALL | NONE | <persona>[,<persona>]')
    expect(q).toContain('Default, applied if no answer arrives in time: ALL')
    // Nothing is committed while the question is open: the shop is not even set up yet.
    expect((app.judge.load(GAME).state as ImState).campaign).toBeUndefined()

    // `pbem check` gives the acknowledgement's verdict on a DECIDE line, refused or recorded, and files nothing.
    const dry = (text: string) => checkOrders(app.judge, GAME, 'captain', text).answers!
    const wrong = dry('DECIDE SPRING-1861-RECRUIT-JOURNEYMAN nobody')
    expect([wrong.refused, wrong.recorded]).toEqual([true, []])
    expect(wrong.lines.join('\n')).toContain('nobody was not drawn')
    await deliver('DECIDE SPRING-1861-RECRUIT-JOURNEYMAN nobody')
    expect(last()).toContain('nobody was not drawn')
    for (const l of wrong.lines) expect(last()).toContain(l)
    const right = dry('DECIDE SPRING-1861-RECRUIT-JOURNEYMAN Baird')
    expect([right.refused, right.recorded]).toEqual([
      false,
      [{ decisionId: 'SPRING-1861-RECRUIT-JOURNEYMAN', applied: 'baird' }],
    ])
    expect(app.judge.load(GAME).answers.size).toBe(0)
    expect(await deliver('DECIDE SPRING-1861-RECRUIT-JOURNEYMAN Baird')).toBe('command')
    for (const l of right.lines) expect(last()).toContain(l)
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    const c = (app.judge.load(GAME).state as ImState).campaign!
    expect(c.personae.map((p) => p.id)).toEqual(['brown', 'baird'])
    const report = outboxRows(app)
      .filter((r) => r.recipient === CAPTAIN && r.kind === 'report')
      .at(-1)!.mail.text
    expect(report).toContain('Recruit drew robinson, baird: which do you keep')
    expect(report).toContain('Answered baird (SPRING-1861-RECRUIT-JOURNEYMAN).')
    expect(report).toContain('Recruit from the journeyman deck: drew robinson, baird; hired baird')
    // The cards still face down in the deck are in no mail to the captain.
    for (const m of outboxRows(app).filter((r) => r.recipient === CAPTAIN))
      for (const hidden of c.decks.journeyman.drawPile) expect(m.mail.text).not.toMatch(new RegExp(`\\b${hidden}\\b`))
    expect(verifyDice(app.judge, GAME).ok).toBe(true)
  })

  it('p.60 without the halt point the RECRUIT line decides, as before: KEEP ALL hires every card drawn', async () => {
    expect(await deliver('RECRUIT JOURNEYMAN KEEP ALL')).toBe('orders-accepted')
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    const c = (app.judge.load(GAME).state as ImState).campaign!
    expect(c.personae.map((p) => p.id)).toEqual(['brown', 'robinson', 'baird'])
  })
})
