// One PostgreSQL for the whole run (test/pg/pgServer.ts), shared by the pg and trials tiers: started
// by the first tier that needs it, stopped when the last one ends. Tests never install it.
import type { TestProject } from 'vitest/node'
import { type RunningPg, startPgServer } from './pgServer.ts'

// Each tier loads this module on its own; the main process is one, so the server lives on globalThis.
const slot = globalThis as { pbemTestPg?: { server: Promise<RunningPg>; users: number } }

export default async function setup(project: TestProject) {
  slot.pbemTestPg ??= { server: startPgServer(300), users: 0 }
  const shared = slot.pbemTestPg
  shared.users++
  project.provide('pg', (await shared.server).pg)
  return async () => {
    if (--shared.users > 0) return
    slot.pbemTestPg = undefined
    await (await shared.server).stop()
  }
}
