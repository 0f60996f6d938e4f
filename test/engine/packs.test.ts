// A game names its data pack by hash (GameCreated v2) and the pack is stored
// once in the packs table; a GameCreated v1 with its own copy still folds; an export carries it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { exportGame } from '../../src/reports/archive.ts'
import { AsyncEventStore } from '../../src/log/async/store.ts'
import { sqliteOnly } from '../../src/log/db.ts'
import { readEvents, type TestApp } from '../helpers/app.ts'
import { createFixtureDuelAsync, readAsync, testAppAsync, verifyAsync } from '../helpers/asyncJudge.ts'
import { pluck, row, rows, run } from '../helpers/asyncSql.ts'
import { bothEngines } from '../pg/engines.ts'

// Shown on the fixture duel; a large pack is given where its size matters.
// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  // Games made as `game create` makes them, in one batch on the async handle; read there too.
  beforeEach(async () => {
    app = await testAppAsync('test', { database: engine.app() })
  })
  afterEach(() => app.cleanup())

  const packRows = () =>
    rows<{ hash: string; ruleset: string; pack_id: string; size: number }>(
      app.jobsDb,
      'SELECT hash, ruleset, pack_id, length(content) AS size FROM packs',
    )

  const dbBytes = () => {
    const lite = sqliteOnly(app.db)
    lite.pragma('wal_checkpoint(TRUNCATE)')
    return (
      (lite.pragma('page_count', { simple: true }) as number) * (lite.pragma('page_size', { simple: true }) as number)
    )
  }

  describe('data packs stored once by hash', () => {
    it('many games made from the same pack write one pack row, and GameCreated names it without a copy', async () => {
      for (const game of ['fd1', 'fd2', 'fd3']) await createFixtureDuelAsync(app, game)
      const packs = await packRows()
      expect(packs).toHaveLength(1)
      expect(packs[0]!.ruleset).toBe('hidden-deck')
      for (const game of ['fd1', 'fd2', 'fd3']) {
        const created = (await readEvents(app, `game:${game}`))[0]!
        expect(created.schemaVersion).toBe(2)
        expect(created.data.pack).toBeUndefined()
        expect(created.data.packHash).toBe(packs[0]!.hash)
        expect(created.data.packId).toBe(packs[0]!.pack_id)
        expect((await verifyAsync(app, game)).ok).toBe(true)
      }
    })

    // SQLite only: the database's size is read from its pragmas (page count by page size after a WAL
    // checkpoint). PostgreSQL's nearest figure, pg_database_size, counts preallocated and dead pages,
    // so it cannot tell ~10 KB from ~100 KB per game; the first case shows there is no copy there.
    if (engine.name === 'sqlite')
      it('a game no longer costs the database a copy of its ~100 KB pack', async () => {
        // A pack the size of a real game's (Sea Devils' is ~100 KB): the duel carries what it does not read.
        const pack = { worth: { '1': 1 }, notes: Array.from({ length: 2000 }, (_, i) => `table row ${i} `.repeat(4)) }
        expect(JSON.stringify(pack).length).toBeGreaterThan(100_000)
        await createFixtureDuelAsync(app, 'fd0', { pack })
        const before = dbBytes()
        const games = 10
        for (let i = 1; i <= games; i++) await createFixtureDuelAsync(app, `fd${i}`, { pack })
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
        expect(await packRows()).toHaveLength(1)
      })

    it('a GameCreated v1 carrying its own copy still folds and verifies without the packs table', async () => {
      await createFixtureDuelAsync(app, 'fd1')
      const content = JSON.parse((await pluck<string>(app.jobsDb, 'SELECT content FROM packs')) ?? 'null') as unknown
      const events = await readEvents(app, 'game:fd1')
      await run(app.jobsDb, 'DELETE FROM packs')
      const old = await new AsyncEventStore(app.jobsDb, app.store.schemas, app.clock).append(
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
      const secrets = await rows<{ purpose: string; point: number; secret: string }>(
        app.jobsDb,
        `SELECT purpose, point, secret FROM secrets WHERE game = 'fd1'`,
      )
      for (const s of secrets)
        await run(app.jobsDb, 'INSERT INTO secrets VALUES (?, ?, ?, ?)', 'old1', s.purpose, s.point, s.secret)
      expect((await readEvents(app, 'game:old1'))[0]!.schemaVersion).toBe(1)
      // A check loads the pack afresh (no per-process cache): v1 reads its own copy, v2 needs the table.
      expect(await verifyAsync(app, 'old1')).toMatchObject({ ok: true })
      const v2 = await verifyAsync(app, 'fd1')
      expect(v2.ok).toBe(false)
      expect(v2.problems.join('\n')).toMatch(/missing from the packs table/)
    })

    it("the moderator's export carries the pack the game names, so it stands alone", async () => {
      await createFixtureDuelAsync(app, 'fd1')
      const dir = mkdtempSync(join(tmpdir(), 'pbem-packs-'))
      // Exported as `pbem game export` exports it, on a reading judge.
      const exportAs = (viewer: Parameters<typeof exportGame>[2]) =>
        readAsync(app, ['fd1'], (j) => exportGame(j, 'fd1', viewer, dir))
      try {
        const out = await exportAs({ kind: 'moderator' })
        const exported = JSON.parse(readFileSync(out.json, 'utf8'))
        const stored = (await row<{ hash: string; content: string }>(app.jobsDb, 'SELECT hash, content FROM packs'))!
        expect(exported.pack.hash).toBe(stored.hash)
        expect(exported.pack.content).toEqual(JSON.parse(stored.content))
        expect(exported.events[0].data.packHash).toBe(stored.hash)
        // A reader's copy names the pack and its hash, as before.
        const reader = JSON.parse(readFileSync((await exportAs({ kind: 'role', role: 'north' })).json, 'utf8'))
        expect(reader.pack).toBeUndefined()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
})
