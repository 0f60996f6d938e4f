// The events repository's lookups: where a missing event sat between its surviving neighbours, and
// the latest events of a kind, newest first.
import { describe, expect, it } from 'vitest'
import { latestEventData, positionsAround } from '../../../src/log/repos/events.ts'
import type { AsyncQueryable } from '../../../src/log/async/database.ts'
import type { SqlDatabase } from '../../../src/log/sql.ts'
import { run } from '../../helpers/asyncSql.ts'
import { bothEngines } from '../../pg/engines.ts'

const INSERT = `INSERT INTO events (stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash)
       VALUES (?, ?, ?, 1, ?, '{}', '2026-01-01T00:00:00.000Z', NULL, 'p', 'h')`

const insert = (db: SqlDatabase, stream: string, version: number, type: string, data: unknown) =>
  db.prepare(INSERT).run(stream, version, type, JSON.stringify(data))

const insertAsync = (q: AsyncQueryable, stream: string, version: number, type: string, data: unknown) =>
  run(q, INSERT, stream, version, type, JSON.stringify(data))

describe.each(bothEngines())('events on $name', (engine) => {
  it('finds the surviving neighbours of a missing version', () => {
    const db = engine.open()
    insert(db, 's', 1, 'T', {})
    insert(db, 'other', 1, 'T', {})
    insert(db, 's', 2, 'T', {})
    insert(db, 's', 4, 'T', {})
    expect(positionsAround(db, 's', 3)).toEqual({ before: 3, after: 4 })
    expect(positionsAround(db, 's', 5)).toEqual({ before: 4, after: null })
    expect(positionsAround(db, 'none', 1)).toEqual({ before: null, after: null })
  })

  it('gives the latest events of a type in a stream, newest first, at most the limit', async () => {
    const q = await engine.openAsync()
    for (let v = 1; v <= 4; v++) await insertAsync(q, 'system:mail', v, v === 2 ? 'Other' : 'MailReceived', { n: v })
    await insertAsync(q, 'elsewhere', 1, 'MailReceived', { n: 99 })
    expect(await latestEventData(q, 'system:mail', 'MailReceived', 2)).toEqual([{ n: 4 }, { n: 3 }])
    expect(await latestEventData(q, 'system:mail', 'MailReceived', 50)).toEqual([{ n: 4 }, { n: 3 }, { n: 1 }])
  })
})
