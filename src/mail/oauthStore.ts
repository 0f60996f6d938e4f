// Where a refresh token came from, and keeping the one a provider rotates. Some providers hand a new
// refresh token with each access token and may stop taking the old one: a judge that kept the new
// one in memory only would log in with a dead grant after its next start. A token read from a file
// is written back there; a token from the environment cannot be, so the operator is told once.
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Where the refresh token in use was read: a JSON file (and the key path in it) or a variable. */
export type GrantSource = { kind: 'file'; path: string; key: readonly string[] } | { kind: 'env'; name: string }

/** What became of a rotated refresh token, for the log and `pbem mail check`. */
export interface Rotation {
  /** 'stored': written back to its file; 'env': the environment holds the old one; 'failed': not written */
  outcome: 'stored' | 'env' | 'failed' | 'unknown'
  /** what happened, for the operator; never the token */
  what: string
  /** what the operator should do, when anything */
  fix?: string
}

/** The rotation as one log line. */
export function rotationNote(r: Rotation): string {
  return r.fix ? `${r.what}: ${r.fix}` : r.what
}

/** The writes under way per file: the intake's and the archive's grants may share one file. */
const writing = new Map<string, Promise<void>>()

/** Sets `key` in the JSON object of `path` to `value`, replacing the file atomically with mode 0600. */
export function writeSecretJson(path: string, key: readonly string[], value: string): Promise<void> {
  // One after the other: two read-modify-writes of one file at once would lose one of the tokens.
  const next = (writing.get(path) ?? Promise.resolve()).catch(() => {}).then(() => replaceKey(path, key, value))
  writing.set(path, next)
  return next.finally(() => {
    if (writing.get(path) === next) writing.delete(path)
  })
}

async function replaceKey(path: string, key: readonly string[], value: string): Promise<void> {
  let data: Record<string, unknown>
  try {
    data = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
  } catch (e) {
    // A parse error quotes the text, and the text holds the old token.
    throw (e as NodeJS.ErrnoException).code ? e : new Error('it no longer holds valid JSON')
  }
  let obj = data
  for (const k of key.slice(0, -1)) {
    const next = obj[k]
    if (typeof next !== 'object' || next === null || Array.isArray(next)) throw new Error(`no "${k}" object`)
    obj = next as Record<string, unknown>
  }
  obj[key[key.length - 1]!] = value
  // Same folder, so the rename cannot cross file systems; exclusive create, so a stale temp file
  // of another writer is never reused; 0600 from the first byte, so the token is never readable.
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  try {
    try {
      await fh.writeFile(`${JSON.stringify(data, null, 2)}\n`)
      await fh.chmod(0o600)
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
  // The rename is durable only once the folder's entry is on disk.
  const dir = await open(dirname(path), constants.O_RDONLY).catch(() => null)
  await dir
    ?.sync()
    .catch(() => {})
    .finally(() => dir.close())
}

/** Keeps a rotated refresh token where it came from; returns what happened (never the token). */
export async function keepRotated(source: GrantSource | undefined, token: string): Promise<Rotation> {
  if (!source)
    return {
      outcome: 'unknown',
      what: 'the token endpoint rotated the refresh token; the new one is used until the judge stops',
    }
  if (source.kind === 'env')
    return {
      outcome: 'env',
      what: `the token endpoint rotated the refresh token; ${source.name} still holds the old one, which is used again after a restart`,
      fix: `update the environment: re-authorise and put the new grant in ${source.name}, or better in a file of mode 0600 (PBEM_OAUTH2_FILE), which the judge keeps up to date itself`,
    }
  try {
    await writeSecretJson(source.path, source.key, token)
    return {
      outcome: 'stored',
      what: `the token endpoint rotated the refresh token; the new one was written to ${source.path}`,
    }
  } catch (e) {
    return {
      outcome: 'failed',
      what: `the token endpoint rotated the refresh token but it could not be written to ${source.path} (${(e as Error).message}); the new one is used until the judge stops`,
      fix: 'let the judge write that file and its folder, then re-authorise',
    }
  }
}
