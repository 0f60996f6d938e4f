// A mail command run as the intake runs it for a player who has proved his key: the message comes
// from the player's address of record, and the judge's answer is the last command mail queued.
import { expect } from 'vitest'
import { mailCommandWord, runMailCommand } from '../../src/mail/commands.ts'
import type { InboundMail } from '../../src/mail/inbound.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { outboxRows, type TestApp } from './app.ts'

let n = 0

/** Runs the command that `body` starts with for `role` in `game`; returns the judge's answer. */
export function mailCommand(app: TestApp, game: string, role: string, body: string) {
  const from = app.judge.load(game).players.get(role)!.address
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
    game,
    role,
    body,
    word: word!,
  })
  return outboxRows(app)
    .filter((r) => r.kind === 'command')
    .at(-1)!.mail
}
