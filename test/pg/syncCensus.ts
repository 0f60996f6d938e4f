// Which files of the pg tier still send statements on PostgreSQL's synchronous driver (the
// worker-thread client, which blocks the event loop on each round trip). The judge's own work runs
// on the async handle; the tests' set-ups and checks should too, so that the driver can be retired.
// Every statement sent on it in this process is counted per test file (test/helpers/sharedModules.ts
// watches each file of the pg tier): a file not named in STILL_SYNCHRONOUS that sends one fails
// after its tests, and a file named there that ran whole and sent none fails too, so the list stays
// the list of the files left. Commands a test starts as child processes are not counted (they open
// their judge with openAppAsync). PBEM_SYNC_CENSUS=<file> appends each file's count there (the
// census in docs/testing.md); PBEM_DEBUG_SYNC_STATEMENTS=1 prints where each statement was sent from.
import { appendFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, inject } from 'vitest'
import { SyncPgClient } from '../../src/log/pg/syncClient.ts'

/** The files left on the synchronous driver, and why. */
const SET_UP = 'set up and checked through openApp and the synchronous judge calls'
export const STILL_SYNCHRONOUS: Record<string, string> = {
  'test/engine/fold-advance.test.ts': "the judge's kept fold advanced on its synchronous store, whose reads it counts",
  'test/engine/fold-cache.test.ts': 'Judge.load and its fold cache, on the synchronous store',
  'test/engine/judge.test.ts':
    "the judge's synchronous calls, a stale append on the synchronous store and a broken chain named there",
  'test/engine/report-turns.test.ts': 'the batched tick compared with the synchronous one, byte for byte',
  'test/engine/secret.test.ts': "the server secret's sources at a synchronous start (openApp)",
  'test/log/async/store.test.ts': 'the async store beside the synchronous one on one database',
  'test/log/async/verify.test.ts': 'the async chain check compared with the synchronous one',
  'test/log/repos/events.test.ts': "the repositories' synchronous lookups",
  'test/log/repos/gameClock.test.ts': "the repositories' synchronous lookups",
  'test/log/repos/intakeRecords.test.ts': "the repositories' synchronous lookups",
  'test/log/repos/outbox.test.ts': "the repositories' synchronous lookups",
  'test/log/repos/packs.test.ts': "the repositories' synchronous lookups",
  'test/log/repos/settings.test.ts': "the repositories' synchronous lookups",
  'test/log/store.test.ts': 'the synchronous event store',
  'test/log/verify.test.ts': 'the synchronous chain check',
  'test/mail/intake-batch-moderator.test.ts': 'compared with the same mail filed the synchronous way',
  'test/mail/intake-batch.test.ts': 'compared with the same mail filed the synchronous way',
  'test/mail/outbound.test.ts': "the synchronous outbox's enqueueMail",
  'test/mail/outbox-parts.test.ts': SET_UP,
  'test/pg/asyncCommands.test.ts': 'each command compared with the synchronous way; set-ups through openApp',
  'test/pg/asyncFirstUse.test.ts':
    'each first use compared with what the synchronous way left; set-ups through openApp',
  'test/pg/asyncModerator.test.ts': "each command compared with the judge's synchronous call",
  'test/pg/asyncOps.test.ts': 'each command compared with the synchronous way',
  'test/pg/asyncReads.test.ts': 'each command compared with the synchronous way',
  'test/pg/asyncWeb.test.ts': 'each page compared with the synchronous answer',
  'test/pg/gatherMore.test.ts': 'the ways back to the synchronous driver',
  'test/pg/lazySync.test.ts': 'the synchronous driver started at a way back',
  'test/pg/lockedWayBack.test.ts': SET_UP,
  'test/pg/lastWays.test.ts': SET_UP,
  'test/pg/locks.test.ts': "the synchronous driver's locks",
  'test/pg/readersAhead.test.ts': SET_UP,
  'test/pg/roundTrips.test.ts': "the synchronous driver's round trips",
  'test/pg/sql.test.ts': 'the synchronous database seam',
  'test/schedule/campaign.test.ts': "the whole duel also played with the synchronous tick (the tick's two ways)",
  'test/schedule/last-tick.test.ts': "the synchronous tick's pass (runTick) beside the async one",
  'test/schedule/races.test.ts': "the synchronous tick's races (a stale read, loadFold, takes the synchronous tick)",
  'test/schedule/tick-yielding.test.ts': 'the yielding tick compared with the synchronous one, game for game',
}

const root = fileURLToPath(new URL('../../', import.meta.url))

interface Counter {
  statements: number
}

/** The process's one counter, its driver's methods wrapped once (a worker's files share its modules). */
function counter(): Counter {
  const slot = globalThis as { pbemSyncCensus?: Counter }
  if (slot.pbemSyncCensus) return slot.pbemSyncCensus
  const c: Counter = { statements: 0 }
  slot.pbemSyncCensus = c
  // PBEM_DEBUG_SYNC_STATEMENTS=1 prints where each statement was sent from, to find what to convert.
  const sent = (n: number, text: string) => {
    c.statements += n
    if (process.env.PBEM_DEBUG_SYNC_STATEMENTS) {
      Error.stackTraceLimit = 40
      console.warn(`synchronous statement: ${text}\n${new Error().stack}`)
    }
  }
  const proto = SyncPgClient.prototype
  const { query, batch, exec } = proto
  proto.query = function (this: SyncPgClient, text, values) {
    sent(1, text)
    return query.call(this, text, values)
  }
  proto.batch = function (this: SyncPgClient, items) {
    sent(items.length, items.map((i) => i.text).join('; '))
    return batch.call(this, items)
  }
  proto.exec = function (this: SyncPgClient, text) {
    sent(1, text)
    return exec.call(this, text)
  }
  return c
}

type Task = { mode: string; result?: { state?: string }; tasks?: Task[] }

/** Every test of `suite` ran and passed (no filter, skip or failure): a count of none is then the file's. */
function ranWhole(suite: Task): boolean {
  if (suite.mode !== 'run') return false
  if (!suite.tasks) return suite.result?.state === 'pass'
  return suite.tasks.every(ranWhole)
}

/** Counts the statements the current file sends on the synchronous driver; checks them after its tests. */
export function watchSynchronousDriver(): void {
  if (!inject('engines').includes('postgres')) return
  const c = counter()
  let before = 0
  beforeAll(() => {
    before = c.statements
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest takes a hook's first parameter for its fixtures
  afterAll(({}, suite) => {
    const file =
      'filepath' in suite
        ? relative(root, suite.filepath as string)
            .split('\\')
            .join('/')
        : suite.name
    const sent = c.statements - before
    if (process.env.PBEM_SYNC_CENSUS) appendFileSync(process.env.PBEM_SYNC_CENSUS, `${file} ${sent}\n`)
    const listed = file in STILL_SYNCHRONOUS
    if (sent > 0 && !listed)
      throw new Error(
        `${file} sent ${sent} statements on the synchronous PostgreSQL driver: set up and act on the async handle (openAppAsync, test/helpers/asyncJudge.ts), or name the file in STILL_SYNCHRONOUS (test/pg/syncCensus.ts) with why`,
      )
    if (sent === 0 && listed && ranWhole(suite as unknown as Task))
      throw new Error(
        `${file} sent no statement on the synchronous PostgreSQL driver: take it off STILL_SYNCHRONOUS (test/pg/syncCensus.ts)`,
      )
  })
}
