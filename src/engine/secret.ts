// The server secret every player and moderator key is derived from (src/engine/keys.ts). By default
// it sits in the `settings` table, so a copy of the database file holds every key; the operator can
// keep it outside instead, in a file (PBEM_SERVER_SECRET_FILE) or the environment
// (PBEM_SERVER_SECRET), and then it is never written to the database. Either way the log records
// its fingerprint (ServerSecretInUse), so a secret that was swapped or lost and made anew, which
// silently changes every key, is caught by `pbem verify` instead of by the players.
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs'
import type { AsyncDatabase, AsyncQueryable } from '../log/async/database.ts'
import {
  findServerSecret,
  findServerSecretAsync,
  storeServerSecretAsync,
  storeServerSecretIfAbsent,
} from '../log/repos/settings.ts'
import type { SqlDatabase as Database } from '../log/sql.ts'
import type { EventStore, StoredEvent } from '../log/store.ts'
import { SERVER_STREAM, type ServerSecretInUse } from './events.ts'

export type SecretOrigin = ServerSecretInUse['origin']

/** Where the operator keeps the secret; neither set: in the database. */
export interface SecretConfig {
  /** A file of 64 hex characters, created (mode 0600) on first use if it does not exist. */
  file?: string | null
  /** 64 hex characters. */
  value?: string | null
  /** How the operator named the setting, for error messages (e.g. "PBEM_SERVER_SECRET_FILE"). */
  fileSetting?: string
}

export class ServerSecretError extends Error {
  override name = 'ServerSecretError'
}

const SETTING = 'server-secret'
export const SETTING_NAME = `the database's server secret (settings "${SETTING}")`
const HEX64 = /^[0-9a-f]{64}$/

/** Where a judge's secret comes from, decided at start (useServerSecret); secretAhead.ts reads it too. */
export interface Source {
  origin: SecretOrigin
  file: string | null
  fileSetting: string
  /** Known once read or made; a missing file is made on first use, not at start. */
  secret: string | null
  store: EventStore
  /** The fingerprint last seen recorded in committed state: no need to read the log again. */
  recorded: string | null
}

const sources = new WeakMap<Database, Source>()

/** Where `db`'s secret comes from, if useServerSecret decided it. */
export const sourceOf = (db: Database): Source | undefined => sources.get(db)

export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(`acw-pbem server secret fingerprint|${secret}`).digest('hex').slice(0, 16)
}

export function wellFormed(text: string, where: string): string {
  const s = text.trim().toLowerCase()
  if (!HEX64.test(s))
    throw new ServerSecretError(
      `${where} is not a server secret: it must be 64 hex characters (32 bytes), and it is ${s.length} character(s)${/^[0-9a-f]*$/.test(s) ? '' : ' with some not hex'}`,
    )
  return s
}

/**
 * Decides where `db`'s server secret comes from, for the life of the connection. A malformed
 * secret (variable or existing file) is refused here, at start.
 */
export function useServerSecret(db: Database, store: EventStore, config: SecretConfig = {}): void {
  const fileSetting = config.fileSetting ?? 'PBEM_SERVER_SECRET_FILE'
  const value = config.value?.trim() || null
  const file = config.file?.trim() || null
  if (value && file)
    throw new ServerSecretError(
      `PBEM_SERVER_SECRET and ${fileSetting} are both set: keep the server secret in one place`,
    )
  const source: Source = {
    origin: value ? 'environment' : file ? 'file' : 'database',
    file,
    fileSetting,
    secret: value ? wellFormed(value, 'PBEM_SERVER_SECRET') : null,
    store,
    recorded: null,
  }
  if (file) source.secret = readSecretFile(file, fileSetting)
  sources.set(db, source)
}

export function readSecretFile(file: string, setting: string): string | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new ServerSecretError(`${setting} ${file} cannot be read: ${(e as Error).message}`)
  }
  return wellFormed(text, `${setting} ${file}`)
}

/** Gives a new database a chosen server secret (the demo's, so its replays are the same); refused when it has one. */
export function installServerSecretAhead(jobs: AsyncDatabase, secret: string): Promise<void> {
  return storeServerSecretAsync(jobs, secret)
}

/** The secret in force, made on first use when there is none yet; its fingerprint is logged. */
export function serverSecret(db: Database): string {
  const source = sources.get(db)
  if (!source) return databaseSecret(db, null)
  const secret = source.secret ?? (source.file ? secretFileMadeOnce(db, source) : databaseSecret(db, source))
  noteInUse(db, source, secret)
  return secret
}

