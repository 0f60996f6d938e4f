import type { InboundMail } from '../../src/mail/inbound.ts'
import { tick, type TickOptions, type TickReport } from '../../src/schedule/tick.ts'
import { expect } from 'vitest'
import { outboxRows, type TestApp } from '../helpers/app.ts'
import { clockProblems } from '../helpers/clock.ts'

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
