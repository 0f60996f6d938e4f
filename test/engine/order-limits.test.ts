// What one keyed order message may cost (issue "Hostile and unlucky mail", item 2): a forwarded
// report's reply address is enough to send orders, so the engine bounds errors, echoes and records.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ORDER_LIMITS } from '../../src/engine/orderLimits.ts'
import { outboxRowsAsync, type TestApp } from '../helpers/app.ts'
import { callsAsync, createFixtureDuelAsync, loadAsync, testAppAsync } from '../helpers/asyncJudge.ts'
import { bothEngines } from '../pg/engines.ts'

// Shown on South's orders in the fixture duel.
// Every case runs on both engines: judge.sqlite, and a fresh PostgreSQL database.
const ENGINES = bothEngines()

describe.each(ENGINES)('on $name', (engine) => {
  let app: TestApp
  let key: string
  // The orders filed as a command files them, in one batch on the async handle.
  beforeEach(async () => {
    app = await testAppAsync('test', { database: engine.app() })
    key = (await createFixtureDuelAsync(app)).keys.south!
  })
  afterEach(() => app.cleanup())

  const submit = (lines: string) =>
    callsAsync(app, 'fd1', (j) => j.submitOrders('fd1', 'south', `GAME fd1 SOUTH\nKEY ${key}\n${lines}\n`))
  const lastAck = async () => (await outboxRowsAsync(app)).filter((r) => r.kind === 'ack').at(-1)!.mail
  const lastEventBytes = async () =>
    (await app.jobsDb.get<{ n: number }>('SELECT length(data) AS n FROM events ORDER BY position DESC LIMIT 1'))!.n

  describe('order limits', () => {
    it('a 40 KB line repeating a number is one error quoting an excerpt, not thousands quoting the line', async () => {
      const result = await submit(`DRAW ${'1 '.repeat(20_000)}`)
      expect(result.accepted).toBe(false)
      expect(result.errors).toHaveLength(1)
      expect(result.errors[0]).toMatchObject({ line: 3 })
      expect(result.errors[0]!.message).toMatch(/40,0\d\d characters long; an order line may have at most 1,000/)
      expect(result.errors[0]!.text.length).toBeLessThanOrEqual(ORDER_LIMITS.excerptChars + 3)
      expect(Buffer.byteLength((await lastAck()).text)).toBeLessThan(4096)
      expect(await lastEventBytes()).toBeLessThan(4096)
    })

    it('a line just under the limit still reaches the game, whose errors are capped at 50 with a count of the rest', async () => {
      const counts = '9 '.repeat(480) // 960 characters: no count the game knows
      const result = await submit(`DRAW ${counts}`)
      expect(result.accepted).toBe(false)
      expect(result.errors.length).toBeLessThanOrEqual(ORDER_LIMITS.maxErrors + 1)
      const many = await submit(Array.from({ length: 120 }, (_, i) => `NOSUCHORDER${i}`).join('\n'))
      expect(many.errors).toHaveLength(ORDER_LIMITS.maxErrors + 1)
      expect(many.errors.at(-1)!.message).toBe('... and 70 more errors like these')
      expect(many.errors.at(-1)!.line).toBe(3 + ORDER_LIMITS.maxErrors)
      expect((await lastAck()).text).toContain('... and 70 more errors like these')
    })

    it('every error keeps its line number and a short quote, and the message is still refused whole', async () => {
      const result = await submit(`PASS\nXYZ: ${'Q'.repeat(900)}`)
      expect(result.accepted).toBe(false)
      const bad = result.errors.find((e) => e.line === 4)!
      expect(bad.text.length).toBeLessThanOrEqual(ORDER_LIMITS.excerptChars + 3)
      expect((await loadAsync(app, 'fd1')).orders.has('south')).toBe(false)
    })

    it('an accepted set with a very long echo keeps the acknowledgement within 64 KiB and says what was left out', async () => {
      // Each standing order is echoed restated in words, about 60 characters a line.
      const result = await submit(Array.from({ length: 1500 }, () => 'HIGH ASK').join('\n'))
      expect(result.errors).toEqual([])
      expect(result.accepted).toBe(true)
      const ack = await lastAck()
      expect(Buffer.byteLength(ack.text)).toBeLessThanOrEqual(ORDER_LIMITS.maxAckTextBytes)
      expect(Buffer.byteLength(ack.html!)).toBeLessThanOrEqual(2 * ORDER_LIMITS.maxAckTextBytes)
      expect(ack.text).toMatch(/\.\.\. and \d+ more lines \(all on file: ORDERS by mail lists them\)/)
    })
  })

  describe('too many order lines', () => {
    it('a message with more than 2,000 order lines is refused whole, unparsed, with one error', async () => {
      const app = await testAppAsync('too-many-lines', { database: engine.app() })
      try {
        await createFixtureDuelAsync(app)
        const r = await callsAsync(app, 'fd1', (j) => j.submitOrders('fd1', 'south', 'DRAWW 9\n'.repeat(2500)))
        expect(r.accepted).toBe(false)
        expect(r.errors).toHaveLength(1)
        expect(r.errors[0]).toMatchObject({ line: 2001, message: expect.stringMatching(/more than 2,000 order lines/) })
        const ok = await callsAsync(app, 'fd1', (j) =>
          j.submitOrders('fd1', 'south', `DRAW 1\n${'# note\n\n'.repeat(3000)}`),
        )
        expect(ok.accepted).toBe(true)
      } finally {
        app.cleanup()
      }
    })
  })
})
