// Filing a fetched batch of IMAP messages with one durable commit ("Ten thousand games on one
// judge"). Filing one order mail costs little next to the durable commit that ends it (the log's
// synchronous=FULL sync), so the reader reads the messages of a batch first (parsing, DKIM/SPF/DMARC:
// the asynchronous part of the intake), then files them in UID order together, and only then moves
// them to the processed mailbox as before. Together means one of two ways: in one batch on the async
// store (AsyncBatchFiling, intakeGroup.ts: the judge's way when it has its async handle), or in one
// synchronous transaction, each message in a savepoint of its own (BatchFiling).
//
// Exactly-once is the same as one message at a time: nothing is moved before the batch or
// transaction that filed it has committed; a crash before that writes nothing of the group and every
// message in it is read again (and any that was filed is absorbed as a duplicate); each filing checks
// for duplicates, those of the group before it included. A message whose reading or filing fails
// ends the group: those before it are kept, and it and the rest go through the one-at-a-time path,
// which retries it and counts its failures (imap.ts).

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

/** The IMAP handler in two steps, the group filed in one batch on the async store. */
export interface AsyncBatchFiling<R = unknown> {
  /** The asynchronous part of one message, read ahead of the group's filing. */
  readAhead(raw: Buffer, source: string): Promise<R>
  /** Files the leading messages of those read, in order, in one batch: what became of each one filed. */
  fileAll(read: R[]): Promise<unknown[]>
}

/**
 * Files the leading messages of `messages` together: reads each until one fails (or `stopping`
 * says so), then files those read, in order, in one batch or transaction, until one fails (it is
 * taken back; the others stay). Returns the messages filed (none when the batch or transaction
 * itself failed); the caller handles the rest alone.
 */
export async function fileTogether<R>(
  filing: BatchFiling | AsyncBatchFiling<R>,
  messages: readonly Fetched[],
  stopping: () => boolean,
): Promise<Handled[]> {
  const read: { message: Fetched; file: unknown }[] = []
  for (const message of messages) {
    if (stopping()) break
    try {
      const file =
        'fileAll' in filing ? filing.readAhead(message.raw, message.source) : filing.read(message.raw, message.source)
      read.push({ message, file: await file })
    } catch {
      break // the one-at-a-time path reads it again and deals with the failure
    }
  }
  if (read.length === 0) return []
  if ('fileAll' in filing) return fileInBatch(filing, read as { message: Fetched; file: R }[])
  const filed: Handled[] = []
  try {
    filing.together(() => {
      for (const { message, file } of read) {
        try {
          filed.push({ uid: message.uid, source: message.source, result: (file as () => unknown)() })
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

/** The messages read, filed in one batch: those filed (none when the batch itself failed). */
async function fileInBatch<R>(filing: AsyncBatchFiling<R>, read: { message: Fetched; file: R }[]): Promise<Handled[]> {
  let results: unknown[]
  try {
    results = await filing.fileAll(read.map((r) => r.file))
  } catch {
    return [] // as a transaction that did not commit: the one-at-a-time path takes every message
  }
  return results.map((result, i) => ({ uid: read[i]!.message.uid, source: read[i]!.message.source, result }))
}

/** fileTogether over the batch's leading messages that were fetched (none without a two-step handler). */
export async function fileLeading(
  filing: BatchFiling | AsyncBatchFiling | undefined,
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