function storedSecret(db: Database): string | null {
  const value = findServerSecret(db)
  return value !== null ? wellFormed(value, SETTING_NAME) : null
}

function lastRecorded(store: EventStore): StoredEvent | null {
  return (
    store
      .read(SERVER_STREAM)
      .filter((e) => e.type === 'ServerSecretInUse')
      .at(-1) ?? null
  )
}

const when = (e: StoredEvent) => `${e.recordedAt.slice(0, 10)} ${e.recordedAt.slice(11, 16)} UTC`

function databaseSecret(db: Database, source: Source | null): string {
  const stored = storedSecret(db)
  if (stored) return stored
  // A missing secret is only made anew on a judge that never had one: otherwise it was moved out
  // (and the variable is not set) or lost, and a new one would change every key without a word.
  const last = source ? lastRecorded(source.store) : null
  if (last) throw movedOut(last)
  storeServerSecretIfAbsent(db, randomBytes(32).toString('hex'))
  return storedSecret(db)!
}

export const movedOut = (last: StoredEvent) =>
  new ServerSecretError(
    `the database holds no server secret, but the log records one in use since ${when(last)} (fingerprint ${last.data.fingerprint}): set PBEM_SERVER_SECRET_FILE to the file it was exported to (pbem secret export)`,
  )

export const fileLost = (source: Source, last: StoredEvent) =>
  new ServerSecretError(
    `${source.fileSetting} ${source.file} does not exist, but the log records a server secret in use since ${when(last)} (fingerprint ${last.data.fingerprint}): restore the file; a new secret would change every player key`,
  )

export const fileNotExported = (source: Source) =>
  new ServerSecretError(
    `${source.fileSetting} ${source.file} does not exist and the database holds the server secret: move it there with "pbem secret export --to ${source.file}"`,
  )

function secretFileMadeOnce(db: Database, source: Source): string {
  const existing = readSecretFile(source.file!, source.fileSetting)
  if (existing) return (source.secret = existing)
  const last = lastRecorded(source.store)
  if (last) throw fileLost(source, last)
  if (storedSecret(db)) throw fileNotExported(source)
  return newSecretFile(source)
}

/** A new secret written to the source's file; another judge's when it made the file first. */
export function newSecretFile(source: Source): string {
  const file = source.file!
  const fresh = randomBytes(32).toString('hex')
  try {
    writeSecretFile(file, fresh)
  } catch (e) {
    // Another judge process made it first: use theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    return (source.secret = readSecretFile(file, source.fileSetting)!)
  }
  return (source.secret = fresh)
}

