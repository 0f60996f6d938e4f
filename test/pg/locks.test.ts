// Writers on PostgreSQL (src/log/pg/database.ts): transactions touching different
// streams run side by side, two on the same stream go one after the other and the second reads what
// the first wrote, an exclusive transaction (migrations) keeps every writer out, and a savepoint
// rolled back lets go of the locks it took.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PgDatabase } from '../../src/log/pg/database.ts'
import { openPgDatabase } from '../../src/log/pg/open.ts'
import { EventSchemas } from '../../src/log/schemas.ts'
import { EventStore } from '../../src/log/store.ts'
import { PUBLIC, tempDir, writeTestSchemas } from '../log/helpers.ts'
import { type PgStack, connectPg } from './pgstack.ts'

let pg: PgStack
beforeAll(async () => {
  pg = await connectPg()
}, 600_000)
afterAll(async () => {
  await pg?.close()
})

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (e) {
    return (e as { code?: string }).code
  }
  return undefined
}

let a: PgDatabase
let b: PgDatabase
let tmp: ReturnType<typeof tempDir>
let schemas: EventSchemas
beforeEach(() => {
  const url = pg.freshUrl()
  a = openPgDatabase(url)
  b = openPgDatabase(url)
  b.exec(`SET lock_timeout = '300ms'`) // a blocked writer gives up quickly here
  tmp = tempDir()
  schemas = new EventSchemas(writeTestSchemas(tmp.dir))
})
afterEach(() => {
  a.close()
  b.close()
  tmp.cleanup()
})

const thing = (name: string) => ({ type: 'Thing', data: { name, count: 1 }, audience: PUBLIC })

describe('locks between writers on PostgreSQL', () => {
  it('writers on different games run side by side; on the same game the second waits', () => {
    const sa = new EventStore(a, schemas)
    const sb = new EventStore(b, schemas)
    sa.append('game:1', 0, [thing('one')])
    sa.transaction(() => {
      sa.append('game:1', 1, [thing('two')])
      // game:2 is free while game:1 is held
      sb.transaction(() => sb.append('game:2', 0, [thing('other')]))
      expect(codeOf(() => sb.transaction(() => sb.version('game:1')))).toBe('SQLITE_BUSY')
    })
    // Once the first commits, the second reads its event under the lock and appends after it.
    sb.transaction(() => sb.append('game:1', sb.version('game:1'), [thing('three')]))
    expect(sa.read('game:1').map((e) => e.data.name)).toEqual(['one', 'two', 'three'])
    expect(sa.read('game:2').map((e) => e.data.name)).toEqual(['other'])
  })

  it('reads outside a transaction take no lock', () => {
    const sa = new EventStore(a, schemas)
    const sb = new EventStore(b, schemas)
    sa.transaction(() => {
      sa.append('game:1', 0, [thing('one')])
      expect(sb.version('game:1')).toBe(0) // not committed yet, and not waited for
    })
    expect(sb.version('game:1')).toBe(1)
  })

  it('an exclusive transaction keeps every writer out, and waits for writers to finish', () => {
    a.transaction(() => {
      a.prepare(`INSERT INTO settings (key, value) VALUES ('x', '1')`).run()
      expect(codeOf(() => b.prepare(`INSERT INTO settings (key, value) VALUES ('y', '1')`).run())).toBe('SQLITE_BUSY')
      expect(b.prepare('SELECT COUNT(*) FROM settings').pluck().get()).toBe(0) // readers are not kept out
    }).exclusive()
    a.transaction(() => {
      a.lock('stream:game:1')
      expect(codeOf(() => b.transaction(() => b.exec('SELECT 1')).exclusive())).toBe('SQLITE_BUSY')
    }).immediate()
  })

  it('a savepoint rolled back lets go of the locks taken inside it; one released keeps them', () => {
    a.transaction(() => {
      expect(() =>
        a.transaction(() => {
          a.lock('stream:game:1')
          throw new Error('undone')
        })(),
      ).toThrow('undone')
      b.transaction(() => b.lock('stream:game:1')).immediate() // free again
      a.transaction(() => a.lock('stream:game:2'))()
      expect(codeOf(() => b.transaction(() => b.lock('stream:game:2')).immediate())).toBe('SQLITE_BUSY')
      a.lock('stream:game:1') // taken again at the top level
      expect(codeOf(() => b.transaction(() => b.lock('stream:game:1')).immediate())).toBe('SQLITE_BUSY')
    }).immediate()
    b.transaction(() => {
      b.lock('stream:game:1')
      b.lock('stream:game:2')
    }).immediate()
  })
})
