/**
 * The embedded inbound source: a folder of `.eml` files (default data/inbox/).
 *
 * Each `*.eml` directly in the folder is read and handed to `handle`; afterwards it is moved to
 * `processed/` (handle resolved) or `failed/` (handle threw, with `<name>.error.txt` beside it).
 * A file is moved only after `handle` settled, so a crash in between hands the same bytes over
 * again on the next scan: the intake must be idempotent (mail_seen by raw hash does that).
 *
 * Half-written files: a file modified less than SETTLE_MS ago is left for the next scan. Writers
 * should still write elsewhere (or under a non-.eml name) and rename into place, as
 * DropFolderTransport does.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { extname, basename, join } from 'node:path'

/** Files modified within this many milliseconds are considered still being written. */
export const SETTLE_MS = 100

export type DropHandler = (raw: Buffer, file: string) => Promise<void>

/**
 * Processes every settled `*.eml` (case-insensitive) in `dir` in name order, creating `dir` if
 * missing. `handle` gets the bytes and the file's full path. Returns how many files were taken,
 * handled (moved to processed/) and failed (moved to failed/) alike.
 */
export async function scanDropFolder(dir: string, handle: DropHandler): Promise<number> {
  await mkdir(dir, { recursive: true })
  const entries = await readdir(dir, { withFileTypes: true })
  const names = entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.eml') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()

  let count = 0
  for (const name of names) {
    const file = join(dir, name)
    let raw: Buffer
    try {
      const st = await stat(file)
      if (Date.now() - st.mtimeMs < SETTLE_MS) continue // still being written: next scan
      raw = await readFile(file)
    } catch (e) {
      if (isNotFound(e)) continue // taken away meanwhile
      throw e
    }

    let failure: unknown = null
    let failed = false
    try {
      await handle(raw, file)
    } catch (e) {
      failed = true
      failure = e
    }

    if (!failed) {
      await moveInto(file, join(dir, 'processed'))
    } else {
      const target = await moveInto(file, join(dir, 'failed'))
      const detail =
        failure instanceof Error ? (failure.stack ?? `${failure.name}: ${failure.message}`) : String(failure)
      await writeFile(`${target}.error.txt`, `${new Date().toISOString()}\n${detail}\n`)
    }
    count++
  }
  return count
}

/**
 * Polls `dir` every `intervalMs` (first scan at once). A scan starts only after the previous one
 * finished, so two never overlap. Errors of a scan go to `onError` (default: console.error) and
 * polling goes on. `stop()` cancels the next scan and waits for a running one to finish.
 */
export function watchDropFolder(
  dir: string,
  handle: DropHandler,
  opts: { intervalMs: number; onError?: (e: unknown) => void },
): { stop(): Promise<void> } {
  const onError = opts.onError ?? ((e: unknown) => console.error('drop folder scan failed:', e))
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()

  const tick = (): void => {
    timer = null
    if (stopped) return
    running = scanDropFolder(dir, handle)
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
