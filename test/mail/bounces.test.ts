import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deliveryFailures, parseBounce, parseBounces, parseDeliveryStatus } from '../../src/mail/bounces.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureDuel, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'))

const QMAIL = crlf(`Return-Path: <>
From: MAILER-DAEMON@mx.mobile.test
To: orders@judge.example.test
Subject: failure notice
Message-ID: <qmail-bounce-1@mx.mobile.test>
Date: Mon, 2 Mar 2026 12:10:00 +0000

Hi. This is the qmail-send program at mx.mobile.test.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<south.old@mobile.test>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

Return-Path: <orders@judge.example.test>
Message-ID: <ack.fd1.1.1@judge.example.test>
From: PBEM judge <orders@judge.example.test>
To: south.old@mobile.test
Subject: [fd1] Orders accepted

Your orders for game fd1 are ACCEPTED.
`)

const EXIM = crlf(`Return-path: <>
From: Mail Delivery System <Mailer-Daemon@mx.example.org>
To: orders@judge.example.test
Subject: Mail delivery failed: returning message to sender
Message-Id: <E1exim-0001@mx.example.org>
Auto-Submitted: auto-replied
Date: Mon, 2 Mar 2026 12:11:00 +0000

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  north@example.test
    host mx.example.test [192.0.2.25]
    SMTP error from remote mail server after RCPT TO:<north@example.test>:
    550 5.2.2 Mailbox full

------ This is a copy of the message, including all the headers. ------

Message-ID: <report.fd1.r0.north@judge.example.test>
From: PBEM judge <orders@judge.example.test>
Subject: [fd1] Game opens (north)
`)

describe('bounces: parsing', () => {
  it('a Postfix DSN (multipart/report; report-type=delivery-status)', async () => {
    const raw = readFileSync(new URL('./corpus/10-bounce-dsn.eml', import.meta.url))
    expect(await parseBounce(raw)).toEqual({
      recipient: 'nobody@nowhere.example',
      status: '5.1.1',
      action: 'failed',
      diagnostic: 'smtp; 550 5.1.1 <nobody@nowhere.example>: Recipient address rejected: User unknown',
      originalMessageId: 'report.sd-demo.3.observer@judge.example',
    })
    expect((await parseBounces(raw))[0]).toMatchObject({ format: 'dsn', reportingMta: 'mx.judge.example' })
  })

  it('a qmail bounce in plain text', async () => {
    expect(await parseBounce(QMAIL)).toEqual({
      recipient: 'south.old@mobile.test',
      status: '5.1.1',
      action: 'failed',
      diagnostic: 'Sorry, no mailbox here by that name. (#5.1.1)',
      originalMessageId: 'ack.fd1.1.1@judge.example.test',
    })
  })

  it('an Exim bounce in plain text', async () => {
    expect(await parseBounce(EXIM)).toEqual({
      recipient: 'north@example.test',
      status: '5.2.2',
      action: 'failed',
      diagnostic: '550 5.2.2 Mailbox full',
      originalMessageId: 'report.fd1.r0.north@judge.example.test',
    })
  })

  it('delivery-status fields: several recipients, delayed ones included, delivered ones not', () => {
    const text =
      'Reporting-MTA: dns; mx.example\n\nFinal-Recipient: rfc822; a@x.example\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 no\n such user\n\nFinal-Recipient: rfc822;b@x.example\nAction: delayed\nStatus: 4.4.1\n\nFinal-Recipient: rfc822; c@x.example\nAction: delivered\nStatus: 2.0.0\n'
    const r = parseDeliveryStatus(text)
    expect(r.reportingMta).toBe('mx.example')
    expect(r.recipients).toEqual([
      { recipient: 'a@x.example', action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 no such user' },
      { recipient: 'b@x.example', action: 'delayed', status: '4.4.1', diagnostic: '' },
      { recipient: 'c@x.example', action: 'delivered', status: '2.0.0', diagnostic: '' },
    ])
  })

  it('a vacation reply is no bounce', async () => {
    const raw = crlf(
      'From: north@example.test\nTo: orders@judge.example.test\nSubject: Out of office\nAuto-Submitted: auto-replied\n\nI am away until Monday; mail to north@example.test is read then.\n',
    )
    expect(await parseBounce(raw)).toBeNull()
  })
})

describe('bounces: the intake records them and never answers', () => {
  let app: TestApp
  beforeEach(() => {
    app = testApp()
    createFixtureDuel(app)
  })
  afterEach(() => app.cleanup())
  const intake = (raw: Buffer) =>
    handleInbound(raw, 'test', {
      judge: app.judge,
      db: app.db,
      outbox: sqliteOutbox(app.db, app.clock),
      clock: app.clock,
    })

  it('records a DeliveryFailed event per failed recipient, linked to our outbox row, and lists them for the moderator', async () => {
    const before = outboxRows(app).length
    expect(await intake(EXIM)).toBe('ignored-automated')
    expect(await intake(QMAIL)).toBe('ignored-automated')
    expect(outboxRows(app).length).toBe(before)
    const failures = deliveryFailures(app.judge.mail)
    expect(failures).toHaveLength(2)
    const report = outboxRows(app).find((r) => r.mail.messageId === 'report.fd1.r0.north@judge.example.test')!
    expect(failures[0]).toMatchObject({
      recipient: 'north@example.test',
      status: '5.2.2',
      action: 'failed',
      format: 'plain',
      originalMessageId: 'report.fd1.r0.north@judge.example.test',
      outboxId: report.id,
      game: 'fd1',
      kind: 'report',
      bounceMessageId: 'E1exim-0001@mx.example.org',
    })
    expect(failures[1]).toMatchObject({ recipient: 'south.old@mobile.test', outboxId: null, game: null })
    const received = app.store.read('system:mail').filter((e) => e.type === 'MailReceived')
    expect(received.map((e) => e.data.detail)).toEqual([
      'bounce: north@example.test failed (5.2.2)',
      'bounce: south.old@mobile.test failed (5.1.1)',
    ])
    // a second delivery of the same bounce is absorbed
    expect(await intake(EXIM)).toBe('duplicate')
    expect(deliveryFailures(app.judge.mail)).toHaveLength(2)
  })
})
