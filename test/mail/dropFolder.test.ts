import { execFileSync } from 'node:child_process'
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConcurrencyError } from '../../src/log/store.ts'
import { newDropFolderState, OVERSIZED_HEAD_BYTES, scanDropFolder, watchDropFolder } from '../../src/mail/dropFolder.ts'
import { DropFolderTransport } from '../../src/mail/outbound.ts'
import { isTransientFailure } from '../../src/mail/transient.ts'

let root: string
let inbox: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'acw-drop-'))
  inbox = join(root, 'inbox')
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

const past = new Date(Date.now() - 60_000)
/** writes a file that looks settled (modified a minute ago) */
function drop(name: string, content: string): void {
  writeFileSync(join(inbox, name), content)
  utimesSync(join(inbox, name), past, past)
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('scanDropFolder', () => {
  it('creates a missing folder and returns 0', async () => {
    expect(await scanDropFolder(inbox, async () => {})).toBe(0)
    expect(existsSync(inbox)).toBe(true)
  })

  it('handles *.eml in name order, moves handled to processed/ and failed to failed/ with an error file', async () => {
    await scanDropFolder(inbox, async () => {})
    drop('b.eml', 'B')
    drop('a.eml', 'A')
    drop('c.EML', 'C')
    drop('notes.txt', 'ignored')
    const seen: string[] = []
    const n = await scanDropFolder(inbox, async (raw, file) => {
      seen.push(`${raw.toString()}:${file}`)
      if (raw.toString() === 'B') throw new Error('cannot read orders')
    })
    expect(n).toBe(3)
    expect(seen).toEqual([`A:${join(inbox, 'a.eml')}`, `B:${join(inbox, 'b.eml')}`, `C:${join(inbox, 'c.EML')}`])
    expect(readdirSync(inbox).sort()).toEqual(['failed', 'notes.txt', 'processed'])
    expect(readdirSync(join(inbox, 'processed')).sort()).toEqual(['a.eml', 'c.EML'])
    expect(readdirSync(join(inbox, 'failed')).sort()).toEqual(['b.eml', 'b.eml.error.txt'])
    expect(readFileSync(join(inbox, 'failed', 'b.eml'), 'utf8')).toBe('B')
    expect(readFileSync(join(inbox, 'failed', 'b.eml.error.txt'), 'utf8')).toContain('cannot read orders')
    // a second scan finds nothing
    expect(await scanDropFolder(inbox, async () => {})).toBe(0)
  })

  it('never overwrites an earlier processed file of the same name', async () => {
    await scanDropFolder(inbox, async () => {})
    drop('m.eml', 'first')
    await scanDropFolder(inbox, async () => {})
    drop('m.eml', 'second')
    await scanDropFolder(inbox, async () => {})
    const dir = join(inbox, 'processed')
    expect(readdirSync(dir).sort()).toEqual(['m-1.eml', 'm.eml'])
    expect(readFileSync(join(dir, 'm.eml'), 'utf8')).toBe('first')
    expect(readFileSync(join(dir, 'm-1.eml'), 'utf8')).toBe('second')
  })

  it('waits for a freshly written file to keep its size, and leaves one still growing for a later scan', async () => {
    await scanDropFolder(inbox, async () => {})
    writeFileSync(join(inbox, 'fresh.eml'), 'whole')
    writeFileSync(join(inbox, 'growing.eml'), 'first half')
    // The file grows all through the first scan, however late a busy machine runs the timer.
    const grow = setInterval(() => appendFileSync(join(inbox, 'growing.eml'), ' more'), 10)
    const handled: string[] = []
    const take = async (raw: Buffer) => void handled.push(raw.toString())
    expect(await scanDropFolder(inbox, take, { settleMs: 150 })).toBe(1)
    clearInterval(grow)
    expect(handled).toEqual(['whole'])
    expect(readdirSync(inbox)).toContain('growing.eml')
    expect(await scanDropFolder(inbox, take, { settleMs: 150 })).toBe(1)
    expect(handled).toHaveLength(2)
    expect(handled[1]).toMatch(/^first half( more)+$/)
  })
})

describe('scanDropFolder when things go wrong', () => {
  const locked = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
  const quiet = { warn: () => {} }

  it('keeps a file whose intake failed for a passing reason, and retries it after a growing delay', async () => {
    await scanDropFolder(inbox, async () => {})
    drop('a.eml', 'A')
    const state = newDropFolderState()
    let t = Date.now()
    const warnings: string[] = []
    const opts = { state, now: () => t, warn: (l: string) => void warnings.push(l) }
    let failures = 2
    const handled: string[] = []
    const handle = async (raw: Buffer) => {
      if (failures-- > 0) throw locked()
      handled.push(raw.toString())
    }
    expect(await scanDropFolder(inbox, handle, opts)).toBe(0)
    expect(readdirSync(inbox).sort()).toEqual(['a.eml'])
    expect(warnings[0]).toMatch(/database is locked \(attempt 1\); kept in the inbox, tried again in 1 s/)
    t += 500 // before the retry time: not tried
    expect(await scanDropFolder(inbox, handle, opts)).toBe(0)
    expect(failures).toBe(1)
    t += 600
    expect(await scanDropFolder(inbox, handle, opts)).toBe(0)
    expect(warnings[1]).toMatch(/attempt 2\); kept in the inbox, tried again in 2 s/)
    t += 2100
    expect(await scanDropFolder(inbox, handle, opts)).toBe(1)
    expect(handled).toEqual(['A'])
    expect(readdirSync(join(inbox, 'processed'))).toEqual(['a.eml'])
    expect(existsSync(join(inbox, 'failed'))).toBe(false)
  })

  it('records a permanent failure before setting the file aside, and goes on with the next files', async () => {
    await scanDropFolder(inbox, async () => {})
    drop('1.eml', 'one')
    drop('2.eml', 'two')
    drop('3.eml', 'three')
    const recorded: string[] = []
    const handled: string[] = []
    const n = await scanDropFolder(
      inbox,
      async (raw) => {
        if (raw.toString() === 'one') throw new TypeError('cannot digest this')
        if (raw.toString() === 'two') throw locked()
        handled.push(raw.toString())
      },
      { ...quiet, onPermanentFailure: async (raw, _file, e) => void recorded.push(`${raw}: ${(e as Error).message}`) },
    )
    expect(n).toBe(2)
    expect(recorded).toEqual(['one: cannot digest this'])
    expect(handled).toEqual(['three'])
    expect(readdirSync(join(inbox, 'failed')).sort()).toEqual(['1.eml', '1.eml.error.txt'])
    expect(readdirSync(inbox)).toContain('2.eml')
  })

  it('classifies passing failures: locked or full database, full disk, no file handles, a concurrent writer', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'ENOSPC', 'EMFILE', 'EIO'])
      expect(isTransientFailure(Object.assign(new Error(code), { code }))).toBe(true)
    expect(isTransientFailure(new ConcurrencyError('game:x', 1, 2))).toBe(true)
    for (const e of [new TypeError('x'), new RangeError('Invalid string length'), { code: 'SQLITE_CONSTRAINT' }, 'x'])
      expect(isTransientFailure(e)).toBe(false)
  })

  it('skips a link, a folder or a pipe named *.eml with one warning, and reads the regular files', async () => {
    await scanDropFolder(inbox, async () => {})
    drop('real.eml', 'real')
    writeFileSync(join(root, 'outside.txt'), 'secret')
    symlinkSync(join(root, 'outside.txt'), join(inbox, 'link.eml'))
    mkdirSync(join(inbox, 'folder.eml'))
    execFileSync('mkfifo', [join(inbox, 'pipe.eml')])
    const state = newDropFolderState()
    const warnings: string[] = []
    const handled: string[] = []
    const opts = { state, warn: (l: string) => void warnings.push(l) }
    expect(await scanDropFolder(inbox, async (raw) => void handled.push(raw.toString()), opts)).toBe(1)
    expect(await scanDropFolder(inbox, async (raw) => void handled.push(raw.toString()), opts)).toBe(0)
    expect(handled).toEqual(['real'])
    expect(warnings).toHaveLength(3)
    for (const w of warnings) expect(w).toMatch(/is not a regular file/)
  })

  it('hands over only the head and the size of a file far over the limit (a sparse 3 GiB file)', async () => {
    await scanDropFolder(inbox, async () => {})
    const file = join(inbox, 'huge.eml')
    writeFileSync(file, 'From: big@example.test\r\nSubject: huge\r\n\r\nbody')
    truncateSync(file, 3 * 1024 ** 3)
    utimesSync(file, past, past)
    const got: { bytes: number; size: number }[] = []
    const n = await scanDropFolder(
      inbox,
      async (raw, _f, info) => void got.push({ bytes: raw.length, size: info.size }),
      {
        maxBytes: 2 * 1024 * 1024,
      },
    )
    expect(n).toBe(1)
    expect(got).toEqual([{ bytes: OVERSIZED_HEAD_BYTES, size: 3 * 1024 ** 3 }])
  })
})

