// The retention sweep on the async handle, on both engines: old sent rows become stubs and the
// mail parts no kept payload names are deleted, in one batch; a second sweep finds nothing.
import { describe, expect, it } from 'vitest'
import { hasMailPart, storeMailPart } from '../../../src/log/repos/mailParts.ts'
import { insertOutboxRow, recordSends } from '../../../src/log/repos/outbox.ts'
import { pruneSentRowsAsync } from '../../../src/log/repos/outboxPrune.ts'
import type { SqlDatabase } from '../../../src/log/sql.ts'
import { jobsOf } from '../../helpers/jobsDb.ts'
import { bothEngines } from '../../pg/engines.ts'

const T0 = '2026-04-21T06:00:00.000Z'
const T1 = '2026-04-21T07:00:00.000Z'
const T2 = '2026-04-21T08:00:00.000Z'

const queue = (db: SqlDatabase, n: number, payload: object) =>
  insertOutboxRow(db, {
    messageId: `report.g1.${n}@judge.example`,
    game: 'g1',
    recipient: `p${n}@example.test`,
    kind: 'report',
    payload: JSON.stringify(payload),
    createdAt: T0,
  })!

const payload = (db: SqlDatabase, id: number) =>
  JSON.parse((db.prepare('SELECT payload FROM outbox WHERE id = ?').get(id) as { payload: string }).payload)

describe.each(bothEngines())('the retention sweep on the async handle, on $name', (engine) => {
  it('sweeps old sent rows to stubs and deletes the parts no kept payload names, in one batch', async () => {
    const db = engine.open()
    const jobs = jobsOf(db)
    for (const h of ['kept', 'old', 'orphan']) storeMailPart(db, h, Buffer.from(h), T0)
    const old = queue(db, 1, { textParts: ['old'] })
    const recent = queue(db, 2, { textParts: ['kept'] })
    const unsent = queue(db, 3, { htmlParts: ['kept'] })
    await recordSends(jobs, [
      { id: old, sentAt: T0 },
      { id: recent, sentAt: T2 },
    ])
    const stub = (p: string) => JSON.stringify({ was: Object.keys(JSON.parse(p)), pruned: true })
    const named = (p: string) => {
      const m = JSON.parse(p) as { textParts?: string[]; htmlParts?: string[] }
      return [...(m.textParts ?? []), ...(m.htmlParts ?? [])]
    }
    const batches: number[] = []
    const counting = Object.create(jobs, {
      batch: { value: (steps: never[]) => (batches.push(steps.length), jobs.batch(steps)) },
    })
    expect(await pruneSentRowsAsync(counting, T1, stub, named)).toEqual({ mails: 1, parts: 2 })
    // The stub, the deletes of the two unused parts in one statement, and the outbox's count.
    expect(batches).toEqual([3])
    expect(payload(db, old)).toEqual({ was: ['textParts'], pruned: true })
    expect(payload(db, recent)).toEqual({ textParts: ['kept'] })
    expect(payload(db, unsent)).toEqual({ htmlParts: ['kept'] })
    expect([hasMailPart(db, 'kept'), hasMailPart(db, 'old'), hasMailPart(db, 'orphan')]).toEqual([true, false, false])
    expect(await pruneSentRowsAsync(counting, T1, stub, named)).toEqual({ mails: 0, parts: 0 })
    expect(batches).toEqual([3])
  })
})
