// The serve tick and the intake on PostgreSQL with nothing kept of the game's fold (a judge just
// started, or one whose fold cache let the game go): the fold made from the whole stream asks for the
// hidden-draw secret, which is read ahead on the async handle with the stream, so not one statement
// goes on the synchronous driver, whose round trips wait on the event loop's thread. So is the
// game's stored data pack when this process has not loaded it yet (a judge just started).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { tickJobs } from '../../src/cli/app.ts'
import { forgetPacks } from '../../src/engine/fold.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { tickYielding } from '../../src/schedule/tick.ts'
import type { TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, loadAsync, testAppAsync, verifyAsync } from '../helpers/asyncJudge.ts'
import { START } from '../schedule/helpers.ts'
import { type PgStack, connectPg } from './pgstack.ts'
import { synchronousCalls } from './syncCalls.ts'

let stack: PgStack
let app: TestApp
beforeAll(async () => {
  stack = await connectPg()
  app = await testAppAsync('cold-fold', { database: stack.freshUrl() })
}, 600_000)
afterAll(async () => {
  app?.cleanup()
  await stack?.close()
})

it('resolves a game folded afresh without a statement on the synchronous driver', async () => {
  app.now.t = START
  await createFixtureDuelAsync(app, 'cold')
  await callsAsync(app, 'cold', (j) => j.submitOrders('cold', 'north', 'DRAW 1'))
  const deadline = new Date(START + 72 * 3600_000)
  app.now.t = deadline.getTime()
  app.judge.folds.clear()
  const sync = synchronousCalls('postgres')
  let report: Awaited<ReturnType<typeof tickYielding>>
  try {
    report = await tickYielding(app.judge, deadline, { games: ['cold'], recordTick: false, jobs: tickJobs(app) })
  } finally {
    expect(sync.stop()).toEqual([])
  }
  expect(report.games).toMatchObject([{ game: 'cold', committed: true }])
  expect((await verifyAsync(app, 'cold')).ok).toBe(true)
})

let mails = 0
function orders(game: string, role: string, key: string, text: string): Buffer {
  const head = [
    `From: ${role}@example.test`,
    'To: orders@judge.example.test',
    'Subject: orders',
    `Message-ID: <cold-${++mails}@example.test>`,
    'Content-Type: text/plain; charset=utf-8',
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\nGAME ${game} ${role.toUpperCase()}\r\nKEY ${key}\r\n${text}\r\n`)
}

it('files a mail for a game folded afresh without a statement on the synchronous driver', async () => {
  app.now.t = START
  const { keys } = await createFixtureDuelAsync(app, 'coldmail')
  const deps = {
    judge: app.judge,
    db: app.db,
    jobsDb: app.jobsDb,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  }
  // The intake's modules and templates loaded before counting.
  expect(await handleInbound(orders('coldmail', 'north', keys.north!, 'DRAW 1'), 'test', deps)).toBe('orders-accepted')
  app.judge.folds.clear()
  const sync = synchronousCalls('postgres')
  let outcome: string
  try {
    outcome = await handleInbound(orders('coldmail', 'south', keys.south!, 'DRAW 2'), 'test', deps)
  } finally {
    expect(sync.stop()).toEqual([])
  }
  expect(outcome).toBe('orders-accepted')
  expect((await loadAsync(app, 'coldmail', { check: true })).orders.get('south')?.receipt).toBe('coldmail/1/south-1')
  expect((await verifyAsync(app, 'coldmail')).ok).toBe(true)
})

it('resolves a game whose data pack this process has not loaded without a statement on the synchronous driver', async () => {
  app.now.t = START
  await createFixtureDuelAsync(app, 'coldpack')
  await callsAsync(app, 'coldpack', (j) => j.submitOrders('coldpack', 'north', 'DRAW 1'))
  const deadline = new Date(START + 72 * 3600_000)
  app.now.t = deadline.getTime()
  app.judge.folds.clear()
  forgetPacks()
  const sync = synchronousCalls('postgres')
  let report: Awaited<ReturnType<typeof tickYielding>>
  try {
    report = await tickYielding(app.judge, deadline, { games: ['coldpack'], recordTick: false, jobs: tickJobs(app) })
  } finally {
    expect(sync.stop()).toEqual([])
  }
  expect(report.games).toMatchObject([{ game: 'coldpack', committed: true }])
  expect((await verifyAsync(app, 'coldpack')).ok).toBe(true)
})
