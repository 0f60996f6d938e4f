// The `pbem` command run as a player's machine runs it (bin/pbem.js in a child process) on a data
// folder of its own, removed after the file's tests.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface CliSandbox {
  dir: string
  pbem(...args: string[]): SpawnSyncReturns<string>
  /** `pbem game check` on `text`, written to a file named `name` in the data folder. */
  check(game: string, role: string, name: string, text: string): SpawnSyncReturns<string>
}

export function cliSandbox(prefix: string): CliSandbox {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const pbem = (...args: string[]) =>
    spawnSync(process.execPath, ['bin/pbem.js', '--data', dir, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PBEM_DATA_DIR: dir, PBEM_CONFIG: '' },
    })
  const check = (game: string, role: string, name: string, text: string) => {
    const file = join(dir, name)
    writeFileSync(file, text)
    return pbem('game', 'check', game, role, file)
  }
  return { dir, pbem, check }
}
