// Set-up of the unit tier: a file there that reaches a database fails at once, naming where it
// belongs, instead of slowing the tier down unnoticed.
import { vi } from 'vitest'

const { refuse } = vi.hoisted(() => ({
  refuse: (what: string) => () => {
    throw new Error(`${what} in the unit tier: list this test file under judge or pg in vitest.config.ts`)
  },
}))
vi.mock('better-sqlite3', refuse('SQLite (better-sqlite3)'))
vi.mock('pg', refuse('PostgreSQL (pg)'))
