// Start-up times of the `pbem` command (a fast CLI): `node -e 0` as the floor, then
// `pbem --help` and `pbem game status` through bin/pbem.js, which runs the compiled dist/ (built by
// `npm ci`; built here if missing). Medians of several runs, each a fresh process.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { projectPath } from '../src/util/resources.ts'
import { defaultGame } from '../src/games/index.ts'

const RUNS = 7

function median(args: string[], env: NodeJS.ProcessEnv): number {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    const r = spawnSync(process.execPath, args, { env, cwd: projectPath(), stdio: 'ignore' })
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`)
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[RUNS >> 1]!
}

export function benchStartup(): { floor: number; help: number; status: number; statusFromSource: number } {
  if (!existsSync(projectPath('dist', 'cli', 'main.js')))
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: projectPath() })
  const dir = mkdtempSync(join(tmpdir(), 'pbem-startup-'))
  const env: NodeJS.ProcessEnv = { ...process.env, PBEM_DATA_DIR: dir }
  delete env.PBEM_FROM_SOURCE
  try {
    const factory = defaultGame()
    const scenario = factory.create(factory.defaultPack()).scenarios[0]!.id
    const roles = factory.create(factory.defaultPack()).roles
    const players = roles.flatMap((role) => ['--player', `${role}=${role}@example.test`])
    execFileSync(
      process.execPath,
      ['bin/pbem.js', 'game', 'create', 'bench1', '--ruleset', factory.id, '--scenario', scenario, ...players],
      {
        env,
        cwd: projectPath(),
        stdio: 'ignore',
      },
    )
    const bin = projectPath('bin', 'pbem.js')
    return {
      floor: median(['-e', '0'], env),
      help: median([bin, '--help'], env),
      status: median([bin, 'game', 'status', 'bench1'], env),
      statusFromSource: median([bin, 'game', 'status', 'bench1'], { ...env, PBEM_FROM_SOURCE: '1' }),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function printStartup(s: ReturnType<typeof benchStartup>): void {
  const x = (ms: number) => `${ms.toFixed(0)} ms (${(ms / s.floor).toFixed(1)}x)`
  console.log(
    `start-up (median of ${RUNS}): node -e 0 ${s.floor.toFixed(0)} ms; pbem --help ${x(s.help)}; pbem game status ${x(s.status)}; the same from the TypeScript sources through tsx ${x(s.statusFromSource)}`,
  )
}
