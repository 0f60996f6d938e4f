// Mail commands on the fixture duel: each seat sees its own draws and nothing of the other's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mailCommandWord } from '../../src/mail/commands.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'
import { mailCommand } from '../helpers/mailCommand.ts'

let app: TestApp
beforeEach(() => {
  app = testApp()
  createFixtureDuel(app)
})
afterEach(() => app.cleanup())

let n = 0
const command = (role: string, body: string) => mailCommand(app, 'fd1', role, body)

function playTurnOne() {
  app.judge.submitOrders('fd1', 'north', 'DRAW 1')
  app.judge.submitOrders('fd1', 'south', 'DRAW 2')
  app.judge.adjudicate('fd1')
}

/** A seat's own entry of resolution 1: its cut and cards, which only it may see. */
function ownDraw(role: string): string {
  const result = app.store.read('game:fd1').find((e) => e.type === 'TurnAdjudicated')!.data
  return result.narrative.find(
    (e: { audience: { kind: string; roles?: string[] }; text: string }) =>
      e.audience.kind === 'roles' && e.audience.roles!.includes(role) && /You cut at/.test(e.text),
  )!.text
}

describe('mail commands', () => {
  it('tells orders from commands by the first line', () => {
    expect(mailCommandWord('GAME fd1 NORTH\nKEY x\nstatus')).toBe('STATUS')
    expect(mailCommandWord('GAME fd1 NORTH\nDRAW 2')).toBeNull()
  })

  it('STATUS shows the situation as the reader may see it, what is awaited and the deadline', () => {
    const r = command('north', 'STATUS')
    // North's own view of the duel: his hand, and only how many cards each seat holds.
    expect(r.text).toContain('hand: none')
    expect(r.text).toContain('cardsInHand.south: 0')
    expect(r.text).toContain('Awaiting: round 1 draws')
    expect(r.text).toContain('Deadline: 2026-03-05 12:00 UTC')
    expect(r.inReplyTo).toMatch(/^c\d+@example.test$/)
  })

  it('ORDERS lists what is on file', () => {
    expect(command('north', 'ORDERS').text).toMatch(/No orders of yours are on file/)
    app.judge.submitOrders('fd1', 'north', 'DRAW 2\nHIGH ASK')
    expect(command('north', 'ORDERS').text).toContain('HIGH ASK (you are asked about each card over 8 you draw)')
  })

  it('HISTORY and REPORT n give each reader only what that reader was shown', () => {
    playTurnOne()
    const northHistory = command('north', 'HISTORY').text
    const southHistory = command('south', 'HISTORY').text
    expect(northHistory).toContain('Resolution 1: round 1')
    expect(northHistory).toContain(ownDraw('north'))
    expect(southHistory).toContain(ownDraw('south'))
    expect(northHistory).not.toContain(ownDraw('south'))
    const again = command('north', 'REPORT 1')
    const original = outboxRows(app).find(
      (r) => r.kind === 'report' && r.recipient === 'north@example.test' && /Results/.test(r.mail.subject),
    )!
    expect(again.text).toContain(original.mail.text.split('\n').slice(0, 3).join('\n'))
    expect(again.text).not.toContain(ownDraw('south'))
    expect(JSON.stringify(again)).toContain('"contentType":"image/png"')
    expect(command('north', 'REPORT 9').subject).toMatch(/No such report/)
  })

  it('VERIFY recomputes the rolls the reader may see', () => {
    playTurnOne()
    const r = command('south', 'VERIFY 1').text
    expect(r).toMatch(
      /Resolution 1 \(round 1\): secret [0-9a-f]{64}, commitment [0-9a-f]{64}, salt "": \d+ roll\(s\) you may see reproduce/,
    )
  })

  it('PRESS relays a message to another role, logs it with its audience, and refuses an unknown role', () => {
    const r = command('south', 'PRESS NORTH\nSir, South sends his compliments.')
    expect(r.subject).toMatch(/Press delivered to north/)
    const relayed = outboxRows(app).find((x) => x.kind === 'press')!
    expect(relayed.recipient).toBe('north@example.test')
    expect(relayed.mail.text).toContain('Sir, South sends his compliments.')
    const logged = app.store.read('game:fd1').find((e) => e.type === 'PressSent')!
    expect(logged.audience).toEqual({ kind: 'roles', roles: ['south', 'north'] })
    expect(command('south', 'PRESS BRITAIN\nhello').subject).toMatch(/Press not sent/)
  })

  it('a rekey revokes the old key and mails the new one', () => {
    const old = app.judge.keyFor('fd1', 'north')
    const fresh = app.judge.rekey('fd1', 'north', 'lost laptop')
    expect(fresh).not.toBe(old)
    const fold = app.judge.load('fd1')
    expect(app.judge.checkKey(fold, 'north', old)).toBe(false)
    expect(app.judge.checkKey(fold, 'north', fresh)).toBe(true)
    const mail = outboxRows(app).at(-1)!
    expect(mail.recipient).toBe('north@example.test')
    expect(mail.mail.text).toContain(`New key: ${fresh}`)
  })
})

describe('mail commands that change the game, through the intake', () => {
  it('routes DECIDE, SET ZONE, SET ABSENCE and moderator mail to the engine', async () => {
    const { handleInbound } = await import('../../src/mail/intake.ts')
    const keys = { north: app.judge.keyFor('fd1', 'north'), moderator: app.judge.keyFor('fd1', 'moderator') }
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
    expect(await deliver('north@example.test', `GAME fd1 NORTH\nKEY ${keys.north}\nSET ZONE Europe/Paris`)).toBe(
      'command',
    )
    expect(app.store.read('game:fd1').some((e) => e.type === 'PlayerZoneSet' && e.data.zone === 'Europe/Paris')).toBe(
      true,
    )
    expect(
      await deliver('north@example.test', `GAME fd1 NORTH\nKEY ${keys.north}\nSET ABSENCE 2026-03-03 2026-03-06`),
    ).toBe('command')
    expect(app.store.read('game:fd1').some((e) => e.type === 'AbsenceSet')).toBe(true)
    expect(await deliver('north@example.test', `GAME fd1 NORTH\nKEY ${keys.north}\nDECIDE R1-NORTH-C9 KEEP`)).toBe(
      'command',
    )
    expect(outboxRows(app).at(-1)!.mail.subject).toMatch(/Decision not recorded: R1-NORTH-C9/)
    expect(await deliver('mod@example.test', `GAME fd1 MODERATOR\nKEY ${keys.moderator}\nPAUSE for the holidays`)).toBe(
      'command',
    )
    expect(app.store.read('game:fd1').some((e) => e.type === 'GamePaused')).toBe(true)
    expect(await deliver('spy@example.test', `GAME fd1 MODERATOR\nKEY 0000\nRESUME`)).toBe('command')
    expect(app.store.read('game:fd1').some((e) => e.type === 'GameResumed')).toBe(false)
  })
})
