// Event-log throughput against raw better-sqlite3 inserts at the same durability settings.
// Does not print; bench/bench.ts (or a test) calls benchLog().
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import BetterSqlite3 from 'better-sqlite3'
import { openDatabase, sqliteSynchronous } from '../src/log/db.ts'
import { EventSchemas } from '../src/log/schemas.ts'
import { EventStore } from '../src/log/store.ts'

const DURABILITY = `WAL + synchronous=${sqliteSynchronous()}, one transaction per event`

function sampleData(i: number) {
  return {
    turn: 1 + Math.floor(i / 100),
    role: i % 2 === 0 ? 'union' : 'confederate',
    seq: i,
    text: `order ${i}: move ship ${i % 17} to hex ${i % 97}`,
  }
}

export function benchLog(n = 20000): { logEventsPerSec: number; rawInsertsPerSec: number; durability: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pbem-log-bench-'))
  let logDb: ReturnType<typeof openDatabase> | undefined
  let rawDb: BetterSqlite3.Database | undefined
  try {
    const schemaDir = join(dir, 'events')
    mkdirSync(schemaDir)
    writeFileSync(
      join(schemaDir, 'BenchEvent.v1.schema.json'),
      JSON.stringify({
        type: 'object',
        required: ['turn', 'role', 'seq', 'text'],
        properties: {
          turn: { type: 'integer' },
          role: { type: 'string' },
          seq: { type: 'integer' },
          text: { type: 'string' },
        },
        additionalProperties: false,
      }),
    )
    const audience = { kind: 'public' }

    logDb = openDatabase(join(dir, 'log.sqlite'))
    const store = new EventStore(logDb, new EventSchemas(schemaDir))
    const t0 = performance.now()
    for (let i = 0; i < n; i++) {
      store.append('bench:1', i, [{ type: 'BenchEvent', data: sampleData(i), audience, causation: `<msg-${i}@bench>` }])
    }
    const logMs = performance.now() - t0

    rawDb = new BetterSqlite3(join(dir, 'raw.sqlite'))
    rawDb.pragma('busy_timeout = 5000')
    rawDb.pragma('journal_mode = WAL')
    rawDb.pragma(`synchronous = ${sqliteSynchronous()}`)
    rawDb.exec('CREATE TABLE raw (id INTEGER PRIMARY KEY, data TEXT NOT NULL)')
    const insert = rawDb.prepare('INSERT INTO raw (data) VALUES (?)')
    const insertTx = rawDb.transaction((json: string) => insert.run(json))
    const t1 = performance.now()
    for (let i = 0; i < n; i++) insertTx.immediate(JSON.stringify(sampleData(i)))
    const rawMs = performance.now() - t1

    return {
      logEventsPerSec: Math.round((n * 1000) / logMs),
      rawInsertsPerSec: Math.round((n * 1000) / rawMs),
      durability: DURABILITY,
    }
  } finally {
    logDb?.close()
    rawDb?.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
