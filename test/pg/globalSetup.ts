// One PostgreSQL for the whole run (scripts/pgstack.sh), shared by the pg and trials tiers: started
// by the first tier that needs it, stopped when the last one ends. The server must be installed
// beforehand (scripts/test-deps.sh); tests never install packages.
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import type { PgServer } from './pgstack.ts'

const run = promisify(execFile)
const SCRIPT = fileURLToPath(new URL('../../scripts/pgstack.sh', import.meta.url))

interface Shared {
  server: Promise<{ pg: PgServer; stop(): Promise<void> }>
  users: number
}
// Each tier loads this module on its own; the main process is one, so the server lives on globalThis.
const slot = globalThis as { pbemTestPg?: Shared }

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

async function startOn(port: number) {
  const root = mkdtempSync(join(tmpdir(), 'pbem-pgstack-'))
  chmodSync(root, 0o755) // the cluster's owner (postgres, when we are root) must reach it
  const env = { ...process.env, PGSTACK_ROOT: root, PGSTACK_PORT: String(port), PGSTACK_MAX_CONNECTIONS: '300' }
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

async function start() {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOn(await freePort())
    } catch (e) {
      if (attempt >= 4 || !/already in use/.test((e as Error).message)) throw e
    }
  }
}

export default async function setup(project: TestProject) {
  slot.pbemTestPg ??= { server: start(), users: 0 }
  const shared = slot.pbemTestPg
  shared.users++
  project.provide('pg', (await shared.server).pg)
  return async () => {
    if (--shared.users > 0) return
    slot.pbemTestPg = undefined
    await (await shared.server).stop()
  }
}
