// The retention sweep on the async handle, on both engines: old sent rows become stubs and the
// mail parts no kept payload names are deleted, in one batch; a second sweep finds nothing.
import { describe, expect, it } from 'vitest'
import type { AsyncDatabase, AsyncQueryable } from '../../../src/log/async/database.ts'
import { mailPartStep } from '../../../src/log/repos/mailParts.ts'
import { outboxRowStep, recordSends } from '../../../src/log/repos/outbox.ts'
import { pruneSentRowsAsync } from '../../../src/log/repos/outboxPrune.ts'
import { pluck, row } from '../../helpers/asyncSql.ts'
import { bothEngines } from '../../pg/engines.ts'

const T0 = '2026-04-21T06:00:00.000Z'
const T1 = '2026-04-21T07:00:00.000Z'
const T2 = '2026-04-21T08:00:00.000Z'

async function queue(db: AsyncDatabase, n: number, payload: object): Promise<number> {
  const messageId = `report.g1.${n}@judge.example`
  await db.batch([
    outboxRowStep(db.engine, {
      messageId,
      game: 'g1',
      recipient: `p${n}@example.test`,
      kind: 'report',
      payload: JSON.stringify(payload),
      createdAt: T0,
    }),
  ])
  return Number(await pluck(db, 'SELECT id FROM outbox WHERE message_id = ?', messageId))
}

const payload = async (db: AsyncQueryable, id: number) =>
  JSON.parse(String(await pluck(db, 'SELECT payload FROM outbox WHERE id = ?', id)))

const hasMailPart = async (db: AsyncQueryable, hash: string) =>
  (await row(db, 'SELECT 1 AS one FROM mail_parts WHERE hash = ?', hash)) !== undefined

describe.each(bothEngines())('the retention sweep on the async handle, on $name', (engine) => {
  it('sweeps old sent rows to stubs and deletes the parts no kept payload names, in one batch', async () => {
    const jobs = await engine.openAsync()
    await jobs.batch(['kept', 'old', 'orphan'].map((h) => mailPartStep(jobs.engine, h, Buffer.from(h), T0)))
    const old = await queue(jobs, 1, { textParts: ['old'] })
    const recent = await queue(jobs, 2, { textParts: ['kept'] })
    const unsent = await queue(jobs, 3, { htmlParts: ['kept'] })
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
    expect(await payload(jobs, old)).toEqual({ was: ['textParts'], pruned: true })
    expect(await payload(jobs, recent)).toEqual({ textParts: ['kept'] })
    expect(await payload(jobs, unsent)).toEqual({ htmlParts: ['kept'] })
    expect([
      await hasMailPart(jobs, 'kept'),
      await hasMailPart(jobs, 'old'),
      await hasMailPart(jobs, 'orphan'),
    ]).toEqual([true, false, false])
    expect(await pruneSentRowsAsync(counting, T1, stub, named)).toEqual({ mails: 0, parts: 0 })
    expect(batches).toEqual([3])
  })
})
