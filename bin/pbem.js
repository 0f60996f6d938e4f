#!/usr/bin/env node
// Runs the compiled CLI (dist/, built from src/ by `npm ci` through the `prepare` script, see
// bin/build.js), which starts without a TypeScript compiler. dist is a link to one complete build:
// this process resolves it once and marks that build in use, so a build made meanwhile never
// removes it. Without a build, or with PBEM_FROM_SOURCE=1 (the test suite sets it, so tests always
// run the sources as they are), the sources run through tsx's loader in this process, so signals
// reach the judge itself. A plain run never builds.
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The build dist points at now, or null. */
function currentBuild() {
  try {
    const build = realpathSync(fileURLToPath(new URL('../dist', import.meta.url)))
    return existsSync(join(build, 'cli', 'main.js')) ? build : null
  } catch {
    return null
  }
}

/** Marks the build in use by this process (best effort: a read-only checkout simply is not marked). */
function markInUse(build) {
  const mark = join(build, '.pids', String(process.pid))
  try {
    mkdirSync(join(build, '.pids'), { recursive: true })
    writeFileSync(mark, '')
    process.once('exit', () => rmSync(mark, { force: true }))
  } catch {
    // not marked
  }
}

const build = process.env.PBEM_FROM_SOURCE === '1' ? null : currentBuild()
if (build) {
  markInUse(build)
  await import(pathToFileURL(join(build, 'cli', 'main.js')).href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
