// The async handle beside a test's synchronous one (src/log/async/open.ts, asyncBeside), as the
// judge's jobs have it: the same SQLite connection, or a pool on the same PostgreSQL database.
// Each is made once per synchronous handle and closed after the test.
import { afterEach } from 'vitest'
import type { AsyncDatabase } from '../../src/log/async/database.ts'
import { asyncBeside } from '../../src/log/async/open.ts'
import type { SqlDatabase } from '../../src/log/sql.ts'

const opened = new Map<SqlDatabase, AsyncDatabase>()

/** The async handle on `db`'s database. */
export function jobsOf(db: SqlDatabase): AsyncDatabase {
  let jobs = opened.get(db)
  if (!jobs) {
    jobs = asyncBeside(db)
    opened.set(db, jobs)
  }
  return jobs
}

afterEach(async () => {
  const all = [...opened.values()]
  opened.clear()
  await Promise.all(all.map((j) => j.close()))
})
