import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { canonicalJson } from '../../src/util/canonical.ts'
import type { Database } from '../../src/log/db.ts'
import { openSqlDatabase } from '../../src/log/engines.ts'
import type { SqlDatabase } from '../../src/log/sql.ts'
import { EventSchemas } from '../../src/log/schemas.ts'
import { EventStore, GENESIS_HASH, type StoredEvent } from '../../src/log/store.ts'
import { verifyAllAsync, verifyStream } from '../../src/log/verify.ts'
import { jobsOf } from '../helpers/jobsDb.ts'
import { type PgStack, connectPg } from '../pg/pgstack.ts'
import { PUBLIC, expectedHash, fakeClock, tempDir, writeTestSchemas } from './helpers.ts'

// Two interleaved streams of 6 events each, in a WAL file database on SQLite and in a fresh
// database on a real PostgreSQL; tampering is done with raw SQL that both engines run.
let pg: PgStack
beforeAll(async () => {
  pg = await connectPg()
}, 600_000)
afterAll(async () => {
  await pg?.close()
})

let tmp: ReturnType<typeof tempDir>
let db: SqlDatabase
let store: EventStore
let a: StoredEvent[]
let b: StoredEvent[]

describe.each([
  { name: 'sqlite', target: () => join(tmp.dir, 'log.sqlite') },
  { name: 'postgres', target: () => pg.freshUrl() },
])('on $name', (engine) => {
  beforeEach(() => {
    tmp = tempDir()
    const schemas = new EventSchemas(writeTestSchemas(tmp.dir))
    db = openSqlDatabase(engine.target())
    store = new EventStore(db, schemas, fakeClock())
    a = []
    b = []
    for (let i = 1; i <= 6; i++) {
      a.push(
        ...store.append('game:a', i - 1, [
          { type: 'Thing', data: { name: `a${i}`, count: i }, audience: PUBLIC, causation: `<a${i}@x>` },
        ]),
      )
      b.push(
        ...store.append('game:b', i - 1, [
          { type: 'Thing', data: { name: `b${i}`, count: i }, audience: { kind: 'roles', roles: ['union'] } },
        ]),
      )
    }
  })
  afterEach(() => {
    db.close()
    tmp.cleanup()
  })

  const pos = (v: number) => a[v - 1]!.position
  const sql = (text: string, ...params: unknown[]) => db.prepare(text).run(...params)

  /** The failure for game:a, checking game:b is untouched and verifyAllAsync reports only game:a. */
  async function failure(): Promise<{ position: number | null; version: number; reason: string }> {
    const r = verifyStream(db, 'game:a')
    if (r.ok) throw new Error('tampering was not detected')
    expect(verifyStream(db, 'game:b')).toEqual({ ok: true, events: 6 })
    const all = await verifyAllAsync(jobsOf(db))
    expect(all.ok).toBe(false)
    expect(all.failures).toEqual([{ stream: 'game:a', position: r.position, version: r.version, reason: r.reason }])
    return r
  }

  /** Inserts a row with a correctly chained hash, as a forger who knows the algorithm would. */
  function forge(stream: string, version: number, prevHash: string, data: unknown, position?: number) {
    const e = {
      stream,
      version,
      type: 'Thing',
      schemaVersion: 1,
      data,
      audience: PUBLIC,
      recordedAt: '1862-03-10T00:00:00.000Z',
      causation: null,
    }
    const hash = expectedHash(prevHash, e)
    // Without a position the database picks the next one (PostgreSQL's identity refuses a NULL).
    const info = sql(
      `INSERT INTO events (${position === undefined ? '' : 'position, '}stream, version, type, schema_version, data, audience, recorded_at, causation, prev_hash, hash)
     VALUES (${position === undefined ? '' : '?, '}?, ?, ?, 1, ?, ?, ?, NULL, ?, ?)`,
      ...(position === undefined ? [] : [position]),
      stream,
      version,
      e.type,
      canonicalJson(data),
      canonicalJson(PUBLIC),
      e.recordedAt,
      prevHash,
      hash,
    )
    return { position: Number(info.lastInsertRowid), hash }
  }

  describe('verify an untouched log', () => {
    it('passes every stream', async () => {
      expect(verifyStream(db, 'game:a')).toEqual({ ok: true, events: 6 })
      expect(await verifyAllAsync(jobsOf(db))).toEqual({ ok: true, streams: 2, events: 12, failures: [] })
      expect(verifyStream(db, 'game:none')).toEqual({ ok: true, events: 0 })
      if (engine.name === 'sqlite') expect((db as Database).pragma('journal_mode', { simple: true })).toBe('wal')
    })

    it('does not flag a semantically identical re-serialisation of data', () => {
      sql('UPDATE events SET data = ? WHERE position = ?', '{ "count": 3, "name": "a3" }', pos(3))
      expect(verifyStream(db, 'game:a')).toEqual({ ok: true, events: 6 })
    })
  })

  describe('tampering by direct SQL is detected at the tampered row', () => {
    it('edited data of a middle row', async () => {
      sql('UPDATE events SET data = ? WHERE position = ?', '{"count":300,"name":"a3"}', pos(3))
      expect(await failure()).toEqual({
        ok: false,
        position: pos(3),
        version: 3,
        reason: "hash does not match the row's contents (row edited)",
      })
    })

    for (let v = 1; v <= 6; v++) {
      it(`edited data, audience, type, causation or recorded_at of version ${v}`, async () => {
        const edits = [
          "data = replace(data, 'a', 'A')",
          `audience = '{"kind":"moderator"}'`,
          "type = 'Note'",
          "causation = '<forged@x>'",
          "recorded_at = '1999-01-01T00:00:00.000Z'",
          'schema_version = 2',
        ]
        for (const edit of edits) {
          const before = db.prepare('SELECT * FROM events WHERE position = ?').get(pos(v)) as Record<string, unknown>
          sql(`UPDATE events SET ${edit} WHERE position = ?`, pos(v))
          const f = await failure()
          expect(f.position, edit).toBe(pos(v))
          expect(f.version, edit).toBe(v)
          expect(f.reason, edit).toMatch(/row edited/)
          // restore and check the log verifies again
          const cols = Object.keys(before).filter((c) => c !== 'position')
          sql(`UPDATE events SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE position = @position`, before)
          expect((await verifyAllAsync(jobsOf(db))).ok).toBe(true)
        }
      })
    }

    it('changed audience of a row', () => {
      sql(`UPDATE events SET audience = '{"kind":"public"}' WHERE stream = 'game:b' AND version = 4`)
      const r = verifyStream(db, 'game:b')
      expect(r).toEqual({
        ok: false,
        position: b[3]!.position,
        version: 4,
        reason: "hash does not match the row's contents (row edited)",
      })
      expect(verifyStream(db, 'game:a').ok).toBe(true)
    })

    it('edited a row and recomputed its hash', async () => {
      const e = { ...a[2]!, data: { name: 'a3', count: 300 } }
      sql(
        'UPDATE events SET data = ?, hash = ? WHERE position = ?',
        canonicalJson(e.data),
        expectedHash(e.prevHash, e),
        pos(3),
      )
      expect(await failure()).toMatchObject({
        position: pos(3),
        version: 3,
        reason: expect.stringMatching(/version 3 was rewritten/),
      })
    })

    it('edited the last row and recomputed its hash', async () => {
      const e = { ...a[5]!, data: { name: 'a6', count: 600 } }
      sql(
        'UPDATE events SET data = ?, hash = ? WHERE position = ?',
        canonicalJson(e.data),
        expectedHash(e.prevHash, e),
        pos(6),
      )
      expect(await failure()).toMatchObject({
        position: pos(6),
        version: 6,
        reason: expect.stringMatching(/head hash/),
      })
    })

    it('made data invalid JSON', async () => {
      sql("UPDATE events SET data = '{not json' WHERE position = ?", pos(2))
      expect(await failure()).toEqual({
        ok: false,
        position: pos(2),
        version: 2,
        reason: 'data is not valid JSON (row edited)',
      })
    })

    it('deleted a middle row', async () => {
      sql('DELETE FROM events WHERE position = ?', pos(3))
      expect(await failure()).toEqual({
        ok: false,
        position: null,
        version: 3,
        reason: 'version 3 missing (row deleted)',
      })
    })

    it('deleted the first row', async () => {
      sql('DELETE FROM events WHERE position = ?', pos(1))
      expect(await failure()).toEqual({
        ok: false,
        position: null,
        version: 1,
        reason: 'version 1 missing (row deleted)',
      })
    })

    it('deleted the last row', async () => {
      sql('DELETE FROM events WHERE position = ?', pos(6))
      expect(await failure()).toEqual({
        ok: false,
        position: null,
        version: 6,
        reason: 'stream head says version 6 but the last row is 5 (rows deleted at the end)',
      })
    })

    it('deleted the last two rows', async () => {
      sql('DELETE FROM events WHERE position IN (?, ?)', pos(5), pos(6))
      expect(await failure()).toMatchObject({
        position: null,
        version: 5,
        reason: expect.stringMatching(/head says version 6 but the last row is 4/),
      })
    })

    it('deleted every row of a stream', async () => {
      sql("DELETE FROM events WHERE stream = 'game:a'")
      expect(await failure()).toMatchObject({ position: null, version: 1, reason: expect.stringMatching(/no rows/) })
    })

    it('swapped the data of two rows (reorder)', async () => {
      const d2 = a[1]!.data
      const d4 = a[3]!.data
      sql('UPDATE events SET data = ? WHERE position = ?', canonicalJson(d4), pos(2))
      sql('UPDATE events SET data = ? WHERE position = ?', canonicalJson(d2), pos(4))
      expect(await failure()).toEqual({
        ok: false,
        position: pos(2),
        version: 2,
        reason: "hash does not match the row's contents (row edited)",
      })
    })

    it('swapped the positions of two rows (reorder)', async () => {
      sql('UPDATE events SET position = -1 WHERE position = ?', pos(2))
      sql('UPDATE events SET position = ? WHERE position = ?', pos(2), pos(4))
      sql('UPDATE events SET position = ? WHERE position = -1', pos(4))
      // version 2 now sits at version 4's old position
      expect(await failure()).toMatchObject({
        position: pos(4),
        version: 2,
        reason: expect.stringMatching(/^position order does not follow version order \(rows reordered\)/),
      })
    })

    it('moved a row to the end of the log (reorder)', async () => {
      const end = (db.prepare('SELECT max(position) FROM events').pluck().get() as number) + 10
      sql('UPDATE events SET position = ? WHERE position = ?', end, pos(3))
      expect(await failure()).toMatchObject({
        position: end,
        version: 3,
        reason: expect.stringMatching(/rows reordered/),
      })
    })

    it('swapped the versions of two rows (reorder)', async () => {
      sql('UPDATE events SET version = -1 WHERE position = ?', pos(2))
      sql('UPDATE events SET version = 2 WHERE position = ?', pos(3))
      sql('UPDATE events SET version = 3 WHERE position = ?', pos(2))
      // version 2 is now the row at pos(3): its contents no longer hash (the version is hashed)
      expect(await failure()).toMatchObject({ position: pos(3), version: 2 })
    })

    it('inserted a forged row after the last one, correctly chained', async () => {
      const f = forge('game:a', 7, a[5]!.hash, { name: 'forged', count: 7 })
      expect(await failure()).toEqual({
        ok: false,
        position: f.position,
        version: 7,
        reason: 'stream head says version 6 but there is a row at version 7 (row forged or appended outside the store)',
      })
    })

    it('inserted a forged row far beyond the head', async () => {
      const f = forge('game:a', 42, a[5]!.hash, { name: 'forged', count: 42 })
      expect(await failure()).toMatchObject({
        position: f.position,
        version: 42,
        reason: expect.stringMatching(/row forged/),
      })
    })

    it('replaced a middle row with a forged, correctly chained one', async () => {
      sql('DELETE FROM events WHERE position = ?', pos(3))
      const f = forge('game:a', 3, a[1]!.hash, { name: 'forged', count: 3 })
      expect(await failure()).toMatchObject({ position: f.position, version: 3 })
    })

    it('replaced a middle row in place with a forged, correctly chained one', async () => {
      sql('DELETE FROM events WHERE position = ?', pos(3))
      forge('game:a', 3, a[1]!.hash, { name: 'forged', count: 3 }, pos(3))
      expect(await failure()).toMatchObject({
        position: pos(3),
        version: 3,
        reason: expect.stringMatching(/version 3 was rewritten/),
      })
    })

    it('inserted a forged stream that has no head', async () => {
      const f = forge('game:c', 1, GENESIS_HASH, { name: 'forged', count: 1 })
      const r = await verifyAllAsync(jobsOf(db))
      expect(r.ok).toBe(false)
      expect(r.failures).toEqual([
        { stream: 'game:c', position: f.position, version: 1, reason: expect.stringMatching(/no head/) },
      ])
    })

    it('edited prev_hash of the first row', async () => {
      sql('UPDATE events SET prev_hash = ? WHERE position = ?', 'f'.repeat(64), pos(1))
      expect(await failure()).toMatchObject({ position: pos(1), version: 1 })
    })

    it('deleted or lowered the stream head', async () => {
      sql("UPDATE streams SET version = 5 WHERE stream = 'game:a'")
      expect(await failure()).toMatchObject({
        position: pos(6),
        version: 6,
        reason: expect.stringMatching(/head says version 5/),
      })
      sql("DELETE FROM streams WHERE stream = 'game:a'")
      expect(await failure()).toMatchObject({ position: pos(1), version: 1, reason: expect.stringMatching(/no head/) })
    })

    it('added a head for a stream that has no rows', async () => {
      sql("INSERT INTO streams (stream, version, head_hash) VALUES ('game:ghost', 2, ?)", 'a'.repeat(64))
      expect((await verifyAllAsync(jobsOf(db))).failures).toEqual([
        { stream: 'game:ghost', position: null, version: 1, reason: expect.stringMatching(/no rows/) },
      ])
    })
  })
})
