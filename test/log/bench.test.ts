import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { benchLog } from '../../bench/log-bench.ts'
import { sqliteSynchronous } from '../../src/log/db.ts'

describe('benchLog', () => {
  it('reports throughput and cleans up its temp files', () => {
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('pbem-log-bench-')).length
    const r = benchLog(200)
    expect(r.logEventsPerSec).toBeGreaterThan(0)
    expect(r.rawInsertsPerSec).toBeGreaterThan(0)
    expect(r.durability).toMatch(/WAL/)
    expect(r.durability).toContain(`synchronous=${sqliteSynchronous()}`)
    const after = readdirSync(tmpdir()).filter((f) => f.startsWith('pbem-log-bench-')).length
    expect(after).toBeLessThanOrEqual(before)
  })
})
