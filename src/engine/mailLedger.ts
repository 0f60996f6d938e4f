// The engine's port onto the mail record of the log (the system:mail stream): mail/ and reports/
// reach the log only through it, so neither knows how or where events are stored.
import type { AsyncQueryable } from '../log/async/database.ts'
import { latestEventData } from '../log/repos/events.ts'
import type { EventStore, NewEvent, StoredEvent } from '../log/store.ts'
import { MAIL_STREAM } from './events.ts'

export type { NewEvent as MailEvent, StoredEvent as RecordedEvent } from '../log/store.ts'

export class MailLedger {
  constructor(private readonly store: EventStore) {}

  /**
   * Runs `fn` in one transaction, with whatever the judge appends inside it. The mail record is
   * locked first: intakes go one at a time across judge processes (a message delivered to two is
   * filed once), and always take the mail record before any game (no deadlock between them).
   */
  transaction<T>(fn: () => T): T {
    return this.store.transaction(() => {
      this.store.lockStream(MAIL_STREAM)
      return fn()
    })
  }

  record(events: NewEvent[]): void {
    this.store.append(MAIL_STREAM, this.store.version(MAIL_STREAM), events)
  }

  /** Every mail event on record, oldest first. */
  events(): StoredEvent[] {
    return this.store.read(MAIL_STREAM)
  }
}

/** The data of the last `limit` mails received, newest first (what `serve` says of a handled file). */
export function recentMailReceipts(q: AsyncQueryable, limit: number): Promise<unknown[]> {
  return latestEventData(q, MAIL_STREAM, 'MailReceived', limit)
}
