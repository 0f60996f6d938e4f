/**
 * The embedded inbound source: a folder of `.eml` files (default data/inbox/).
 *
 * Each regular `*.eml` directly in the folder is read and handed to `handle`; afterwards it is moved
 * to `processed/` (handle resolved) or `failed/` (handle failed for a reason the message carries, or
 * set the file aside as no mail, with `<name>.error.txt` beside it). A file is moved only after `handle` settled, so a crash in
 * between hands the same bytes over again on the next scan: the intake must be idempotent
 * (mail_seen by raw hash does that).
 *
 * What one file can do to the others is bounded: a failure that passes (a locked database, a full
 * disk: see transient.ts) leaves the file in the inbox to be tried again with a growing delay; a file
 * far over the size limit is handed over as its head and its size, never loaded whole; a symbolic
 * link, directory or pipe named `*.eml` is skipped with one warning; an error on one file never ends
 * the scan for the files after it.
 *
 * Half-written files: a file modified within the last `settleMs` is looked at again after that
 * long in the same scan and taken only if its size and time are unchanged (otherwise at a later
 * scan). Writers should still write elsewhere (or under a non-.eml name) and rename into place, as
 * DropFolderTransport does; the intake also refuses MIME that ends part way (truncation.ts).
 */
import { constants } from 'node:fs'
import { mkdir, open, readdir, rename, stat, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { isTransientFailure, retryDelay } from './transient.ts'

/** How long a file must have kept its size and time before it is read (default). */
export const SETTLE_MS = 1000
/** Bytes handed over of a file over the size limit: enough for any header. */
export const OVERSIZED_HEAD_BYTES = 256 * 1024

/**
 * Reads one file. It may resolve to `{ setAside: reason }` for a file that is no mail (its fate
 * recorded by the intake): the file then goes to failed/ with the reason beside it.
 */
export type DropHandler = (raw: Buffer, file: string, info: { size: number }) => Promise<unknown>

/** What a long-running reader remembers between scans: retry times and warnings already given. */
export interface DropFolderState {
  retries: Map<string, { attempts: number; retryAt: number }>
  warned: Set<string>
}

export function newDropFolderState(): DropFolderState {
  return { retries: new Map(), warned: new Set() }
}

export interface DropScanOptions {
  /** Kept by a long-running reader (serve); a one-shot pass leaves a retried file for the next run. */
  state?: DropFolderState
  /** Files larger than this are handed over as their first OVERSIZED_HEAD_BYTES with their size. */
  maxBytes?: number
  /** Records a permanent failure (and tells the sender) before the file goes to failed/. */
  onPermanentFailure?: (raw: Buffer, file: string, error: unknown) => Promise<void>
  /** Default isTransientFailure. */
  isTransient?: (e: unknown) => boolean
  settleMs?: number
  warn?: (line: string) => void
  now?: () => number
}

interface Candidate {
  name: string
  file: string
  size: number
  mtimeMs: number
}

/**
 * Processes every settled `*.eml` (case-insensitive) in `dir` in name order, creating `dir` if
 * missing. Returns how many files were taken: handled (moved to processed/) and failed (moved to
 * failed/) alike; files kept for a retry are not counted.
 */
export async function scanDropFolder(dir: string, handle: DropHandler, opts: DropScanOptions = {}): Promise<number> {
  const now = opts.now ?? Date.now
  const warn = opts.warn ?? ((line: string) => console.warn(line))
  const state = opts.state ?? newDropFolderState()
  const settleMs = opts.settleMs ?? SETTLE_MS
  await mkdir(dir, { recursive: true })
  const entries = await readdir(dir, { withFileTypes: true })
  const names = entries
    .filter((e) => e.name.toLowerCase().endsWith('.eml') && !e.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

  const ready: Candidate[] = []
  const fresh: Candidate[] = []
  const present = new Set<string>()
  for (const entry of names) {
    present.add(entry.name)
    const file = join(dir, entry.name)
    if (!entry.isFile()) {
      warnOnce(state, warn, file, `drop folder: ${file} is not a regular file (a link, folder or pipe); it is not read`)
      continue
    }
    const retry = state.retries.get(entry.name)
    if (retry && now() < retry.retryAt) continue
    const seen = await statOrNull(file, warn)
    if (!seen) continue
    const candidate = { name: entry.name, file, size: seen.size, mtimeMs: seen.mtimeMs }
    if (now() - seen.mtimeMs < settleMs) fresh.push(candidate)
    else ready.push(candidate)
  }
  for (const name of state.retries.keys()) if (!present.has(name)) state.retries.delete(name)

  if (fresh.length) {
    await new Promise((r) => setTimeout(r, settleMs))
    for (const c of fresh) {
      const again = await statOrNull(c.file, warn)
      if (again && again.size === c.size && again.mtimeMs === c.mtimeMs) ready.push(c)
    }
    ready.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  let count = 0
  for (const c of ready) {
    try {
      if (await takeFile(c, handle, opts, state, warn, now)) count++
    } catch (e) {
      // Moving the file failed (or recording the failure did): the file stays for the next scan.
      warn(`drop folder: ${c.file}: ${describe(e)}; it stays in the inbox`)
    }
  }
  return count
}

/** Reads, hands over and moves one file; false if it was left in the inbox for later. */
async function takeFile(
  c: Candidate,
  handle: DropHandler,
  opts: DropScanOptions,
  state: DropFolderState,
  warn: (line: string) => void,
  now: () => number,
): Promise<boolean> {
  const transient = opts.isTransient ?? isTransientFailure
  let read: { raw: Buffer; size: number } | null
  try {
    read = await readRegularFile(c.file, opts.maxBytes)
  } catch (e) {
    if (transient(e)) return keepForRetry(c, e, state, warn, now)
    await setAside(c.file, Buffer.alloc(0), e, null)
    warn(`drop folder: ${c.file} could not be read (${describe(e)}); moved to failed/`)
    return true
  }
  if (!read) {
    warnOnce(state, warn, c.file, `drop folder: ${c.file} is not a regular file; it is not read`)
    return false
  }
  let verdict: { setAside?: unknown } | null | undefined
  try {
    verdict = (await handle(read.raw, c.file, { size: read.size })) as typeof verdict
  } catch (e) {
    if (transient(e)) return keepForRetry(c, e, state, warn, now)
    state.retries.delete(c.name)
    await setAside(c.file, read.raw, e, opts.onPermanentFailure ?? null)
    return true
  }
  state.retries.delete(c.name)
  if (typeof verdict?.setAside === 'string') {
    const target = await moveInto(c.file, join(c.file, '..', 'failed'))
    await writeFile(`${target}.error.txt`, `${new Date(now()).toISOString()}\n${verdict.setAside}\n`)
    warn(`drop folder: ${c.file}: ${verdict.setAside}; moved to failed/`)
    return true
  }
  await moveInto(c.file, join(c.file, '..', 'processed'))
  return true
}

function keepForRetry(
  c: Candidate,
  e: unknown,
  state: DropFolderState,
  warn: (line: string) => void,
  now: () => number,
): false {
  const attempts = (state.retries.get(c.name)?.attempts ?? 0) + 1
  const delay = retryDelay(attempts)
  state.retries.set(c.name, { attempts, retryAt: now() + delay })
  warn(
    `drop folder: ${c.file}: ${describe(e)} (attempt ${attempts}); kept in the inbox, tried again in ${Math.round(delay / 1000)} s`,
  )
  return false
}

/** Moves a file that failed for good to failed/, with the reason beside it, after recording it. */
async function setAside(
  file: string,
  raw: Buffer,
  error: unknown,
  record: DropScanOptions['onPermanentFailure'] | null,
): Promise<void> {
  let recordNote = ''
  if (record) {
    try {
      await record(raw, file, error)
    } catch (e) {
      recordNote = `\nthe failure could not be recorded in the log either: ${describe(e)}`
    }
  }
  const target = await moveInto(file, join(file, '..', 'failed'))
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error)
  await writeFile(`${target}.error.txt`, `${new Date().toISOString()}\n${detail}${recordNote}\n`)
}

/**
 * The file's bytes (only its head when over `maxBytes`) and its size, or null if it is not a regular
 * file once opened. Opened without following a link and without blocking on a pipe, then checked
 * through the open handle, so a file swapped after the listing is caught too.
 */
async function readRegularFile(file: string, maxBytes?: number): Promise<{ raw: Buffer; size: number } | null> {
  const fh = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const st = await fh.stat()
    if (!st.isFile()) return null
    const want = maxBytes !== undefined && st.size > maxBytes ? Math.min(st.size, OVERSIZED_HEAD_BYTES) : st.size
    const raw = Buffer.alloc(want)
    let got = 0
    while (got < want) {
      const { bytesRead } = await fh.read(raw, got, want - got, got)
      if (bytesRead === 0) break
      got += bytesRead
    }
    return { raw: got === want ? raw : raw.subarray(0, got), size: Math.max(st.size, got) }
  } finally {
    await fh.close()
  }
}

async function statOrNull(
  file: string,
  warn: (line: string) => void,
): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const st = await stat(file)
    return { size: st.size, mtimeMs: st.mtimeMs }
  } catch (e) {
    if (!isNotFound(e)) warn(`drop folder: ${file}: ${describe(e)}`)
    return null // taken away meanwhile, or unreadable: the next scan looks again
  }
}

