// A game's clock in one row: its status and the first instant at which the tick would
// find work for it (a reminder, early processing after the change-of-mind delay, the deadline, a
// late notice, the end of a grace period, a decision's deadline, an absence beginning or ending).
// Pure: a fold in, a row out. planGame (lifecycle.ts) compares the instant only against the
// instants listed here, always as "instant <= now" or "now < instant", so its plan is the same
// from one listed instant up to the next: trying each in order finds the first with work exactly.
import type { GameFold } from '../fold.ts'
import { planGame, type Action } from './lifecycle.ts'

const HOUR = 3600_000

export type ClockStatus = 'active' | 'paused' | 'finished'

export interface ClockEntry {
  status: ClockStatus
  /** ms since 1970; 0 when work is due whatever the time; null when nothing is scheduled. */
  nextAt: number | null
  /** What the tick would do at nextAt, in words. */
  what: string | null
  /** A judge silent longer than this many minutes moves the game's open deadlines (the outage guard). */
  outageMinutes: number
}

/** Every instant at which the plan of this fold may change, and 0 (before all of them). */
export function instantsOfInterest(fold: GameFold): number[] {
  const at: number[] = [0, Date.parse(fold.openedAt)]
  const s = fold.schedule
  if (fold.deadline) {
    const D = Date.parse(fold.deadline.deadline)
    const D0 = Date.parse(fold.missedDeadline ?? fold.deadline.deadline)
    at.push(D, D0)
    for (const h of s.reminderHours) at.push(D - h * HOUR)
    for (const h of s.lateNoticeHours) at.push(D0 + h * HOUR)
  }
  if (fold.lastOrderAt) at.push(Date.parse(fold.lastOrderAt) + s.delayMinutes * 60_000)
  for (const d of fold.requested.values()) at.push(Date.parse(d.deadline ?? fold.openedAt))
  for (const list of fold.absences.values()) for (const a of list) at.push(Date.parse(a.from), Date.parse(a.to))
  return [...new Set(at.filter((t) => Number.isFinite(t) && t >= 0))].sort((a, b) => a - b)
}

function word(a: Action): string {
  return a.kind === 'advance' ? `resolution (${a.reason})` : a.kind
}

export function clockEntry(fold: GameFold): ClockEntry {
  const status: ClockStatus = fold.finished ? 'finished' : fold.paused ? 'paused' : 'active'
  const outageMinutes = fold.schedule.outageMinutes
  if (status !== 'active') return { status, nextAt: null, what: null, outageMinutes }
  for (const t of instantsOfInterest(fold)) {
    const plan = planGame(fold, new Date(t))
    if (plan.actions.length) return { status, nextAt: t, what: plan.actions.map(word).join(', '), outageMinutes }
  }
  return { status, nextAt: null, what: null, outageMinutes }
}
