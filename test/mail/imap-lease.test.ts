// One IMAP mailbox read by one judge at a time (src/mail/imapLease.ts), on both engines:
// a lease is taken, renewed and given back by its holder only; a judge standing by takes over once
// the reader gives the lease back or stops renewing it (a killed process), and never while it runs;
// it tries at its own, quicker pace (STANDBY_MS), so a dead reader's mailbox is read again soon.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AsyncDatabase } from '../../src/log/async/database.ts'
import { openAsyncDatabase } from '../../src/log/async/open.ts'
import { LEASE_MS, LeasedIntake, releaseLease, takeLease } from '../../src/mail/imapLease.ts'
import { bothEngines } from '../pg/engines.ts'

const ENGINES = bothEngines()
const T0 = Date.parse('2026-04-21T06:00:00.000Z')
const NAME = 'imap:judge@mail.example:993/INBOX'

let dir: string
const handles: AsyncDatabase[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'acw-lease-'))
})
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()))
  rmSync(dir, { recursive: true, force: true })
})

/** An intake that only counts its starts and stops. */
const fakeIntake = () => {
  const seen: string[] = []
  return { seen, start: async () => void seen.push('start'), stop: async () => void seen.push('stop') }
}

describe.each(ENGINES)('IMAP leases on $name', (engine) => {
  /** Two judges' async handles on one new database. */
  const twoJudges = async (): Promise<[AsyncDatabase, AsyncDatabase]> => {
    const target = engine.target(join(dir, 'judge.sqlite'))
    const pair: [AsyncDatabase, AsyncDatabase] = [await openAsyncDatabase(target), await openAsyncDatabase(target)]
    handles.push(...pair)
    return pair
  }

  it('is taken by one holder, renewed by it alone, and free again once given back or lapsed', async () => {
    const [a, b] = await twoJudges()
    const at = (ms: number) => new Date(T0 + ms)
    expect(await takeLease(a, NAME, 'a', at(0))).toBe(true)
    expect(await takeLease(b, NAME, 'b', at(1000))).toBe(false)
    expect(await takeLease(a, NAME, 'a', at(LEASE_MS - 1))).toBe(true) // renewed: runs to 2 * LEASE_MS - 1
    expect(await takeLease(b, NAME, 'b', at(LEASE_MS + 1000))).toBe(false)
    expect(await takeLease(b, NAME, 'b', at(2 * LEASE_MS - 1))).toBe(true) // lapsed: b takes it
    expect(await takeLease(a, NAME, 'a', at(2 * LEASE_MS))).toBe(false)
    await releaseLease(a, NAME, 'a') // not a's to give back
    expect(await takeLease(a, NAME, 'a', at(2 * LEASE_MS + 1))).toBe(false)
    await releaseLease(b, NAME, 'b')
    expect(await takeLease(a, NAME, 'a', at(2 * LEASE_MS + 2))).toBe(true)
    expect(await takeLease(a, 'imap:other/INBOX', 'b', at(0))).toBe(true) // another mailbox, another lease
  })

  it('a judge killed while reading reads again at once when restarted (same identity, same lease)', async () => {
    const [a, b] = await twoJudges()
    const clock = () => new Date(T0)
    const first = new LeasedIntake({ db: a, name: NAME, holder: 'host:/srv/pbem', intake: fakeIntake(), clock })
    await first.beat()
    expect(first.reading).toBe(true) // ...and then SIGKILL: no stop, the lease stays
    const again = new LeasedIntake({ db: b, name: NAME, holder: 'host:/srv/pbem', intake: fakeIntake(), clock })
    await again.beat()
    expect(again.reading).toBe(true)
    const other = new LeasedIntake({ db: b, name: NAME, holder: 'other:/srv/pbem', intake: fakeIntake(), clock })
    await other.beat()
    expect(other.reading).toBe(false)
  })

  it('a judge standing by reads once the reader stops, or once a killed reader stops renewing', async () => {
    const [a, b] = await twoJudges()
    const now = { t: T0 }
    const clock = () => new Date(now.t)
    const ia = fakeIntake()
    const ib = fakeIntake()
    const quiet = { renewMs: 3_600_000, standbyMs: 3_600_000, clock, name: NAME }
    const ja = new LeasedIntake({ db: a, holder: 'a', intake: ia, ...quiet })
    const jb = new LeasedIntake({ db: b, holder: 'b', intake: ib, ...quiet })
    await ja.start()
    await jb.start()
    expect([ja.reading, jb.reading]).toEqual([true, false])
    now.t += LEASE_MS / 2
    await ja.beat() // renews
    now.t += LEASE_MS / 2 + 1
    await jb.beat()
    expect([ja.reading, jb.reading]).toEqual([true, false])

    await ja.stop() // gives the lease back
    await jb.beat()
    expect([ja.reading, jb.reading]).toEqual([false, true])
    expect(ia.seen).toEqual(['start', 'stop'])
    expect(ib.seen).toEqual(['start'])

    // b is killed: no stop, no renewal. A new a stands by until b's lease lapses, then reads.
    const ja2 = new LeasedIntake({ db: a, holder: 'a2', intake: fakeIntake(), ...quiet })
    await ja2.start()
    expect(ja2.reading).toBe(false)
    now.t += LEASE_MS
    await ja2.beat()
    expect(ja2.reading).toBe(true)
    // b, were it only paused, learns at its next beat that it lost the lease, and stops reading.
    await jb.beat()
    expect(jb.reading).toBe(false)
    expect(ib.seen).toEqual(['start', 'stop'])
    await ja2.stop()
    await jb.stop()
  })

  it("a judge standing by tries at its own pace (standbyMs), not at the holder's renewal pace", async () => {
    const [a, b] = await twoJudges()
    const now = { t: T0 }
    const clock = () => new Date(now.t)
    const slow = { renewMs: 3_600_000, clock, name: NAME }
    const ja = new LeasedIntake({ db: a, holder: 'a', intake: fakeIntake(), ...slow, standbyMs: 3_600_000 })
    const jb = new LeasedIntake({ db: b, holder: 'b', intake: fakeIntake(), ...slow, standbyMs: 20 })
    await ja.start() // and is killed: it never renews
    await jb.start()
    expect([ja.reading, jb.reading]).toEqual([true, false])
    now.t += LEASE_MS
    await new Promise((r) => setTimeout(r, 300)) // several standby tries, no renewal of b's own
    expect(jb.reading).toBe(true)
    await jb.stop()
  })
})
