// A throw-away PostgreSQL (scripts/pgstack.sh) in a temporary root on a free loopback port. The
// test run starts one (test/pg/globalSetup.ts); scripts outside vitest (bench/) start their own with
// startPgStack. The server must be installed beforehand (scripts/test-deps.sh).
import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export interface PgServer {
  /** The cluster's folder (its data files are under `data/`). */
  root: string
  /** The server's own database. */
  url: string
}

export interface RunningPg {
  pg: PgServer
  stop(): Promise<void>
}

const run = promisify(execFile)
const SCRIPT = fileURLToPath(new URL('../../scripts/pgstack.sh', import.meta.url))

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

async function startOn(port: number, maxConnections: number): Promise<RunningPg> {
  const root = mkdtempSync(join(tmpdir(), 'pbem-pgstack-'))
  chmodSync(root, 0o755) // the cluster's owner (postgres, when we are root) must reach it
  const env = {
    ...process.env,
    PGSTACK_ROOT: root,
    PGSTACK_PORT: String(port),
    PGSTACK_MAX_CONNECTIONS: String(maxConnections),
  }
  const stop = async () => {
    await script('stop', env, 60_000).catch(() => '')
    rmSync(root, { recursive: true, force: true })
  }
  try {
    const url = (await script('start', env, 120_000)).trim().split('\n').pop()!
    return { pg: { root, url }, stop }
  } catch (e) {
    await stop()
    if (/not installed/.test((e as Error).message))
      throw new Error('PostgreSQL is not installed: run `sudo bash scripts/test-deps.sh` (Debian) first')
    throw e
  }
}

/** Starts a server; `maxConnections` for a run whose files share it. */
export async function startPgServer(maxConnections = 100): Promise<RunningPg> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOn(await freePort(), maxConnections)
    } catch (e) {
      if (attempt >= 4 || !/already in use/.test((e as Error).message)) throw e
    }
  }
}

/** The newest server's psql (Debian keeps it under /usr/lib/postgresql/<major>/bin), else PATH's. */
let psqlPath: string | undefined
function psql(): string {
  psqlPath ??= findPsql()
  return psqlPath
}
function findPsql(): string {
  const root = '/usr/lib/postgresql'
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d)) : []
  for (const major of majors.sort((a, b) => Number(b) - Number(a))) {
    const bin = join(root, major, 'bin', 'psql')
    if (existsSync(bin)) return bin
  }
  return 'psql'
}

/**
 * Creates database `name` on the server at `url` and answers its URL. Synchronous, so that a test
 * takes a database where it needs one: psql in a child process, no driver in this one.
 */
export function createDatabase(url: string, name: string): string {
  if (!/^\w+$/.test(name)) throw new Error(`not a database name: ${name}`)
  try {
    execFileSync(psql(), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', `CREATE DATABASE ${name}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    })
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string }
    throw new Error(`could not create database ${name}: ${err.stderr?.toString().trim() || err.message}`)
  }
  return url.replace(/\/[^/]+$/, `/${name}`)
}

/** A server of its own with a fresh database per call of freshUrl, for scripts outside vitest. */
export async function startPgStack(): Promise<PgServer & { freshUrl(): string; stop(): Promise<void> }> {
  const server = await startPgServer()
  let n = 0
  return {
    ...server.pg,
    freshUrl: () => createDatabase(server.pg.url, `t${process.pid}_${++n}`),
    stop: () => server.stop(),
  }
}