function warnOnce(state: DropFolderState, warn: (line: string) => void, file: string, line: string): void {
  if (state.warned.has(file)) return
  state.warned.add(file)
  warn(line)
}

/**
 * Polls `dir` every `intervalMs` (first scan at once). A scan starts only after the previous one
 * finished, so two never overlap. Errors of a scan go to `onError` (default: console.error) and
 * polling goes on. `stop()` cancels the next scan and waits for a running one to finish.
 */
export function watchDropFolder(
  dir: string,
  handle: DropHandler,
  opts: { intervalMs: number; onError?: (e: unknown) => void } & DropScanOptions,
): { stop(): Promise<void> } {
  const onError = opts.onError ?? ((e: unknown) => console.error('drop folder scan failed:', e))
  const scanOpts: DropScanOptions = { ...opts, state: opts.state ?? newDropFolderState() }
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()

  const tick = (): void => {
    timer = null
    if (stopped) return
    running = scanDropFolder(dir, handle, scanOpts)
      .then(
        () => undefined,
        (e: unknown) => onError(e),
      )
      .catch(() => undefined) // an onError that throws must not stop polling
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalMs)
      })
  }
  timer = setTimeout(tick, 0)

  return {
    async stop(): Promise<void> {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    },
  }
}

/** Renames `file` into `toDir` (created if needed) without overwriting; returns the new path. */
async function moveInto(file: string, toDir: string): Promise<string> {
  await mkdir(toDir, { recursive: true })
  const ext = extname(file)
  const stem = basename(file, ext)
  for (let n = 0; ; n++) {
    const target = join(toDir, n === 0 ? `${stem}${ext}` : `${stem}-${n}${ext}`)
    if (await exists(target)) continue
    await rename(file, target)
    return target
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch (e) {
    if (isNotFound(e)) return false
    throw e
  }
}

function isNotFound(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'ENOENT'
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
