// The async store's pool rides out a restart of PostgreSQL itself: calls fail while the server is
// down, and the first call after it is back succeeds on a new connection, the log saying so. On a
// server of its own (scripts/pgstack.sh), not the run's shared one.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { openAsyncDatabase } from '../../../src/log/async/open.ts'
import { AsyncEventStore } from '../../../src/log/async/store.ts'
import { EventSchemas } from '../../../src/log/schemas.ts'
import { startPgServer } from '../../pg/pgServer.ts'
import { PUBLIC, tempDir, writeTestSchemas } from '../helpers.ts'

const run = promisify(execFile)
const SCRIPT = fileURLToPath(new URL('../../../scripts/pgstack.sh', import.meta.url))

it('a restart of PostgreSQL: the next call after it reconnects', async () => {
  const server = await startPgServer(20)
  const tmp = tempDir()
  const logs: string[] = []
  const env = { ...process.env, PGSTACK_ROOT: server.pg.root, PGSTACK_PORT: new URL(server.pg.url).port }
  const db = await openAsyncDatabase(server.pg.url, { log: (m) => logs.push(m) })
  try {
    const store = new AsyncEventStore(db, new EventSchemas(writeTestSchemas(tmp.dir)))
    const thing = (name: string) => ({ type: 'Thing', data: { name, count: 1 }, audience: PUBLIC })
    await store.append('s', 0, [thing('before')])
    await run('bash', [SCRIPT, 'stop'], { env })
    await expect(store.append('s', 1, [thing('while down')])).rejects.toThrow()
    await run('bash', [SCRIPT, 'start'], { env })
    await store.append('s', 1, [thing('after')])
    expect((await store.read('s')).map((e) => e.data.name)).toEqual(['before', 'after'])
    expect(logs.some((m) => /connection lost/.test(m))).toBe(true)
    expect(logs.some((m) => /reconnected/.test(m))).toBe(true)
  } finally {
    await db.close()
    await server.stop()
    tmp.cleanup()
  }
})
