#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so the installed `pbem` needs no build step.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsxLoader = import.meta.resolve('tsx')
const result = spawnSync(process.execPath, ['--import', tsxLoader, join(root, 'src/cli/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(result.status ?? 1)
