import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { scanDropFolder, watchDropFolder } from '../../src/mail/dropFolder.ts'

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

  it('leaves a file modified in the last 100 ms for the next scan', async () => {
    await scanDropFolder(inbox, async () => {})
    writeFileSync(join(inbox, 'fresh.eml'), 'half')
    const handled: string[] = []
    expect(await scanDropFolder(inbox, async (raw) => void handled.push(raw.toString()))).toBe(0)
    expect(readdirSync(inbox)).toContain('fresh.eml')
    await sleep(150)
    expect(await scanDropFolder(inbox, async (raw) => void handled.push(raw.toString()))).toBe(1)
    expect(handled).toEqual(['half'])
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
