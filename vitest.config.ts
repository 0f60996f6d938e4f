import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default leaves one CPU to itself, which on a two-CPU CI machine runs the files one at a
    // time; the main process is idle while workers run, so use every CPU.
    maxWorkers: availableParallelism(),
    // Commands the tests start run the sources as they are, never a dist/ built before a change.
    env: { PBEM_FROM_SOURCE: '1' },
  },
})
