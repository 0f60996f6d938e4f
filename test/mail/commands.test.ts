import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mailCommandWord, runMailCommand } from '../../src/mail/commands.ts'
import type { InboundMail } from '../../src/mail/inbound.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createWeakBeginning, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
beforeEach(() => {
  app = testApp()
  createWeakBeginning(app)
})
afterEach(() => app.cleanup())

let n = 0
function command(role: string, body: string, from = role === 'federal' ? 'fed@example.test' : 'reb@example.test') {
  const mail: InboundMail = {
    messageId: `c${++n}@example.test`,
    rawHash: String(n).padStart(64, '0'),
    from: { address: from, name: '' },
    to: [],
    subject: 'cmd',
    date: null,
    inReplyTo: null,
    references: [],
    text: body,
    textAttachments: [],
    automated: null,
    size: body.length,
  }
  const word = mailCommandWord(body)
  expect(word).not.toBeNull()
  runMailCommand({
    judge: app.judge,
    db: app.db,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
    mail,
    game: 'wb1',
    role,
    body,
    word: word!,
  })
  return outboxRows(app)
    .filter((r) => r.kind === 'command')
    .at(-1)!.mail
}

function playTurnOne() {
  app.judge.submitOrders('wb1', 'federal', 'MOVE K-STAT C14 C11')
  app.judge.submitOrders('wb1', 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID\nSUM: MOVE C21')
  app.judge.adjudicate('wb1')
}

describe('mail commands', () => {
  it('tells orders from commands by the first line', () => {
    expect(mailCommandWord('GAME wb1 FEDERAL\nKEY x\nstatus')).toBe('STATUS')
    expect(mailCommandWord('GAME wb1 FEDERAL\nMOVE POWH C13')).toBeNull()
  })

  it('STATUS shows the situation as the reader may see it, what is awaited and the deadline', () => {
    const r = command('federal', 'STATUS')
    expect(r.text).toContain('SITUATION: GT1 (3/61) of GT4')
    expect(r.text).toContain('Awaiting: GT1 Federal movement; GT1 Confederate activity record')
    expect(r.text).toContain('Deadline: 2026-03-05 12:00 UTC')
    expect(r.inReplyTo).toMatch(/^c\d+@example.test$/)
  })

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

  it('ORDERS lists what is on file', () => {
    expect(command('federal', 'ORDERS').text).toMatch(/No orders of yours are on file/)
    app.judge.submitOrders('wb1', 'federal', 'MOVE POWH C13')
    expect(command('federal', 'ORDERS').text).toContain('MOVE POWH C13 (1/8 MP)')
  })

  it('HISTORY and REPORT n give each reader only what that reader was shown', () => {
    playTurnOne()
    const fedHistory = command('federal', 'HISTORY').text
    const rebHistory = command('confederate', 'HISTORY').text
    expect(fedHistory).toContain('Resolution 1: GT1 Federal movement and Confederate activity')
    expect(rebHistory).toContain('SUM moves to C11')
    expect(fedHistory).not.toContain('SUM moves to C11')
    const again = command('federal', 'REPORT 1')
    const original = outboxRows(app).find(
      (r) => r.kind === 'report' && r.recipient === 'fed@example.test' && /Results/.test(r.mail.subject),
    )!
    expect(again.text).toContain(original.mail.text.split('\n').slice(0, 3).join('\n'))
    expect(again.text).not.toContain('SUM moves to C11')
    expect(JSON.stringify(again)).toContain('"contentType":"image/png"')
    expect(command('federal', 'REPORT 9').subject).toMatch(/No such report/)
  })

  it('VERIFY recomputes the rolls the reader may see', () => {
    playTurnOne()
    const r = command('confederate', 'VERIFY 1').text
    expect(r).toMatch(
      /Resolution 1 \(GT1 Federal movement and Confederate activity\): secret [0-9a-f]{64}, commitment [0-9a-f]{64}, salt "": \d+ roll\(s\) you may see reproduce/,
    )
  })

  it('PRESS relays a message to another role, logs it with its audience, and refuses an unknown role', () => {
    const r = command('confederate', 'PRESS FEDERAL\nSir, the Sumter sends her compliments.')
    expect(r.subject).toMatch(/Press delivered to federal/)
    const relayed = outboxRows(app).find((x) => x.kind === 'press')!
    expect(relayed.recipient).toBe('fed@example.test')
    expect(relayed.mail.text).toContain('Sir, the Sumter sends her compliments.')
    const logged = app.store.read('game:wb1').find((e) => e.type === 'PressSent')!
    expect(logged.audience).toEqual({ kind: 'roles', roles: ['confederate', 'federal'] })
    expect(command('confederate', 'PRESS BRITAIN\nhello').subject).toMatch(/Press not sent/)
  })

  it('a rekey revokes the old key and mails the new one', () => {
    const old = app.judge.keyFor('wb1', 'federal')
    const fresh = app.judge.rekey('wb1', 'federal', 'lost laptop')
    expect(fresh).not.toBe(old)
    const fold = app.judge.load('wb1')
    expect(app.judge.checkKey(fold, 'federal', old)).toBe(false)
    expect(app.judge.checkKey(fold, 'federal', fresh)).toBe(true)
    const mail = outboxRows(app).at(-1)!
    expect(mail.recipient).toBe('fed@example.test')
    expect(mail.mail.text).toContain(`New key: ${fresh}`)
  })
})

describe('mail commands that change the game, through the intake', () => {
  it('routes DECIDE, SET ZONE, SET ABSENCE and moderator mail to the engine', async () => {
    const { handleInbound } = await import('../../src/mail/intake.ts')
    const keys = { federal: app.judge.keyFor('wb1', 'federal'), moderator: app.judge.keyFor('wb1', 'moderator') }
    const deliver = (from: string, body: string) => {
      const raw = Buffer.from(
        `From: ${from}\r\nTo: orders@judge.example.test\r\nSubject: x\r\nMessage-ID: <r${++n}@example.test>\r\nContent-Type: text/plain\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`,
      )
      return handleInbound(raw, 'test', {
        judge: app.judge,
        db: app.db,
        outbox: sqliteOutbox(app.db, app.clock),
        clock: app.clock,
      })
    }
    expect(await deliver('fed@example.test', `GAME wb1 FEDERAL\nKEY ${keys.federal}\nSET ZONE Europe/Paris`)).toBe(
      'command',
    )
    expect(app.store.read('game:wb1').some((e) => e.type === 'PlayerZoneSet' && e.data.zone === 'Europe/Paris')).toBe(
      true,
    )
    expect(
      await deliver('fed@example.test', `GAME wb1 FEDERAL\nKEY ${keys.federal}\nSET ABSENCE 2026-03-03 2026-03-06`),
    ).toBe('command')
    expect(app.store.read('game:wb1').some((e) => e.type === 'AbsenceSet')).toBe(true)
    expect(await deliver('fed@example.test', `GAME wb1 FEDERAL\nKEY ${keys.federal}\nDECIDE GT1-D9 FIGHT`)).toBe(
      'command',
    )
    expect(outboxRows(app).at(-1)!.mail.subject).toMatch(/Decision not recorded: GT1-D9/)
    expect(await deliver('mod@example.test', `GAME wb1 MODERATOR\nKEY ${keys.moderator}\nPAUSE for the holidays`)).toBe(
      'command',
    )
    expect(app.store.read('game:wb1').some((e) => e.type === 'GamePaused')).toBe(true)
    expect(await deliver('spy@example.test', `GAME wb1 MODERATOR\nKEY 0000\nRESUME`)).toBe('command')
    expect(app.store.read('game:wb1').some((e) => e.type === 'GameResumed')).toBe(false)
  })
})
