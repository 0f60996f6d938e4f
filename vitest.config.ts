import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120000,
    hookTimeout: 60000,
    pool: 'forks',
    // Commands the tests start run the sources as they are, never a dist/ built before a change.
    env: { PBEM_FROM_SOURCE: '1' },
  },
})
