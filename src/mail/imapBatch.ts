// Filing a fetched batch of IMAP messages in one transaction ("Ten thousand games on one
// judge"). Filing one order mail costs little next to the durable commit that ends it (the log's
// synchronous=FULL sync), so the reader reads the messages of a batch first (parsing, DKIM/SPF/DMARC:
// the asynchronous part of the intake), then files them in UID order in one transaction, each in a
// savepoint of its own, and only then moves them to the processed mailbox as before.
//
// Exactly-once is the same as one message at a time: nothing is moved before the transaction that
// filed it has committed; a crash before that rolls the whole group back and every message in it is
// read again (and any that was filed is absorbed as a duplicate); each filing checks for duplicates
// in its own savepoint. A message whose reading or filing fails ends the group: those before it are
// kept, and it and the rest go through the one-at-a-time path, which retries it and counts its
// failures (imap.ts).

/** A message fetched from the mailbox, with the source label the intake records. */
export interface Fetched {
  uid: number
  source: string
  raw: Buffer
}

/** A message filed, and what the handler said of it. */
export interface Handled {
  uid: number
  source: string
  result: unknown
}

/** The IMAP handler in two steps, so that a batch can be filed in one transaction. */
export interface BatchFiling {
  /** The asynchronous part of one message; the function it resolves to files it, synchronously. */
  read(raw: Buffer, source: string): Promise<() => unknown>
  /** Runs `fileAll` in one transaction (the filings inside take savepoints). */
  together(fileAll: () => void): void
}

/**
 * Files the leading messages of `messages` together: reads each until one fails (or `stopping`
 * says so), then files those read, in order, in one transaction, until one throws (its savepoint
 * is rolled back; the others stay). Returns the messages filed (none when the transaction itself
 * failed); the caller handles the rest alone.
 */
export async function fileTogether(
  filing: BatchFiling,
  messages: readonly Fetched[],
  stopping: () => boolean,
): Promise<Handled[]> {
  const read: { message: Fetched; file: () => unknown }[] = []
  for (const message of messages) {
    if (stopping()) break
    try {
      read.push({ message, file: await filing.read(message.raw, message.source) })
    } catch {
      break // the one-at-a-time path reads it again and deals with the failure
    }
  }
  const filed: Handled[] = []
  if (read.length === 0) return filed
  try {
    filing.together(() => {
      for (const { message, file } of read) {
        try {
          filed.push({ uid: message.uid, source: message.source, result: file() })
        } catch {
          break
        }
      }
    })
  } catch {
    // The transaction did not commit (a locked database, say): nothing is filed, and the
    // one-at-a-time path, which waits out failures that pass, takes every message of the batch.
    return []
  }
  return filed
}

/** fileTogether over the batch's leading messages that were fetched (none without a two-step handler). */
export async function fileLeading(
  filing: BatchFiling | undefined,
  batch: readonly number[],
  fetched: ReadonlyMap<number, Buffer>,
  sourceOf: (uid: number) => string,
  stopping: () => boolean,
): Promise<Handled[]> {
  if (!filing) return []
  const leading: Fetched[] = []
  for (const uid of batch) {
    const raw = fetched.get(uid)
    if (!raw) break
    leading.push({ uid, raw, source: sourceOf(uid) })
  }
  return leading.length ? fileTogether(filing, leading, stopping) : []
}

/**
 * The batches with their fetched sources, the next batch's FETCH sent as soon as the one before has
 * arrived: the server reads the next messages while the judge files and moves the last ones, and
 * the client queues the MOVE behind that FETCH on the one connection. A FETCH of the source is a
 * peek (no flag changes), so fetching early changes nothing about what is filed or moved, or when;
 * a batch fetched but not reached (the reader stopping, an error) is simply read on the next pass.
 */
export async function* fetchAhead<B>(
  batches: readonly B[],
  fetch: (batch: B) => Promise<Map<number, Buffer>>,
): AsyncGenerator<[B, Map<number, Buffer>]> {
  const start = (i: number) => {
    if (i >= batches.length) return null
    const p = fetch(batches[i] as B)
    p.catch(() => {}) // awaited in its turn; a pass that ends before then does not leave it unhandled
    return p
  }
  let next = start(0)
  try {
    for (let i = 0; i < batches.length && next; i++) {
      const fetched = await next
      next = start(i + 1)
      yield [batches[i] as B, fetched]
    }
  } finally {
    await next?.catch(() => {}) // nothing of this pass left in flight once it ends
  }
}
