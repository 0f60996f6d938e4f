// Set-up of the tiers whose files share their worker's modules (`isolate: false` in vitest.config.ts):
// what a file registers for itself only is removed after it, so the worker's next file starts as it
// would in a fresh process. On PostgreSQL each file's statements on the synchronous driver are
// counted and checked against the files allowed them (test/pg/syncCensus.ts).
import { afterAll } from 'vitest'
import { watchSynchronousDriver } from '../pg/syncCensus.ts'
import { releaseFixture } from './app.ts'

afterAll(() => releaseFixture())
watchSynchronousDriver()
