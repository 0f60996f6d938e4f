// An IMAP batch filed in one transaction (src/mail/imapBatch.ts, readInbound in
// intake.ts). Messages are read first, then filed in UID order in one transaction, each in a
// savepoint; a message that fails to be read or filed ends the group, keeps what came before it,
// and leaves itself and the rest to the one-at-a-time path. Exactly once: the same message filed
// twice (in the group, or again after a crash before the move) is absorbed as a duplicate.
// fetchAhead: the next batch's FETCH goes out while one is filed, in order, nothing left in flight.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type BatchFiling, type Fetched, fetchAhead, fileLeading, fileTogether } from '../../src/mail/imapBatch.ts'
import { handleInbound, readInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { createFixtureGame, outboxRows, testApp, type TestApp } from '../helpers/app.ts'

let app: TestApp
let keys: Record<string, string>
beforeEach(() => {
  app = testApp()
  keys = createFixtureGame(app).keys
})
afterEach(() => app.cleanup())

const deps = () => ({ judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock })

function order(n: number, over: { id?: string } = {}): Fetched {
  const raw = Buffer.from(
    [
      'From: Solo <solo@example.test>',
      'To: orders@judge.example.test',
      `Subject: orders ${n}`,
      `Message-ID: <${over.id ?? `order${n}`}@example.test>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `GAME fx1 SOLO\r\nKEY ${keys.solo}\r\nDRAW ${1 + (n % 3)}\r\n`,
    ].join('\r\n'),
  )
  return { uid: n, source: `imap:INBOX:1:${n}`, raw }
}

/** The intake in two steps, counting the transactions it opens for groups. */
function filing(breakRead: Set<number> = new Set(), breakFile: Set<number> = new Set()) {
  const groups: number[] = []
  const f: BatchFiling = {
    read: async (raw, source) => {
      const uid = Number(source.split(':').at(-1))
      if (breakRead.has(uid)) throw new Error(`cannot read ${uid}`)
      const file = await readInbound(raw, source, deps())
      // A filing that fails in its own transaction, after its writes: they must all go.
      return () =>
        app.judge.transaction(() => {
          const result = file()
          if (breakFile.has(uid)) throw new Error(`cannot file ${uid}`)
          return result
        })
    },
    together: (fileAll) => {
      groups.push(1)
      app.judge.transaction(fileAll)
    },
  }
  return { filing: f, groups }
}

const received = () => app.judge.mail.events().filter((e) => e.type === 'MailReceived').length
const acks = () => outboxRows(app).filter((r) => r.kind === 'ack').length

describe('an IMAP batch filed in one transaction', () => {
  it('reads every message, then files them all in one transaction, in order', async () => {
    const { filing: f, groups } = filing()
    const filed = await fileTogether(f, [order(1), order(2), order(3)], () => false)
    expect(filed.map((h) => [h.uid, h.result])).toEqual([
      [1, 'orders-accepted'],
      [2, 'orders-accepted'],
      [3, 'orders-accepted'],
    ])
    expect(groups).toHaveLength(1)
    expect(received()).toBe(3)
    expect(acks()).toBe(3)
    // The last order set filed is the one on file, as when they come one at a time.
    expect(app.judge.load('fx1').orders.get('solo')?.messageId).toBe('order3@example.test')
  })

  it('the same message twice in a group is filed once and absorbed once', async () => {
    const { filing: f } = filing()
    const filed = await fileTogether(f, [order(1), { ...order(1), uid: 2, source: 'imap:INBOX:1:2' }], () => false)
    expect(filed.map((h) => h.result)).toEqual(['orders-accepted', 'duplicate'])
    expect(received()).toBe(1)
  })

  it('a message that cannot be read ends the group: those before it are filed, it and the rest are not', async () => {
    const { filing: f } = filing(new Set([2]))
    const filed = await fileTogether(f, [order(1), order(2), order(3)], () => false)
    expect(filed.map((h) => h.uid)).toEqual([1])
    expect(received()).toBe(1)
  })

  it('a message whose filing fails is rolled back alone; the ones before it stay, the rest wait', async () => {
    const { filing: f } = filing(new Set(), new Set([2]))
    const filed = await fileTogether(f, [order(1), order(2), order(3)], () => false)
    expect(filed.map((h) => h.uid)).toEqual([1])
    expect(received()).toBe(1)
    expect(acks()).toBe(1)
    // The one-at-a-time path then files 2 and 3 as if nothing had happened.
    for (const m of [order(2), order(3)]) expect(await handleInbound(m.raw, m.source, deps())).toBe('orders-accepted')
    expect(received()).toBe(3)
  })

  it('a transaction that cannot commit files nothing and leaves the whole batch to the one-at-a-time path', async () => {
    const { filing: f } = filing()
    const busy: BatchFiling = {
      ...f,
      together: (fileAll) =>
        app.judge.transaction(() => {
          fileAll()
          throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
        }),
    }
    expect(await fileTogether(busy, [order(1), order(2)], () => false)).toEqual([])
    expect(received()).toBe(0)
    expect(acks()).toBe(0)
  })

  it('a crash before the move: the group is read again and every message absorbed as a duplicate', async () => {
    const { filing: f } = filing()
    await fileTogether(f, [order(1), order(2)], () => false)
    const again = await fileTogether(f, [order(1), order(2), order(3)], () => false)
    expect(again.map((h) => h.result)).toEqual(['duplicate', 'duplicate', 'orders-accepted'])
    expect(received()).toBe(3)
    expect(acks()).toBe(3)
  })

  it('stops reading when told to stop, and files only fetched leading messages', async () => {
    const { filing: f, groups } = filing()
    expect(await fileTogether(f, [order(1), order(2)], () => true)).toEqual([])
    expect(groups).toHaveLength(0)
    const fetched = new Map([
      [1, order(1).raw],
      [3, order(3).raw],
    ])
    const filed = await fileLeading(
      f,
      [1, 2, 3],
      fetched,
      (uid) => `imap:INBOX:1:${uid}`,
      () => false,
    )
    expect(filed.map((h) => h.uid)).toEqual([1]) // 2 was not fetched: it and 3 go one at a time
    expect(await fileLeading(undefined, [1], fetched, String, () => false)).toEqual([])
  })
})

describe('fetchAhead (the next batch fetched while one is filed)', () => {
  const source = (uid: number) => new Map([[uid, Buffer.from(String(uid))]])

  it('hands the batches over in order, the next FETCH already sent while one is handled', async () => {
    const started: number[] = []
    const seenWhileHandling: number[][] = []
    for await (const [batch, fetched] of fetchAhead([1, 2, 3], async (b) => {
      started.push(b)
      return source(b)
    })) {
      seenWhileHandling.push([batch, ...started])
      expect(fetched.get(batch)?.toString()).toBe(String(batch))
    }
    expect(seenWhileHandling).toEqual([
      [1, 1, 2],
      [2, 1, 2, 3],
      [3, 1, 2, 3],
    ])
  })

  it('a pass that stops early waits for the FETCH in flight and leaves no failure unhandled', async () => {
    let settled = false
    const got: number[] = []
    for await (const [batch] of fetchAhead([1, 2], async (b) => {
      if (b === 1) return source(b)
      await new Promise((r) => setTimeout(r, 20))
      settled = true
      throw new Error('connection dropped')
    })) {
      got.push(batch)
      break
    }
    expect(got).toEqual([1])
    expect(settled).toBe(true) // the generator's end awaited the second FETCH before the pass went on
  })

  it('a FETCH that fails in its turn fails the pass there', async () => {
    const got: number[] = []
    await expect(
      (async () => {
        for await (const [batch] of fetchAhead([1, 2, 3], async (b) => {
          if (b === 2) throw new Error('no source')
          return source(b)
        }))
          got.push(batch)
      })(),
    ).rejects.toThrow('no source')
    expect(got).toEqual([1])
  })
})
