import type { InboundMail } from '../../src/mail/inbound.ts'
import { tickJobs } from '../../src/cli/app.ts'
import { tick, type TickOptions, type TickReport, tickYielding } from '../../src/schedule/tick.ts'
import { expect } from 'vitest'
import { outboxRows, outboxRowsAsync, readEvents, type TestApp } from '../helpers/app.ts'
import { clockProblems, clockProblemsAsync } from '../helpers/clock.ts'

export const HOUR = 3600_000
/** testApp's clock starts here: Monday 2026-03-02 12:00 UTC (07:00 EST). */
export const START = Date.UTC(2026, 2, 2, 12, 0, 0)

/**
 * Moves the test clock to `t` (ms or ISO) and runs one tick there. Before and after it, every
 * game's clock read model must equal one computed from scratch from the log.
 */
export function tickAt(app: TestApp, t: number | string, opts: TickOptions = {}): TickReport {
  expect(clockProblems(app.judge), 'clock read model before the tick').toEqual([])
  app.now.t = typeof t === 'string' ? Date.parse(t) : t
  const report = tick(app.judge, new Date(app.now.t), opts)
  expect(clockProblems(app.judge), 'clock read model after the tick').toEqual([])
  return report
}

/** tickAt with the batched tick of `pbem serve`, the clock rows read on the async handle. */
export async function tickAtAsync(
  app: TestApp,
  t: number | string,
  opts: Omit<TickOptions, 'jobs' | 'loadFold'> = {},
): Promise<TickReport> {
  expect(await clockProblemsAsync(app), 'clock read model before the tick').toEqual([])
  app.now.t = typeof t === 'string' ? Date.parse(t) : t
  const report = await tickYielding(app.judge, new Date(app.now.t), { ...opts, jobs: tickJobs(app) })
  expect(await clockProblemsAsync(app), 'clock read model after the tick').toEqual([])
  return report
}

/** types, read on the async handle. */
export async function typesAsync(app: TestApp, game = 'wb1', from = 1): Promise<string[]> {
  return (await readEvents(app, `game:${game}`, from)).map((e) => e.type)
}

/** eventsOf, read on the async handle. */
export async function eventsOfAsync(app: TestApp, type: string, game = 'wb1') {
  return (await readEvents(app, `game:${game}`)).filter((e) => e.type === type)
}

/** mailsSince, read on the async handle. */
export async function mailsSinceAsync(app: TestApp, after = 0, to?: string) {
  return (await outboxRowsAsync(app)).filter((r) => r.id > after && (to === undefined || r.recipient === to))
}

/** lastMailId, read on the async handle. */
export async function lastMailIdAsync(app: TestApp): Promise<number> {
  return (await outboxRowsAsync(app)).at(-1)?.id ?? 0
}

export function types(app: TestApp, game = 'wb1', from = 1): string[] {
  return app.store.read(`game:${game}`, from).map((e) => e.type)
}

export function eventsOf(app: TestApp, type: string, game = 'wb1') {
  return app.store.read(`game:${game}`).filter((e) => e.type === type)
}

/** Mails queued after outbox row `after`, optionally only to one recipient. */
export function mailsSince(app: TestApp, after = 0, to?: string) {
  return outboxRows(app).filter((r) => r.id > after && (to === undefined || r.recipient === to))
}

export function lastMailId(app: TestApp): number {
  return outboxRows(app).at(-1)?.id ?? 0
}

let n = 0
export function inbound(from: string, text: string, to: string[] = []): InboundMail {
  n++
  return {
    messageId: `m${n}.${Date.now()}@example.test`,
    rawHash: String(n).padStart(64, '0'),
    from: { address: from, name: '' },
    to,
    subject: 'command',
    date: null,
    inReplyTo: null,
    references: [],
    text,
    textAttachments: [],
    automated: null,
    size: text.length,
  }
}

export const FED = 'fed@example.test'
export const REB = 'reb@example.test'
export const MOD = 'mod@example.test'
