// The whole judge on PostgreSQL through the `pbem` command: with PBEM_DATABASE_URL set
// to a real PostgreSQL (test/pg/pgstack.ts) a game is created, orders mailed into the drop folder
// are filed by `pbem tick`, the turn is resolved by `pbem adjudicate`, and `pbem verify --all`
// re-checks the chain and every result. Nothing is written to a SQLite file on the way; `pbem demo`
// alone keeps to a SQLite file of its own.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PgAsyncDatabase } from '../../src/log/async/postgres.ts'
import { count as countOn } from '../helpers/asyncSql.ts'
import { type PgStack, connectPg } from './pgstack.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'pbem-pgcli-'))
const data = join(dir, 'data')

let pg: PgStack
let url: string
beforeAll(async () => {
  pg = await connectPg()
  url = pg.freshUrl()
}, 600_000)
afterAll(async () => {
  await pg?.close()
  rmSync(dir, { recursive: true, force: true })
})

const pbem = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['bin/pbem.js', '--data', data, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      PBEM_DATABASE_URL: url,
      PBEM_MAIL_DOMAIN: 'judge.example.test',
      PBEM_CONFIG: '',
      PBEM_SERVER_SECRET: '',
      PBEM_SERVER_SECRET_FILE: '',
    },
  })
  expect(r.status, `pbem ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0)
  return r.stdout
}

function dropOrders(key: string): void {
  const mail = [
    'From: reb@example.test',
    'To: orders@judge.example.test',
    'Subject: orders',
    'Message-ID: <pg-orders-1@example.test>',
    'Content-Type: text/plain',
    '',
    'GAME g1 CONFEDERATE',
    `KEY ${key}`,
    'SUM: RUN-OUT',
    '',
  ].join('\r\n')
  const file = join(data, 'inbox', 'orders.eml')
  writeFileSync(file, mail)
  const past = new Date(Date.now() - 60_000)
  utimesSync(file, past, past) // the drop folder reads only files that have settled
}

/** A count read on a connection of its own, closed after it (nothing held while `pbem` runs). */
async function count(sql: string): Promise<number> {
  const db = new PgAsyncDatabase(url, { max: 1 })
  try {
    return await countOn(db, sql)
  } finally {
    await db.close()
  }
}

it('creates a game, files orders, resolves a turn and verifies it, all on PostgreSQL', async () => {
  const created = pbem(
    'game',
    'create',
    'g1',
    '--ruleset',
    'sea-devils',
    '--scenario',
    'weak-beginning',
    '--player',
    'federal=fed@example.test',
    '--player',
    'confederate=reb@example.test',
  )
  const key = /confederate: key ([0-9a-f]+)/.exec(created)![1]!
  expect(await count(`SELECT COUNT(*) FROM events WHERE stream = 'game:g1' AND type = 'GameCreated'`)).toBe(1)

  dropOrders(key)
  expect(pbem('tick')).toMatch(/^1 mail\(s\) read/m)
  expect(await count(`SELECT COUNT(*) FROM events WHERE stream = 'game:g1' AND type = 'OrdersAccepted'`)).toBe(1)
  expect(await count(`SELECT COUNT(*) FROM mail_seen`)).toBe(1)

  expect(pbem('adjudicate', 'g1', '--force')).toMatch(/^g1: .* adjudicated/m)
  expect(await count(`SELECT COUNT(*) FROM events WHERE stream = 'game:g1' AND type = 'TurnAdjudicated'`)).toBe(1)
  expect(await count(`SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL`)).toBe(0)
  expect(await count(`SELECT COUNT(*) FROM game_clock WHERE stream = 'game:g1'`)).toBe(1)

  expect(pbem('verify', '--all')).toMatch(/^g1: OK \(\d+ events, chain intact, every result re-folds\)/m)
  expect(existsSync(join(data, 'judge.sqlite'))).toBe(false)

  // The demo keeps to a database of its own, never the judge's.
  pbem('demo', '--dir', join(dir, 'demo'))
  expect(existsSync(join(dir, 'demo', 'judge.sqlite'))).toBe(true)
  expect(await count(`SELECT COUNT(*) FROM streams WHERE stream LIKE 'game:%'`)).toBe(1)
}, 180_000)
