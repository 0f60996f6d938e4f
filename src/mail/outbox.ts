// The engine's Outbox port backed by the outbox table: rows land in the caller's transaction.
import type { Database } from '../engine/mailStore.ts'
import type { Outbox } from '../engine/judge.ts'
import { enqueueMail } from './outbound.ts'

export function sqliteOutbox(db: Database, clock: () => Date): Outbox {
  return { enqueue: (letter, meta) => void enqueueMail(db, letter, meta, clock()) }
}
