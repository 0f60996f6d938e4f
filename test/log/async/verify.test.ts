// Chain verification through the async seam finds what the synchronous check of each stream finds,
// row for row, on an intact log and on logs tampered with in each way verify.ts names.
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openAsyncDatabase } from '../../../src/log/async/open.ts'
import { AsyncEventStore } from '../../../src/log/async/store.ts'
import { openSqlDatabase } from '../../../src/log/engines.ts'
import { EventSchemas } from '../../../src/log/schemas.ts'
import type { SqlDatabase } from '../../../src/log/sql.ts'
import { EventStore } from '../../../src/log/store.ts'
import { verifyAllAsync, verifyStream, verifyStreamAsync } from '../../../src/log/verify.ts'
import { bothEngines } from '../../pg/engines.ts'
import { PUBLIC, fakeClock, tempDir, writeTestSchemas } from '../helpers.ts'

const TAMPERING: [string, string][] = [
  ['intact', ''],
  ['a row edited', 'UPDATE events SET data = \'{"name":"Forged","count":1}\' WHERE stream = \'a\' AND version = 3'],
  ['a row deleted', "DELETE FROM events WHERE stream = 'a' AND version = 2"],
  ['the last rows deleted', "DELETE FROM events WHERE stream = 'b' AND version >= 5"],
  ['the head deleted', "DELETE FROM streams WHERE stream = 'b'"],
  ['a head moved back', "UPDATE streams SET version = 4 WHERE stream = 'a'"],
  ['bad JSON', "UPDATE events SET audience = 'nope' WHERE stream = 'b' AND version = 1"],
]

describe.each(bothEngines())('async verify on $name', (engine) => {
  let tmp: ReturnType<typeof tempDir>
  let sync: SqlDatabase
  beforeEach(() => {
    tmp = tempDir()
  })
  afterEach(() => {
    if (sync?.open) sync.close()
    tmp.cleanup()
  })

  it.each(TAMPERING)('agrees with verifyStream, stream by stream: %s', async (_name, tamper) => {
    const target = engine.target(join(tmp.dir, 'log.sqlite'))
    const schemas = new EventSchemas(writeTestSchemas(tmp.dir))
    sync = openSqlDatabase(target)
    const adb = await openAsyncDatabase(target)
    try {
      const store = new EventStore(sync, schemas, fakeClock())
      const astore = new AsyncEventStore(adb, schemas, fakeClock('1862-03-10T12:00:00.000Z'))
      for (let i = 0; i < 6; i++) {
        store.append('a', i, [{ type: 'Thing', data: { name: `a${i}`, count: i }, audience: PUBLIC }])
        await astore.append('b', i, [{ type: 'Thing', data: { name: `b${i}`, count: i }, audience: PUBLIC }])
      }
      if (tamper) sync.exec(tamper)
      const each = (['a', 'b'] as const).map((stream) => ({ stream, r: verifyStream(sync, stream) }))
      const expected = {
        ok: each.every(({ r }) => r.ok),
        streams: 2,
        events: each.reduce((n, { r }) => n + (r.ok ? r.events : 0), 0),
        failures: each.flatMap(({ stream, r }) =>
          r.ok ? [] : [{ stream, position: r.position, version: r.version, reason: r.reason }],
        ),
      }
      expect(expected.ok).toBe(tamper === '')
      expect(await verifyAllAsync(adb)).toEqual(expected)
      for (const s of ['a', 'b']) expect(await verifyStreamAsync(adb, s)).toEqual(verifyStream(sync, s))
    } finally {
      await adb.close()
    }
  })
})
