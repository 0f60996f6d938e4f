// Running a test file's cases on both engines: SQLite, and the run's PostgreSQL (test/pg/pgstack.ts)
// with a fresh database per handle. Call bothEngines() at the top level of a test file and give its
// result to describe.each. The tier picks the engines (vitest.config.ts): the judge tier runs the
// SQLite cases, the pg tier the PostgreSQL ones. Every handle opened through it is closed after
// each test (a PostgreSQL handle holds connections, the synchronous one a worker thread too).
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import type { AsyncDatabase } from '../../src/log/async/database.ts'
import { openAsyncDatabase } from '../../src/log/async/open.ts'
import { openSqlDatabase } from '../../src/log/engines.ts'
import type { SqlDatabase, SqlEngine } from '../../src/log/sql.ts'
import { connectPg, type PgStack } from './pgstack.ts'

export interface TestEngine {
  name: SqlEngine
  /** A new empty database: ':memory:' or `file` on SQLite, a fresh database on PostgreSQL. */
  target(file?: string): string
  /**
   * A new migrated database on the synchronous handle, closed after the test. On PostgreSQL that is
   * the worker-thread driver: only for a test of the synchronous code itself.
   */
  open(file?: string): SqlDatabase
  /** A new migrated database on the async handle, closed after the test. */
  openAsync(file?: string): Promise<AsyncDatabase>
  /** For openApp/testApp's `database`: undefined on SQLite (judge.sqlite in the data folder). */
  app(): string | undefined
}

export function bothEngines(): TestEngine[] {
  const engines = inject('engines')
  if (!engines.length) throw new Error('this file runs on the engines of the judge and pg tiers: list it there')
  let pg: PgStack | null = null
  const opened: SqlDatabase[] = []
  const openedAsync: AsyncDatabase[] = []
  if (engines.includes('postgres')) {
    beforeAll(async () => {
      pg = await connectPg()
    })
    afterAll(async () => {
      await pg?.close()
    })
  }
  afterEach(async () => {
    for (const db of opened.splice(0)) if (db.open) db.close()
    await Promise.all(openedAsync.splice(0).map((db) => db.close()))
  })
  const make = (name: SqlEngine, target: (file?: string) => string): TestEngine => ({
    name,
    target,
    app: () => (name === 'sqlite' ? undefined : target()),
    open(file) {
      const db = openSqlDatabase(target(file))
      opened.push(db)
      return db
    },
    async openAsync(file) {
      const db = await openAsyncDatabase(target(file))
      openedAsync.push(db)
      return db
    },
  })
  const all = [
    make('sqlite', (file) => file ?? ':memory:'),
    make('postgres', () => {
      if (!pg) throw new Error('PostgreSQL is not connected yet: open databases inside tests or hooks')
      return pg.freshUrl()
    }),
  ]
  return all.filter((e) => engines.includes(e.name))
}
