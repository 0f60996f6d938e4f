#!/usr/bin/env node
// Runs the compiled CLI (dist/, built from src/ by `npm ci` through the `prepare` script), which
// starts without a TypeScript compiler. Without it, or with PBEM_FROM_SOURCE=1 (the test suite sets
// it, so tests always run the sources as they are), the sources run through tsx's loader in this
// process, so signals reach the judge itself.
import { existsSync } from 'node:fs'

const compiled = new URL('../dist/cli/main.js', import.meta.url)
if (process.env.PBEM_FROM_SOURCE !== '1' && existsSync(compiled)) await import(compiled.href)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/cli/main.ts')
}
