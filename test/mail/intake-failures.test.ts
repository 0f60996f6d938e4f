// A failure that passes never loses an order, and one that does not is recorded and told.
// Through the app's own inbox reader (readInbox) on a real database file.
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { readInbox } from '../../src/cli/app.ts'
import { newDropFolderState } from '../../src/mail/dropFolder.ts'
import { sqliteOnly } from '../../src/log/db.ts'
import { createFixtureGame, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let key: string
beforeEach(() => {
  app = testApp('intake-failures')
  key = createFixtureGame(app).keys.solo!
  sqliteOnly(app.db).pragma('busy_timeout = 50')
})
afterEach(() => app.cleanup())

const past = new Date(Date.now() - 60_000)
function dropOrders(name: string, id: string): void {
  const mail = [
    'From: solo@example.test',
    'To: orders@judge.example.test',
    'Subject: orders',
    `Message-ID: <${id}@example.test>`,
    'Content-Type: text/plain',
    '',
    'GAME fx1 SOLO',
    `KEY ${key}`,
    'DRAW 2',
    '',
  ].join('\r\n')
  writeFileSync(join(app.dirs.inbox, name), mail)
  utimesSync(join(app.dirs.inbox, name), past, past)
}
const quiet = { warn: () => {} }

it('orders that meet a locked database stay in the inbox and are filed once it is free', async () => {
  dropOrders('orders.eml', 'locked-1')
  const other = new Database(app.dirs.db)
  other.exec('BEGIN IMMEDIATE') // another process holds the write lock
  const state = newDropFolderState()
  try {
    expect(await readInbox(app, { imap: false, dropState: state, ...quiet })).toEqual([])
    expect(readdirSync(app.dirs.inbox)).toContain('orders.eml')
    expect(existsSync(join(app.dirs.inbox, 'failed'))).toBe(false)
  } finally {
    other.exec('ROLLBACK')
    other.close()
  }
  // A one-shot pass (a later `pbem tick`) has no retry state: it tries at once.
  expect(await readInbox(app, { imap: false, ...quiet })).toEqual(['orders-accepted'])
  expect(readdirSync(join(app.dirs.inbox, 'processed'))).toEqual(['orders.eml'])
})

it('a message the intake fails on for good is recorded, its sender and the moderator told, the next mail read', async () => {
  dropOrders('a.eml', 'bad-1')
  dropOrders('b.eml', 'good-1')
  // The first message trips a fault inside the intake's transaction (a bug, not a passing state).
  const original = app.judge.planOrders.bind(app.judge)
  let calls = 0
  app.judge.planOrders = (...args) => {
    if (calls++ === 0) throw new TypeError('the judge tripped over this message')
    return original(...args)
  }
  const outcomes = await readInbox(app, { imap: false, ...quiet })
  expect(outcomes).toEqual(['orders-accepted'])
  expect(readdirSync(join(app.dirs.inbox, 'failed')).sort()).toEqual(['a.eml', 'a.eml.error.txt'])
  const records = app.db
    .prepare("SELECT data FROM events WHERE type = 'MailReceived' ORDER BY position")
    .all()
    .map((r) => JSON.parse((r as { data: string }).data) as { outcome: string; detail?: string })
  expect(records.map((r) => r.outcome)).toEqual(['failed', 'orders-accepted'])
  const told = outboxRows(app).filter((r) => /could not be processed|intake failed/i.test(r.mail.subject))
  expect(told.map((r) => r.recipient).sort()).toEqual(['mod@example.test', 'solo@example.test'])
})
