// `pbem serve` started while its PostgreSQL cannot be reached yet waits for it, trying again with a
// growing pause and saying so, instead of exiting; any other failure at start stops it at once.
import { describe, expect, it, vi } from 'vitest'
import type { App } from '../../src/cli/app.ts'
import { openServing, START_RETRY_MS } from '../../src/cli/serve.ts'

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const fakeApp = { name: 'the judge' } as unknown as App

describe('openServing', () => {
  it('tries again after each refused connection, the pause doubling up to 30 s, and says so', async () => {
    const waits: number[] = []
    let tries = 0
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    const app = await openServing(
      async () => {
        tries++
        if (tries <= 7) throw refused()
        return fakeApp
      },
      async (ms) => void waits.push(ms),
    )
    const lines = said.mock.calls.map((c) => String(c[0]))
    said.mockRestore()
    expect(app).toBe(fakeApp)
    expect(tries).toBe(8)
    expect(waits).toEqual([...START_RETRY_MS, 30_000])
    expect(lines).toHaveLength(7)
    expect(lines[0]).toMatch(/database unreachable at start \(connect ECONNREFUSED .*\); trying again in 1 s/)
  })

  it('waits for PostgreSQL starting up (57P03) as for a refused connection', async () => {
    let tries = 0
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    await openServing(
      async () => {
        if (tries++ === 0) throw Object.assign(new Error('the database system is starting up'), { code: '57P03' })
        return fakeApp
      },
      async () => {},
    )
    said.mockRestore()
    expect(tries).toBe(2)
  })

  it('stops at once on any other failure: a wrong password is not waited out', async () => {
    let tries = 0
    const wrong = Object.assign(new Error('password authentication failed for user "pbem"'), { code: '28P01' })
    await expect(
      openServing(
        async () => {
          tries++
          throw wrong
        },
        async () => {},
      ),
    ).rejects.toBe(wrong)
    expect(tries).toBe(1)
  })
})