/** Writes a new secret file readable by its owner only; never overwrites one. */
export function writeSecretFile(file: string, secret: string): void {
  const fd = openSync(file, 'wx', 0o600)
  try {
    writeSync(fd, `${secret}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The record of `fingerprint` in use after `last`, the one recorded before it (if any). */
export function inUseEvent(source: Source, fingerprint: string, last: StoredEvent | null) {
  const data: ServerSecretInUse = {
    fingerprint,
    previousFingerprint: last?.data.fingerprint ?? null,
    origin: source.origin,
  }
  return { type: 'ServerSecretInUse', data, audience: { kind: 'moderator' as const } }
}

function noteInUse(db: Database, source: Source, secret: string): void {
  const fingerprint = secretFingerprint(secret)
  if (source.recorded === fingerprint) return
  source.store.transaction(() => {
    const last = lastRecorded(source.store)
    if (last?.data.fingerprint === fingerprint) return
    source.store.append(SERVER_STREAM, source.store.version(SERVER_STREAM), [inUseEvent(source, fingerprint, last)])
  })
  // Inside a caller's transaction the record may still be rolled back: look again next time.
  if (!db.inTransaction) source.recorded = fingerprint
}

export interface SecretCheck {
  ok: boolean
  /** One line for `pbem verify` and `pbem secret status`. */
  text: string
  origin: SecretOrigin
  fingerprint: string | null
}

/** What checkServerSecret reads, read ahead: the server stream and the database's secret. */
export interface SecretReadAhead {
  records: StoredEvent[]
  stored: string | null
}

/** checkServerSecret with its reads made on the async handle, `records` the server stream read there. */
export async function checkServerSecretAhead(
  db: Database,
  jobs: AsyncQueryable,
  records: Promise<StoredEvent[]>,
): Promise<SecretCheck> {
  const [read, stored] = await Promise.all([records, findServerSecretAsync(jobs)])
  return checkServerSecret(db, { records: read, stored })
}

/**
 * Compares the secret the judge would use now with the first one the log recorded. The judge
 * records a changed secret when it first uses it, so the comparison is with the first record,
 * not the last: a swap stays a failure until the original secret is back.
 */
export function checkServerSecret(db: Database, ahead?: SecretReadAhead): SecretCheck {
  const source = sources.get(db)
  if (!source) throw new Error('checkServerSecret: useServerSecret was not called for this database')
  const records = (ahead?.records ?? source.store.read(SERVER_STREAM)).filter((e) => e.type === 'ServerSecretInUse')
  const current =
    source.secret ??
    (source.file
      ? readSecretFile(source.file, source.fileSetting)
      : source.origin === 'database'
        ? ahead
          ? ahead.stored !== null
            ? wellFormed(ahead.stored, SETTING_NAME)
            : null
          : storedSecret(db)
        : null)
  const fingerprint = current ? secretFingerprint(current) : null
  const where = source.file ? `file ${source.file}` : source.origin
  const first = records[0]
  if (!first)
    return {
      ok: true,
      origin: source.origin,
      fingerprint,
      text: `no server secret recorded in the log yet${fingerprint ? ` (fingerprint ${fingerprint}, kept in the ${where})` : ''}`,
    }
  const recorded = `recorded on ${when(first)} (fingerprint ${first.data.fingerprint})`
  if (!fingerprint)
    return {
      ok: false,
      origin: source.origin,
      fingerprint,
      text: `the server secret is missing from the ${where}: the log has the one ${recorded}; every player key depends on it`,
    }
  if (fingerprint !== first.data.fingerprint) {
    const since = records.find((e) => e.data.fingerprint === fingerprint)
    return {
      ok: false,
      origin: source.origin,
      fingerprint,
      text: `the server secret in use (fingerprint ${fingerprint}) is not the one ${recorded}: every player key has changed${since ? ` (the judge has used it since ${when(since)})` : ''}`,
    }
  }
  return { ok: true, origin: source.origin, fingerprint, text: `kept in the ${where}, the one ${recorded}` }
}

const PG_RESIDUE =
  "PostgreSQL: the settings table was rewritten into a new file without the secret, but the server's write-ahead log, its archive and any backups or standbys keep a copy until they are recycled."

/** What an export (exportServerSecret, exportServerSecretAhead) says when the database holds no secret. */
export const nothingToExport = (source: Source | undefined) =>
  new ServerSecretError(
    `the database holds no server secret to export${source && source.origin !== 'database' ? ` (this judge keeps it in the ${source.origin})` : ''}`,
  )

/** The export's file, written readable by its owner only and never over an existing one. */
export function writeExportFile(file: string, secret: string): void {
  try {
    writeSecretFile(file, secret)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      throw new ServerSecretError(`${file} already exists: the export never overwrites a file; name a new one`)
    throw new ServerSecretError(`cannot write ${file}: ${(e as Error).message}`)
  }
}

export interface SecretExport {
  fingerprint: string
  walEmptied: boolean
  residue?: string
}

/** An export's outcome once the secret's row is erased: where a copy may still be, on PostgreSQL. */
export function exported(secret: string, erased: { serverLogKeepsCopy: boolean; walEmptied: boolean }): SecretExport {
  return erased.serverLogKeepsCopy
    ? { fingerprint: secretFingerprint(secret), walEmptied: false, residue: PG_RESIDUE }
    : { fingerprint: secretFingerprint(secret), walEmptied: erased.walEmptied }
}

/**
 * `db` for such a decision: serverSecret of the handle returned gives `secret` without a read;
 * everything else is `db`'s own.
 */
export function withServerSecret(db: Database, secret: string): Database {
  const handle = new Proxy(db, {
    get: (target, key) => {
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const source = sources.get(db)
  sources.set(handle, {
    origin: source?.origin ?? 'database',
    file: null,
    fileSetting: source?.fileSetting ?? 'PBEM_SERVER_SECRET_FILE',
    secret,
    store: source?.store ?? (null as unknown as EventStore),
    recorded: secretFingerprint(secret),
  })
  return handle
}