describe('DropFolderTransport', () => {
  it('removes temporary files a killed writer left behind (older than a minute), and only those', async () => {
    const outbox = join(root, 'outbox')
    mkdirSync(outbox)
    writeFileSync(join(outbox, '.tmp-1-old'), 'half a mail')
    utimesSync(join(outbox, '.tmp-1-old'), past, past)
    writeFileSync(join(outbox, '.tmp-2-live'), 'being written')
    const t = new DropFolderTransport(outbox)
    await t.send({ from: 'j@x.test', to: 'p@x.test', subject: 's', text: 't', messageId: 'm@x' }, Buffer.from('x'), 1)
    expect(readdirSync(outbox).sort()).toEqual(['.tmp-2-live', '000001-p@x.test.eml'])
  })
})

describe('watchDropFolder', () => {
  it('polls, never runs two scans at once, and stop() waits for the running scan', async () => {
    await scanDropFolder(inbox, async () => {})
    drop('1.eml', 'one')
    let active = 0
    let maxActive = 0
    const handled: string[] = []
    const w = watchDropFolder(
      inbox,
      async (raw) => {
        active++
        maxActive = Math.max(maxActive, active)
        await sleep(40) // slower than the interval
        handled.push(raw.toString())
        active--
      },
      { intervalMs: 5 },
    )
    await sleep(80)
    drop('2.eml', 'two')
    drop('3.eml', 'three')
    for (let i = 0; i < 100 && handled.length < 3; i++) await sleep(20)
    await w.stop()
    expect(handled).toEqual(['one', 'two', 'three'])
    expect(maxActive).toBe(1)
    // stopped: nothing more is picked up
    drop('4.eml', 'four')
    await sleep(50)
    expect(handled).toHaveLength(3)
    expect(readdirSync(inbox)).toContain('4.eml')
  })

  it('reports scan errors and keeps polling', async () => {
    // the "folder" is a file: every scan fails
    writeFileSync(join(root, 'not-a-dir'), 'x')
    const errors: unknown[] = []
    const w = watchDropFolder(join(root, 'not-a-dir'), async () => {}, {
      intervalMs: 5,
      onError: (e) => errors.push(e),
    })
    for (let i = 0; i < 100 && errors.length < 2; i++) await sleep(10)
    await w.stop()
    expect(errors.length).toBeGreaterThanOrEqual(2)
  })
})
