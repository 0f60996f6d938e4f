// Advancing a kept fold by the events appended since: after every append the judge
// refreshes the game's clock row, and re-reading and re-folding the whole stream made each order
// cost more the longer the game's history. foldGame (fold.ts) leaves behind how to go on from where
// it stopped; advanceFold applies only the new events, to a copy, so a caller still holding the
// older fold sees it unchanged. The result equals a fold from scratch: the same code applies the
// same events in the same order from the same state. Anything it cannot vouch for (a gap in the
// versions, a broken hash chain after a rolled-back append, a fold already advanced, a fold that
// failed) gives null, and the caller folds from scratch.
import type { StoredEvent } from '../log/store.ts'
import type { GameFold } from './gameFold.ts'

/** Applies `more` to a copy of `from`; null when it cannot (the caller folds from scratch). */
export type Resume = (from: GameFold, more: StoredEvent[]) => GameFold | null

const resumers = new WeakMap<GameFold, Resume>()

/** Called by foldGame: how to go on from `fold`. */
export function keepResumable(fold: GameFold, resume: Resume): void {
  resumers.set(fold, resume)
}

/** `fold` with the events after it applied, or null when only a fold from scratch can tell. */
export function advanceFold<S>(fold: GameFold<S>, more: StoredEvent[]): GameFold<S> | null {
  if (!more.length) return fold
  const resume = resumers.get(fold as GameFold)
  if (!resume) return null
  let expected = fold.version + 1
  let prevHash = fold.events.at(-1)?.hash
  for (const e of more) {
    if (e.version !== expected || e.prevHash !== prevHash) return null
    expected += 1
    prevHash = e.hash
  }
  const next = resume(fold as GameFold, more)
  if (next) resumers.set(next, resume)
  return next as GameFold<S> | null
}

/**
 * A copy of `fold` ready for `more`: every container the fold's events write to is new, so
 * applying them leaves `fold` as it was (the values inside are replaced, never changed, except a
 * pending decision's deadline, which is why those are copied one level down). Arrays are copied
 * with slice and concat, not spread: the events of a long game are copied once per order, and the
 * spread's iteration cost a measurable part of filing one.
 */
export function nextFold<S>(fold: GameFold<S>, more: StoredEvent[]): GameFold<S> {
  return {
    ...fold,
    version: more.at(-1)!.version,
    players: new Map(fold.players),
    orders: new Map(fold.orders),
    receipts: new Map(fold.receipts),
    adjudications: fold.adjudications.slice(),
    superseded: fold.superseded.slice(),
    statesBefore: new Map(fold.statesBefore),
    events: fold.events.concat(more),
    drift: fold.drift.slice(),
    zones: new Map(fold.zones),
    absences: new Map(fold.absences),
    ejected: new Set(fold.ejected),
    viewTokens: new Map(fold.viewTokens),
    remindersSent: new Set(fold.remindersSent),
    lateNoticesSent: new Set(fold.lateNoticesSent),
    reportsHeld: new Map(fold.reportsHeld),
    lastReported: new Map(fold.lastReported),
    requested: new Map([...fold.requested].map(([id, d]) => [id, { ...d }])),
    answers: new Map(fold.answers),
  }
}
