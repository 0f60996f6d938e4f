// A real PostgreSQL for tests: Debian's server started by scripts/pgstack.sh in a
// temporary root on a free loopback port, one cluster per test file, a fresh database per test.
// When PostgreSQL is missing the script installs it (root, apt); when it cannot, the suite fails.
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PgDatabase } from '../../src/log/pg/database.ts'

const run = promisify(execFile)
const SCRIPT = fileURLToPath(new URL('../../scripts/pgstack.sh', import.meta.url))

export interface PgStack {
  root: string
  /** The stack's own database. */
  url: string
  /** A new empty database on the same server, for one test. */
  freshUrl(): string
  stop(): Promise<void>
}

async function script(cmd: string, env: NodeJS.ProcessEnv, timeout: number): Promise<string> {
  try {
    return (await run('bash', [SCRIPT, cmd], { env, timeout })).stdout
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string }
    throw new Error(`pgstack.sh ${cmd} failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`)
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

export async function startPgStack(): Promise<PgStack> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOn(await freePort())
    } catch (e) {
      if (attempt >= 4 || !/already in use/.test((e as Error).message)) throw e
    }
  }
}

async function startOn(port: number): Promise<PgStack> {
  const root = mkdtempSync(join(tmpdir(), 'pbem-pgstack-'))
  chmodSync(root, 0o755) // the cluster's owner (postgres, when we are root) must reach it
  const env = { ...process.env, PGSTACK_ROOT: root, PGSTACK_PORT: String(port) }
  let url: string
  try {
    await script('install', env, 600_000)
    url = (await script('start', env, 120_000)).trim().split('\n').pop()!
  } catch (e) {
    await script('stop', env, 60_000).catch(() => '')
    rmSync(root, { recursive: true, force: true })
    throw e
  }
  const admin = new PgDatabase(url)
  let n = 0
  return {
    root,
    url,
    freshUrl() {
      const name = `t${process.pid}_${++n}`
      admin.exec(`CREATE DATABASE ${name}`)
      return url.replace(/\/[^/]+$/, `/${name}`)
    },
    async stop() {
      admin.close()
      await script('stop', env, 60_000)
      rmSync(root, { recursive: true, force: true })
    },
  }
}
