// A game names its data pack by hash (GameCreated v2) and the pack is stored
// once in the packs table; a GameCreated v1 with its own copy still folds; an export carries it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyGame } from '../../src/engine/audit.ts'
import { exportGame } from '../../src/reports/archive.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { sqliteOnly } from '../../src/log/db.ts'
import { bothEngines } from '../pg/engines.ts'

// Shown on the fixture duel; a large pack is given where its size matters.
// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  beforeEach(() => {
    app = testApp('test', { database: engine.app() })
  })
  afterEach(() => app.cleanup())

  const packRows = () =>
    app.db.prepare('SELECT hash, ruleset, pack_id, length(content) AS size FROM packs').all() as {
      hash: string
      ruleset: string
      pack_id: string
      size: number
    }[]

  const dbBytes = () => {
    const lite = sqliteOnly(app.db)
    lite.pragma('wal_checkpoint(TRUNCATE)')
    return (
      (lite.pragma('page_count', { simple: true }) as number) * (lite.pragma('page_size', { simple: true }) as number)
    )
  }

  describe('data packs stored once by hash', () => {
    it('many games made from the same pack write one pack row, and GameCreated names it without a copy', () => {
      for (const game of ['fd1', 'fd2', 'fd3']) createFixtureDuel(app, game)
      const rows = packRows()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.ruleset).toBe('hidden-deck')
      for (const game of ['fd1', 'fd2', 'fd3']) {
        const created = app.store.read(`game:${game}`)[0]!
        expect(created.schemaVersion).toBe(2)
        expect(created.data.pack).toBeUndefined()
        expect(created.data.packHash).toBe(rows[0]!.hash)
        expect(created.data.packId).toBe(rows[0]!.pack_id)
        expect(verifyGame(app.db, app.judge, game).ok).toBe(true)
      }
    })

    // SQLite only: the database's size is read from its pragmas (page count by page size after a WAL
    // checkpoint). PostgreSQL's nearest figure, pg_database_size, counts preallocated and dead pages,
    // so it cannot tell ~10 KB from ~100 KB per game; the first case shows there is no copy there.
    if (engine.name === 'sqlite')
      it('a game no longer costs the database a copy of its ~100 KB pack', () => {
        // A pack the size of a real game's (Sea Devils' is ~100 KB): the duel carries what it does not read.
        const pack = { worth: { '1': 1 }, notes: Array.from({ length: 2000 }, (_, i) => `table row ${i} `.repeat(4)) }
        expect(JSON.stringify(pack).length).toBeGreaterThan(100_000)
        createFixtureDuel(app, 'fd0', { pack })
        const before = dbBytes()
        const games = 10
        for (let i = 1; i <= games; i++) createFixtureDuel(app, `fd${i}`, { pack })
        const perGame = (dbBytes() - before) / games
        // Would be over 100 KiB with the pack in every GameCreated; what is left is mostly the three
        // opening letters waiting in the outbox, which are the mail layer's.
        expect(perGame).toBeGreaterThan(0)
        expect(perGame).toBeLessThan(64_000)
        const eventBytes = app.db
          .prepare(`SELECT SUM(length(data)) FROM events WHERE stream = 'game:fd5'`)
          .pluck()
          .get() as number
        expect(eventBytes).toBeLessThan(5_000)
        expect(packRows()).toHaveLength(1)
      })

    it('a GameCreated v1 carrying its own copy still folds and verifies without the packs table', () => {
      createFixtureDuel(app, 'fd1')
      const content = JSON.parse(
        (app.db.prepare('SELECT content FROM packs').pluck().get() as string) ?? 'null',
      ) as unknown
      const events = app.store.read('game:fd1')
      app.db.prepare('DELETE FROM packs').run()
      const old = app.store.append(
        'game:old1',
        0,
        events.map((e) => ({
          type: e.type,
          schemaVersion: e.type === 'GameCreated' ? 1 : e.schemaVersion,
          data: e.type === 'GameCreated' ? { ...e.data, game: 'old1', pack: content } : e.data,
          audience: e.audience,
        })),
      )
      expect(old).toBeDefined()
      for (const s of app.db.prepare(`SELECT purpose, point, secret FROM secrets WHERE game = 'fd1'`).all() as {
        purpose: string
        point: number
        secret: string
      }[])
        app.db.prepare('INSERT INTO secrets VALUES (?, ?, ?, ?)').run('old1', s.purpose, s.point, s.secret)
      expect(app.store.read('game:old1')[0]!.schemaVersion).toBe(1)
      // A check loads the pack afresh (no per-process cache): v1 reads its own copy, v2 needs the table.
      expect(verifyGame(app.db, app.judge, 'old1')).toMatchObject({ ok: true })
      const v2 = verifyGame(app.db, app.judge, 'fd1')
      expect(v2.ok).toBe(false)
      expect(v2.problems.join('\n')).toMatch(/missing from the packs table/)
    })

    it("the moderator's export carries the pack the game names, so it stands alone", () => {
      createFixtureDuel(app, 'fd1')
      const dir = mkdtempSync(join(tmpdir(), 'pbem-packs-'))
      try {
        const out = exportGame(app.judge, 'fd1', { kind: 'moderator' }, dir)
        const exported = JSON.parse(readFileSync(out.json, 'utf8'))
        const stored = app.db.prepare('SELECT hash, content FROM packs').get() as { hash: string; content: string }
        expect(exported.pack.hash).toBe(stored.hash)
        expect(exported.pack.content).toEqual(JSON.parse(stored.content))
        expect(exported.events[0].data.packHash).toBe(stored.hash)
        // A reader's copy names the pack and its hash, as before.
        const reader = JSON.parse(
          readFileSync(exportGame(app.judge, 'fd1', { kind: 'role', role: 'north' }, dir).json, 'utf8'),
        )
        expect(reader.pack).toBeUndefined()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
})
