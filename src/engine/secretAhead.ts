// The server secret on the async handle (src/engine/secret.ts keeps the synchronous way and where a
// judge's secret comes from): the secret a batched decision needs, with the judge's first use of it
// in the process made there (its fingerprint recorded in the log once, by one of two judges at once),
// the note at start, and the export.
import { randomBytes } from 'node:crypto'
import type { AsyncDatabase } from '../log/async/database.ts'
import { AsyncEventStore, isWriteConflict } from '../log/async/store.ts'
import { eraseServerSecretAsync, findServerSecretAsync, storeServerSecretIfAbsentAsync } from '../log/repos/settings.ts'
import type { SqlDatabase as Database } from '../log/sql.ts'
import { GENESIS_HASH, type StoredEvent } from '../log/store.ts'
import { SERVER_STREAM } from './events.ts'
import {
  exported,
  fileLost,
  nothingToExport,
  type SecretExport,
  writeExportFile,
  fileNotExported,
  inUseEvent,
  movedOut,
  newSecretFile,
  readSecretFile,
  SETTING_NAME,
  type Source,
  secretFingerprint,
  sourceOf,
  wellFormed,
} from './secret.ts'

/**
 * Moves the database's secret to `file` (mode 0600, never overwriting) and erases it from the
 * database; on PostgreSQL `residue` says where a copy may still be. The stored secret is read on the
 * async handle, its use recorded in the log before it leaves (serverSecretAhead), and its row erased
 * there (eraseServerSecretAsync).
 */
export async function exportServerSecretAhead(db: Database, jobs: AsyncDatabase, file: string): Promise<SecretExport> {
  const source = sourceOf(db)
  const stored = await findServerSecretAsync(jobs)
  const secret = stored === null ? null : wellFormed(stored, SETTING_NAME)
  if (!secret) throw nothingToExport(source)
  if (source?.origin === 'database') await serverSecretAhead(db, jobs)
  writeExportFile(file, secret)
  const erased = await eraseServerSecretAsync(jobs)
  return exported(secret, erased)
}

/**
 * The server secret for a decision made from reads done ahead on the async handle (a resolution
 * batched by the tick, a mail's filing, a creation, a read-only command), read there. The judge's
 * first use of it in the process is made there too: the secret read (or, on first ever use, made:
 * the database's or the file's), and its fingerprint recorded in the log when the log does not have
 * it last, so nothing of it goes on the synchronous handle. Two judges making the first secret at
 * once write one (the setting's key is unique: the loser reads the winner's) and record it once (the
 * server stream's next version is unique: the loser reads the record and finds it there).
 */
export async function serverSecretAhead(db: Database, jobs: AsyncDatabase): Promise<string> {
  const source = sourceOf(db)
  if (!source) return databaseSecretAhead(jobs, null)
  if (source.recorded) {
    const stored = source.secret ?? (source.file ? null : await findServerSecretAsync(jobs))
    const secret = stored === null ? null : stored.trim().toLowerCase()
    if (secret && secretFingerprint(secret) === source.recorded) return secret
  }
  const secret =
    source.secret ??
    (source.file ? await secretFileMadeOnceAhead(jobs, source) : await databaseSecretAhead(jobs, source))
  await noteInUseAhead(jobs, source, secret)
  return secret
}

/**
 * The judge's first use of a secret it already has, at start (`pbem serve`, `pbem tick`), on the
 * async handle: read, and recorded in the log unless recorded last, so the synchronous work after
 * it finds it noted. Makes none: a judge that has no secret yet makes it where it first needs it,
 * and a secret that cannot be read is reported there, as before.
 */
export async function serverSecretAtStart(db: Database, jobs: AsyncDatabase): Promise<void> {
  await noteAtStart(db, jobs).catch(() => undefined)
}

async function noteAtStart(db: Database, jobs: AsyncDatabase): Promise<void> {
  const source = sourceOf(db)
  if (!source || source.recorded) return
  const stored = source.secret || source.file ? null : await findServerSecretAsync(jobs)
  const secret =
    source.secret ??
    (source.file ? readSecretFile(source.file, source.fileSetting) : stored && wellFormed(stored, SETTING_NAME))
  if (!secret) return
  if (source.file) source.secret = secret
  await noteInUseAhead(jobs, source, secret)
}

/** The event store of the server stream on the async handle, dated by the judge's clock. */
const serverStore = (jobs: AsyncDatabase, source: Source) =>
  new AsyncEventStore(jobs, source.store.schemas, source.store.clock)

async function lastRecordedAhead(jobs: AsyncDatabase, source: Source): Promise<StoredEvent | null> {
  const events = await serverStore(jobs, source).read(SERVER_STREAM)
  return events.filter((e) => e.type === 'ServerSecretInUse').at(-1) ?? null
}

/** As databaseSecret, on the async handle. */
async function databaseSecretAhead(jobs: AsyncDatabase, source: Source | null): Promise<string> {
  const stored = await findServerSecretAsync(jobs)
  if (stored !== null) return wellFormed(stored, SETTING_NAME)
  const last = source ? await lastRecordedAhead(jobs, source) : null
  if (last) throw movedOut(last)
  await storeServerSecretIfAbsentAsync(jobs, randomBytes(32).toString('hex'))
  return wellFormed((await findServerSecretAsync(jobs))!, SETTING_NAME)
}

/** As secretFileMadeOnce, the log and the database read on the async handle. */
async function secretFileMadeOnceAhead(jobs: AsyncDatabase, source: Source): Promise<string> {
  const existing = readSecretFile(source.file!, source.fileSetting)
  if (existing) return (source.secret = existing)
  const [last, stored] = await Promise.all([lastRecordedAhead(jobs, source), findServerSecretAsync(jobs)])
  // Another judge starting at once may have made the file (and recorded it) while these were read.
  const made = readSecretFile(source.file!, source.fileSetting)
  if (made) return (source.secret = made)
  if (last) throw fileLost(source, last)
  if (stored !== null) throw fileNotExported(source)
  return newSecretFile(source)
}

/** How many times a record beaten by another judge's looks again (each time it finds one more). */
const RECORD_TRIES = 5

/**
 * As noteInUse, on the async handle: the server stream read, and the record appended after it in
 * one batch unless it is there last. A judge that appended first makes the batch fail (the next
 * version is unique): the stream is read again, and the record found there is not made twice.
 */
async function noteInUseAhead(jobs: AsyncDatabase, source: Source, secret: string): Promise<void> {
  const fingerprint = secretFingerprint(secret)
  if (source.recorded === fingerprint) return
  const store = serverStore(jobs, source)
  for (let tries = 1; ; tries++) {
    const events = await store.read(SERVER_STREAM)
    const last = events.filter((e) => e.type === 'ServerSecretInUse').at(-1) ?? null
    if (last?.data.fingerprint === fingerprint) break
    const end = events.at(-1)
    const head = { version: end?.version ?? 0, hash: end?.hash ?? GENESIS_HASH }
    try {
      await jobs.batch(store.appendSteps(SERVER_STREAM, head, [inUseEvent(source, fingerprint, last)]).steps)
      break
    } catch (err) {
      if (!isWriteConflict(err) || tries >= RECORD_TRIES) throw err
    }
  }
  source.recorded = fingerprint
}
