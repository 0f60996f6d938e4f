// Running a test file's cases on both engines: SQLite, and a real PostgreSQL started for
// the file (test/pg/pgstack.ts) with a fresh database per handle. Call bothEngines() at the top
// level of a test file and give its result to describe.each; every handle opened through it is
// closed after each test (a PostgreSQL handle holds a worker thread and a connection).
import { afterAll, afterEach, beforeAll } from 'vitest'
import { openSqlDatabase } from '../../src/log/engines.ts'
import type { SqlDatabase, SqlEngine } from '../../src/log/sql.ts'
import { type PgStack, startPgStack } from './pgstack.ts'

export interface TestEngine {
  name: SqlEngine
  /** A new empty database: ':memory:' or `file` on SQLite, a fresh database on PostgreSQL. */
  target(file?: string): string
  /** A new migrated database, closed after the test. */
  open(file?: string): SqlDatabase
  /** For openApp/testApp's `database`: undefined on SQLite (judge.sqlite in the data folder). */
  app(): string | undefined
}

export function bothEngines(): TestEngine[] {
  let pg: PgStack | null = null
  const opened: SqlDatabase[] = []
  beforeAll(async () => {
    pg = await startPgStack()
  }, 600_000)
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.open) db.close()
  })
  afterAll(async () => {
    await pg?.stop()
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
  })
  return [
    make('sqlite', (file) => file ?? ':memory:'),
    make('postgres', () => {
      if (!pg) throw new Error('PostgreSQL is not started yet: open databases inside tests or hooks')
      return pg.freshUrl()
    }),
  ]
}
