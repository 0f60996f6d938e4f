// A judge whose PostgreSQL connections are cut (pg_terminate_backend, as an administrator or
// idle_in_transaction_session_timeout would) carries on: `pbem serve` on PostgreSQL with its drop
// folder files one side's orders, every connection to the database is terminated, and the other
// side's orders, dropped after, are still filed and the turn resolved by the same process, which
// says in its log that it connected again.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openAppAsync } from '../../src/cli/app.ts'
import { createGameAsync } from '../helpers/asyncJudge.ts'
import { PgAsyncDatabase } from '../../src/log/async/postgres.ts'
import { count as countOn } from '../helpers/asyncSql.ts'
import { waitFor } from '../e2e/mailstack.ts'
import { connectPg, type PgStack } from './pgstack.ts'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
let pg: PgStack
let dir: string
beforeAll(async () => {
  pg = await connectPg()
  dir = mkdtempSync(join(tmpdir(), 'pbem-reconnect-'))
}, 120_000)
afterAll(async () => {
  await pg?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function drop(data: string, name: string, from: string, id: string, body: string): void {
  const file = join(data, 'inbox', name)
  const text = [
    `From: ${from}`,
    'To: orders@judge.example.test',
    'Subject: orders',
    `Message-ID: <${id}>`,
    '',
    body,
    '',
  ]
  writeFileSync(file, text.join('\r\n'))
  const past = new Date(Date.now() - 60_000)
  utimesSync(file, past, past) // settled: the drop folder takes it at once
}

it('pbem serve keeps filing and resolving after every PostgreSQL connection of its database is terminated', async () => {
  const url = pg.freshUrl()
  const dbName = url.slice(url.lastIndexOf('/') + 1)
  const data = join(dir, 'judge')
  mkdirSync(join(data, 'inbox'), { recursive: true })
  // The game created as `game create` creates it, in one batch on the async handle.
  const setup = await openAppAsync({
    dataDir: data,
    database: url,
    mail: {} as never,
    mailDomain: 'judge.example.test',
  })
  const { keys } = await createGameAsync(setup, {
    game: 'rc1',
    ruleset: 'sea-devils',
    scenario: 'weak-beginning',
    players: [
      { role: 'federal', address: 'fed@example.test', name: 'F' },
      { role: 'confederate', address: 'reb@example.test', name: 'C' },
    ],
  })
  // Its pool closed before the judge starts, so that the connections cut below are the judge's.
  await setup.jobsDb.close()
  setup.close()

  let log = ''
  const judge: ChildProcess = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '100', '--no-demo-game'], {
    cwd: REPO,
    env: { ...process.env, PBEM_DATA_DIR: data, PBEM_DATABASE_URL: url, PBEM_MAIL_DOMAIN: 'judge.example.test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  judge.stdout!.on('data', (b) => (log += b))
  judge.stderr!.on('data', (b) => (log += b))
  const quiet = () => {}
  const db = new PgAsyncDatabase(url, { max: 1, log: quiet })
  const admin = new PgAsyncDatabase(pg.url, { max: 1, log: quiet })
  const count = (type: string) =>
    countOn(db, 'SELECT COUNT(*) FROM events WHERE stream = ? AND type = ?', 'game:rc1', type)
  try {
    drop(
      data,
      '1.eml',
      'fed@example.test',
      'rc1-fed@example.test',
      `GAME rc1 FEDERAL\nKEY ${keys.federal}\nMOVE K-STAT C14 C11`,
    )
    await waitFor(async () => (await count('OrdersAccepted')) === 1, 15_000, 'the Federal orders filed')

    const cut = await admin.all(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    )
    expect(cut.length).toBeGreaterThan(0)

    drop(
      data,
      '2.eml',
      'reb@example.test',
      'rc1-reb@example.test',
      `GAME rc1 CONFEDERATE\nKEY ${keys.confederate}\nSUM: RUN-OUT\nSUM: MOVE C11 +RAID`,
    )
    // This test's own handle lost its connection too: its first statement may fail, the next reconnects.
    await waitFor(
      async () => (await count('TurnAdjudicated')) === 1,
      15_000,
      `the turn resolved after the cut; the judge said:\n${log}`,
    )
    expect(await count('OrdersAccepted')).toBe(2)
    expect(judge.exitCode).toBeNull()
    // Said by whichever of the judge's handles met the cut first: the async pool (intake, the tick's
    // resolutions) or the synchronous driver (what still runs on it).
    expect(log).toMatch(/PostgreSQL connection re-established|PostgreSQL: reconnected after \d+ lost connection/)
  } finally {
    judge.kill('SIGTERM')
    await db.close()
    await admin.close()
  }
}, 40_000)
