// A build never breaks a `pbem` starting beside it (bin/build.js, bin/pbem.js). The real build and
// start scripts run in a small project of their own: a chain of modules whose export names change
// from one build to the next, so a start that read one module of the old build and one of the new
// would fail ("does not provide an export named"). The second build runs while pbem is started
// again and again; every start must succeed.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPath } from '../../src/util/resources.ts'

const MODULES = 60
const MAX_STARTS = 20
let dir: string

/** Sources of generation `g`: main imports m0, m0 imports m1 ... each under a name of this generation. */
function writeSources(g: number): void {
  mkdirSync(join(dir, 'src', 'cli'), { recursive: true })
  for (let i = 0; i < MODULES; i++)
    writeFileSync(
      join(dir, 'src', 'cli', `m${i}.ts`),
      i === MODULES - 1
        ? `export const v${g} = 0\n`
        : `import { v${g} as next } from './m${i + 1}.ts'\nexport const v${g} = next + 1\n`,
    )
  writeFileSync(join(dir, 'src', 'cli', 'main.ts'), `import { v${g} } from './m0.ts'\nconsole.log('gen ${g}', v${g})\n`)
}

const env = (): NodeJS.ProcessEnv => {
  const e = { ...process.env }
  delete e.PBEM_FROM_SOURCE
  delete e.npm_command
  return e
}
const build = (...args: string[]) =>
  spawnSync(process.execPath, [join(dir, 'bin', 'build.js'), ...args], { env: env(), encoding: 'utf8' })
const start = () => spawnSync(process.execPath, [join(dir, 'bin', 'pbem.js')], { env: env(), encoding: 'utf8' })

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbem-build-'))
  mkdirSync(join(dir, 'bin'))
  for (const f of ['build.js', 'pbem.js']) copyFileSync(projectPath('bin', f), join(dir, 'bin', f))
  symlinkSync(projectPath('node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'build-fixture', type: 'module' }))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        allowImportingTsExtensions: true,
      },
      include: ['src'],
    }),
  )
  copyFileSync(projectPath('tsconfig.build.json'), join(dir, 'tsconfig.build.json'))
  writeSources(1)
  const first = build()
  expect(first.status, first.stderr).toBe(0)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('building the compiled CLI', () => {
  it('switches dist to a complete new build while pbem starts beside it, and no start fails', async () => {
    expect(start().stdout).toBe(`gen 1 ${MODULES - 1}\n`)
    const before = readlinkSync(join(dir, 'dist'))
    writeSources(2)
    const running = spawn(process.execPath, [join(dir, 'bin', 'build.js')], { env: env(), stdio: 'pipe' })
    const finished = new Promise<number | null>((resolve) => running.on('exit', resolve))
    let done = false
    void finished.then(() => (done = true))
    const failures: string[] = []
    let duringBuild = 0
    for (let i = 0; i < MAX_STARTS; i++) {
      const wasRunning = !done
      const r = start()
      if (r.status !== 0 || !/^gen [12] \d+\n$/.test(r.stdout)) failures.push(`start ${i}: ${r.stderr || r.stdout}`)
      if (wasRunning) duringBuild++
      if (done) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await finished).toBe(0)
    expect(failures).toEqual([])
    expect(duringBuild).toBeGreaterThan(0)
    expect(start().stdout).toBe(`gen 2 ${MODULES - 1}\n`)
    expect(lstatSync(join(dir, 'dist')).isSymbolicLink()).toBe(true)
    // The build a running pbem may still read from is kept.
    expect(lstatSync(join(dir, before)).isDirectory()).toBe(true)
  })

  it('a run of pbem never builds: `prepare` under npx (npm exec) does nothing', () => {
    const link = readlinkSync(join(dir, 'dist'))
    writeSources(3)
    const r = spawnSync(process.execPath, [join(dir, 'bin', 'build.js'), '--prepare'], {
      env: { ...env(), npm_command: 'exec' },
      encoding: 'utf8',
    })
    expect(r.status).toBe(0)
    expect(readlinkSync(join(dir, 'dist'))).toBe(link)
    expect(start().stdout).toBe(`gen 2 ${MODULES - 1}\n`)
  })

  it('a failed build leaves the build in use as it was', () => {
    const link = readlinkSync(join(dir, 'dist'))
    writeFileSync(join(dir, 'src', 'cli', 'main.ts'), 'const x: number = "not a number"\nconsole.log(x)\n')
    expect(build().status).not.toBe(0)
    expect(readlinkSync(join(dir, 'dist'))).toBe(link)
    expect(execFileSync(process.execPath, [join(dir, 'bin', 'pbem.js')], { env: env(), encoding: 'utf8' })).toBe(
      `gen 2 ${MODULES - 1}\n`,
    )
  })
})
