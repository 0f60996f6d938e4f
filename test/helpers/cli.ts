// The `pbem` command run as a player's machine runs it (bin/pbem.js in a child process) on a data
// folder of its own, removed after the file's tests: the one way the tests run pbem.
import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'

/** The repository, where `bin/pbem.js` is run from. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface RunOptions {
  /**
   * The folder given with `--data`: the sandbox's own unless another is named (a copy of a database,
   * a folder inside the sandbox); `null` gives none, so that PBEM_DATA_DIR alone says where.
   */
  data?: string | null
  /** Variables set for this run over the sandbox's environment ('' clears one). */
  env?: Record<string, string>
}

/** A `pbem` left running (`pbem serve`): what it has written so far, and a way to stop it. */
export interface Started {
  child: ChildProcess
  /** Everything it has written to stdout and stderr so far. */
  output(): string
  /** Resolves once its output contains `text`, or rejects after `ms`. */
  says(text: string, ms?: number): Promise<void>
  /** Ends it and resolves once it has exited. */
  stop(): Promise<void>
}

export interface CliSandbox {
  dir: string
  /** The environment every run starts from: PBEM_DATA_DIR is the sandbox, PBEM_CONFIG is empty. */
  env: NodeJS.ProcessEnv
  pbem(...args: string[]): SpawnSyncReturns<string>
  /** `pbem` with another data folder or more variables. */
  run(options: RunOptions, ...args: string[]): SpawnSyncReturns<string>
  /** `pbem` started in the background; whatever is still running is stopped after the file's tests. */
  start(options: RunOptions, ...args: string[]): Started
  /** `pbem game check` on `text`, written to a file named `name` in the data folder. */
  check(game: string, role: string, name: string, text: string): SpawnSyncReturns<string>
}

/** Polls `probe` every 50 ms until it gives a value, or rejects after `ms`. */
export function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T> {
  const start = Date.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      const v = probe()
      if (v !== undefined) return resolve(v)
      if (Date.now() - start > ms) return reject(new Error(`not within ${ms} ms`))
      setTimeout(tick, 50)
    }
    tick()
  })
}

export function cliSandbox(prefix: string): CliSandbox {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const env: NodeJS.ProcessEnv = { ...process.env, PBEM_DATA_DIR: dir, PBEM_CONFIG: '' }
  const running = new Set<ChildProcess>()
  afterAll(() => {
    for (const child of running) child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  })
  const argv = (options: RunOptions, args: string[]) => {
    const data = options.data === undefined ? dir : options.data
    return ['bin/pbem.js', ...(data === null ? [] : ['--data', data]), ...args]
  }
  const envOf = (options: RunOptions) => ({
    ...env,
    ...(options.data ? { PBEM_DATA_DIR: options.data } : {}),
    ...options.env,
  })
  const run = (options: RunOptions, ...args: string[]) =>
    spawnSync(process.execPath, argv(options, args), { cwd: ROOT, encoding: 'utf8', env: envOf(options) })
  const pbem = (...args: string[]) => run({}, ...args)
  const start = (options: RunOptions, ...args: string[]): Started => {
    const child = spawn(process.execPath, argv(options, args), { cwd: ROOT, env: envOf(options) })
    running.add(child)
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    void exited.then(() => running.delete(child))
    let out = ''
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => (out += d))
    return {
      child,
      output: () => out,
      says: async (text, ms = 20000) => {
        await waitFor(() => (out.includes(text) ? true : undefined), ms)
      },
      stop: () =>
        child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : (child.kill('SIGTERM'), exited),
    }
  }
  const check = (game: string, role: string, name: string, text: string) => {
    const file = join(dir, name)
    writeFileSync(file, text)
    return pbem('game', 'check', game, role, file)
  }
  return { dir, env, pbem, run, start, check }
}
