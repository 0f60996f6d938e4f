// Set-up of the tiers whose files share their worker's modules (`isolate: false` in vitest.config.ts):
// what a file registers for itself only is removed after it, so the worker's next file starts as it
// would in a fresh process.
import { afterAll } from 'vitest'
import { releaseFixture } from './app.ts'

afterAll(() => releaseFixture())
