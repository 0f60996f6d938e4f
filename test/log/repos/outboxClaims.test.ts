// The outbox-claims repository on both engines: a claim takes only due rows nobody else holds, in
// id order, a batch at a time; a lapsed claim is taken over and its old holder's renewal refused;
// a send in doubt is taken over and settled only while still held. On PostgreSQL a claim skips the
// rows another connection is claiming instead of waiting for them (FOR UPDATE SKIP LOCKED).
import { afterEach, describe, expect, it } from 'vitest'
import type { AsyncDatabase, AsyncQueryable } from '../../../src/log/async/database.ts'
import { openAsyncDatabase } from '../../../src/log/async/open.ts'
import { outboxRowStep, stampSendsStarted } from '../../../src/log/repos/outbox.ts'
import {
  claimDueRows,
  claimRowsInDoubt,
  confirmRowInDoubt,
  findRowsInDoubt,
  holdRowInDoubt,
  releaseRowInDoubt,
  renewRowClaims,
} from '../../../src/log/repos/outboxClaims.ts'
import { row as oneRow, rows, run } from '../../helpers/asyncSql.ts'
import { bothEngines } from '../../pg/engines.ts'

const T0 = '2026-04-21T06:00:00.000Z'
const T1 = '2026-04-21T06:01:00.000Z'
const T2 = '2026-04-21T06:02:00.000Z'
const T3 = '2026-04-21T06:03:00.000Z'

/** `count` rows queued for g1, their ids in order. */
async function queue(db: AsyncDatabase, count: number): Promise<number[]> {
  const steps = []
  for (let n = 1; n <= count; n++)
    steps.push(
      outboxRowStep(db.engine, {
        messageId: `report.g1.${n}@judge.example`,
        game: 'g1',
        recipient: `p${n}@example.test`,
        kind: 'report',
        payload: JSON.stringify({ n }),
        createdAt: T0,
      }),
    )
  await db.batch(steps)
  return (await rows<{ id: number }>(db, `SELECT id FROM outbox WHERE game = 'g1' ORDER BY id`)).map((r) => r.id)
}

const claim = async (q: AsyncQueryable, owner: string, now: string, until: string, count = 20, after = 0) =>
  (await claimDueRows(q, { owner, now, until, after, maxAttempts: 10, count })).map((r) => r.id)

const row = (db: AsyncQueryable, id: number) =>
  oneRow(
    db,
    'SELECT claimed_by, claimed_until, sent_at, send_started_at, send_note, next_attempt_at FROM outbox WHERE id = ?',
    id,
  )

const handles: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const h of handles.splice(0)) await h.close()
})

describe.each(bothEngines())('outbox claims on $name', (engine) => {
  it('claims due rows nobody else holds, a batch at a time in id order, and takes a lapsed claim over', async () => {
    const db = await engine.openAsync()
    const ids = await queue(db, 5)
    expect(await claim(db, 'a', T0, T1, 2)).toEqual(ids.slice(0, 2))
    expect(await claim(db, 'b', T0, T1, 2)).toEqual(ids.slice(2, 4))
    expect(await claim(db, 'b', T0, T1, 20, ids[3]!)).toEqual([ids[4]])
    // Its own holder takes a row again at once; another judge only once the claim has lapsed.
    expect(await claim(db, 'a', T0, T1, 2)).toEqual(ids.slice(0, 2))
    expect(await claim(db, 'c', T1, T2)).toEqual(ids)
    expect(await renewRowClaims(db, 'a', ids.slice(0, 2), T3)).toEqual(new Set())
    expect(await renewRowClaims(db, 'c', ids.slice(0, 2), T3)).toEqual(new Set(ids.slice(0, 2)))
    expect(await renewRowClaims(db, 'c', [], T3)).toEqual(new Set())
    expect(await row(db, ids[0]!)).toMatchObject({ claimed_by: 'c', claimed_until: T3 })
  })

  it('leaves out rows sent, held back or tried too often', async () => {
    const db = await engine.openAsync()
    const ids = await queue(db, 3)
    await run(db, 'UPDATE outbox SET sent_at = ? WHERE id = ?', T0, ids[0])
    await run(db, 'UPDATE outbox SET next_attempt_at = ? WHERE id = ?', T2, ids[1])
    await run(db, 'UPDATE outbox SET attempts = 10 WHERE id = ?', ids[2])
    expect(await claim(db, 'a', T1, T2)).toEqual([])
    expect(await claim(db, 'a', T2, T3)).toEqual([ids[1]])
  })

  it('takes a send in doubt over once its claim lapsed, and settles it only while it holds it', async () => {
    const db = await engine.openAsync()
    const ids = await queue(db, 4)
    expect(await claim(db, 'a', T0, T1)).toEqual(ids)
    await stampSendsStarted(db, ids, T0)
    expect(await findRowsInDoubt(db, T0, 'b')).toEqual([])
    expect(await claimRowsInDoubt(db, T0, 'b', T2)).toEqual([])
    const doubt = await claimRowsInDoubt(db, T1, 'b', T3)
    expect(doubt.map((r) => r.id)).toEqual(ids)
    expect(doubt[0]).toEqual({ id: ids[0], message_id: 'report.g1.1@judge.example', send_started_at: T0 })
    await releaseRowInDoubt(db, ids[0]!, 'a', 'not a')
    await confirmRowInDoubt(db, ids[1]!, 'a', T2, 'not a')
    expect(await row(db, ids[0]!)).toMatchObject({ send_started_at: T0, send_note: null })
    expect(await row(db, ids[1]!)).toMatchObject({ sent_at: null, send_note: null })
    await releaseRowInDoubt(db, ids[0]!, 'b', 'sent again')
    await confirmRowInDoubt(db, ids[1]!, 'b', T2, 'found')
    await holdRowInDoubt(db, ids[2]!, T3, 'held')
    expect(await row(db, ids[0]!)).toMatchObject({ send_started_at: null, send_note: 'sent again', claimed_by: 'b' })
    expect(await row(db, ids[1]!)).toMatchObject({ sent_at: T2, send_note: 'found', claimed_by: null })
    expect(await row(db, ids[2]!)).toMatchObject({ next_attempt_at: T3, send_note: 'held' })
    expect((await findRowsInDoubt(db, T2, 'b')).map((r) => r.id)).toEqual([ids[3]])
  })

  it.runIf(engine.name === 'postgres')('skips the rows another connection is claiming instead of waiting', async () => {
    const target = engine.target()
    const a = await openAsyncDatabase(target)
    const b = await openAsyncDatabase(target)
    handles.push(a, b)
    const ids = await queue(a, 4)
    // Without SKIP LOCKED the second claim would wait on the first's row locks until lock_timeout.
    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    const first = a.transaction(async (tx) => {
      expect(await claim(tx, 'a', T0, T1, 2)).toEqual(ids.slice(0, 2))
      await stampSendsStarted(tx, [ids[0]!], T0)
      await held
    })
    await new Promise((r) => setTimeout(r, 200))
    const started = Date.now()
    await b.transaction(async (tx) => {
      expect(await claim(tx, 'b', T0, T1, 2)).toEqual(ids.slice(2, 4))
    })
    expect(Date.now() - started).toBeLessThan(2000)
    release()
    await first
    await b.transaction(async (tx) => {
      expect((await claimRowsInDoubt(tx, T2, 'b', T3)).map((r) => r.id)).toEqual([ids[0]])
      expect(await claimRowsInDoubt(a, T2, 'a', T3)).toEqual([])
    })
  })
})
