#!/usr/bin/env node
// Builds the compiled CLI without ever touching the one a judge runs. The sources are compiled into
// a fresh folder (dist-<id>); `dist` is a symbolic link to the build in use, and the switch is one
// rename of a new link over it, so a `pbem` starting at any moment finds either the old build or
// the new one, complete. Node resolves a module to its real path, so a running judge keeps reading
// its own build (bin/pbem.js marks it in use); a build no running `pbem` uses is removed later.
//
// `npm ci` runs this through the `prepare` script. `npx pbem` in a checkout runs `prepare` too (it
// installs the checkout as a package); a plain run never builds, so `--prepare` does nothing there.
import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const at = (name) => join(root, name)

/** A build in progress older than this was left by a crash; a finished one is kept at least this long. */
const STALE_MS = 60 * 60 * 1000

function main() {
  if (process.argv.includes('--prepare') && process.env.npm_command === 'exec') return 0
  const id = `${Date.now().toString(36)}-${process.pid}`
  const building = `.dist-building-${id}`
  const build = `dist-${id}`
  const local = at(join('node_modules', '.bin', 'tsc'))
  const tsc = spawnSync(existsSync(local) ? local : 'tsc', ['-p', 'tsconfig.build.json', '--outDir', building], {
    cwd: root,
    stdio: 'inherit',
  })
  if (tsc.status !== 0) {
    rmSync(at(building), { recursive: true, force: true })
    console.error(`build failed${tsc.error ? `: ${tsc.error.message}` : ''}; the build in use is unchanged`)
    return tsc.status || 1
  }
  renameSync(at(building), at(build))
  const previous = switchTo(build, id)
  removeUnused(new Set([build, previous].filter(Boolean)))
  return 0
}

/** Points `dist` at the new build in one rename; returns the build it pointed at before, if any. */
function switchTo(build, id) {
  const link = `.dist-link-${id}`
  symlinkSync(build, at(link))
  let previous = null
  const current = lstatSync(at('dist'), { throwIfNoEntry: false })
  if (current?.isSymbolicLink()) previous = readlinkSync(at('dist'))
  else if (current) {
    // A dist/ folder from before builds were switched: moved aside once, to be removed like any other.
    previous = `dist-${id}-old`
    renameSync(at('dist'), at(previous))
  }
  renameSync(at(link), at('dist'))
  return previous
}

/** Removes builds neither current nor previous that no running `pbem` marked, and crashed builds. */
function removeUnused(keep) {
  const now = Date.now()
  for (const name of readdirSync(root)) {
    const partial = name.startsWith('.dist-building-') || name.startsWith('.dist-link-')
    if (!partial && !(name.startsWith('dist-') && !keep.has(name))) continue
    const path = at(name)
    const stat = lstatSync(path, { throwIfNoEntry: false })
    if (!stat || now - stat.mtimeMs < STALE_MS) continue
    if (!partial && inUse(path)) continue
    rmSync(path, { recursive: true, force: true })
  }
}

/** Whether a process that marked the build (bin/pbem.js writes .pids/<pid>) still runs. */
function inUse(build) {
  let pids = []
  try {
    pids = readdirSync(join(build, '.pids'))
  } catch {
    return false
  }
  return pids.some((pid) => {
    try {
      process.kill(Number(pid), 0)
      return true
    } catch (e) {
      return e.code === 'EPERM'
    }
  })
}

process.exitCode = main()
