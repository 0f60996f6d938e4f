// The parts of a game's fold that no resolution touches: who plays (players, keys, zones,
// absences), the clock of the point under way (schedule, pauses, reminders, decisions), and which
// reports wait for their reader.
import type { StoredEvent } from '../log/store.ts'
import type { Schedule } from './clock/schedule.ts'
import type {
  AbsenceSet,
  DecisionRequested,
  GamePaused,
  PlayerJoined,
  PlayerReplaced,
  ReportsDispatched,
  ViewTokenIssued,
} from './events.ts'
import type { GameFold } from './gameFold.ts'

/** Players, their keys, zones and absences. */
export function applyPlayerEvent<S>(fold: GameFold<S>, e: StoredEvent): void {
  switch (e.type) {
    case 'PlayerJoined': {
      const p = e.data as PlayerJoined
      fold.players.set(p.role, p)
      break
    }
    case 'PlayerRekeyed': {
      if (e.data.role === 'moderator') {
        fold.moderatorKeyGeneration = e.data.keyGeneration
        break
      }
      const p = fold.players.get(e.data.role)
      if (p) fold.players.set(e.data.role, { ...p, keyHash: e.data.keyHash, keyGeneration: e.data.keyGeneration })
      break
    }
    case 'PlayerReplaced': {
      const r = e.data as PlayerReplaced
      fold.players.set(r.role, {
        role: r.role,
        address: r.address,
        name: r.name,
        keyHash: r.keyHash,
        keyGeneration: r.keyGeneration,
      })
      fold.ejected.delete(r.role)
      endViewToken(fold, r.role)
      fold.zones.delete(r.role)
      fold.absences.delete(r.role)
      break
    }
    case 'PlayerEjected': {
      const p = fold.players.get(e.data.role)
      if (p) fold.players.set(e.data.role, { ...p, keyGeneration: e.data.keyGeneration })
      fold.ejected.add(e.data.role)
      endViewToken(fold, e.data.role)
      fold.absences.delete(e.data.role)
      break
    }
    case 'ViewTokenIssued': {
      const t = e.data as ViewTokenIssued
      fold.viewTokens.set(t.reader, { tokenHash: t.tokenHash, generation: t.generation, live: true })
      break
    }
    case 'ViewTokenRevoked':
      endViewToken(fold, e.data.reader)
      break
    case 'ObserversSet':
      fold.observers = e.data.on === true
      break
    case 'StandbySet':
      fold.standby = e.data.level ?? null
      break
    case 'PlayerZoneSet':
      if (e.data.zone) fold.zones.set(e.data.role, e.data.zone)
      else fold.zones.delete(e.data.role)
      break
    case 'AbsenceSet': {
      const a = e.data as AbsenceSet
      fold.absences.set(a.role, [
        ...(fold.absences.get(a.role) ?? []),
        { absenceId: a.absenceId, from: a.from, to: a.to, days: a.days, by: a.by },
      ])
      break
    }
    case 'AbsenceCancelled':
      fold.absences.set(
        e.data.role,
        (fold.absences.get(e.data.role) ?? []).filter((a) => a.absenceId !== e.data.absenceId),
      )
      break
  }
}

/** A seat's page token ends with its player: a replacement or an ejected player's seat needs a new one. */
function endViewToken<S>(fold: GameFold<S>, reader: string): void {
  const t = fold.viewTokens.get(reader)
  if (t) fold.viewTokens.set(reader, { ...t, live: false })
}

/** The schedule, pauses, reminders, decisions and deadlines of the point under way. */
export function applyClockEvent<S>(fold: GameFold<S>, e: StoredEvent): void {
  switch (e.type) {
    case 'ScheduleSet':
      fold.schedule = e.data.schedule as Schedule
      break
    case 'GamePaused':
      fold.paused = { ...(e.data as GamePaused), at: e.recordedAt }
      if (e.data.point === fold.point) fold.pausedThisPoint = true
      break
    case 'GameResumed':
      fold.paused = null
      break
    case 'GraceGranted':
      if (e.data.point === fold.point) fold.graceUsed = true
      break
    case 'ReminderSent':
      if (e.data.point === fold.point) fold.remindersSent.add(`${e.data.hoursBefore}@${e.data.deadline}`)
      break
    case 'ReportsDispatched': {
      const d = e.data as ReportsDispatched
      for (const reader of d.held) if (!fold.reportsHeld.has(reader)) fold.reportsHeld.set(reader, d.point)
      for (const reader of d.sent) {
        fold.reportsHeld.delete(reader)
        fold.lastReported.set(reader, { point: d.point, turn: d.turn })
      }
      break
    }
    case 'LateNoticeSent':
      if (e.data.point === fold.point) {
        fold.lateNoticesSent.add(e.data.hoursAfter)
        fold.missedDeadline ??= e.data.deadline
      }
      break
    case 'DecisionRequested':
      if (e.data.point === fold.point)
        fold.requested.set(e.data.decisionId, {
          ...(e.data as DecisionRequested),
          requestedAt: e.recordedAt,
          ...(e.schemaVersion < 2 ? { legacy: true } : {}),
        })
      break
    case 'DecisionDeadlineSet': {
      const d = fold.requested.get(e.data.decisionId)
      if (d && e.data.point === fold.point) d.deadline = e.data.deadline
      break
    }
    case 'DecisionMade':
    case 'DecisionDefaulted':
      if (e.data.point === fold.point) {
        fold.answers.set(e.data.decisionId, { applied: e.data.applied, byDefault: e.type === 'DecisionDefaulted' })
        // An answer between resolutions is an input like orders: early processing waits the change-of-mind delay after it too.
        if (e.type === 'DecisionMade' && fold.requested.get(e.data.decisionId)?.between) fold.lastOrderAt = e.recordedAt
      }
      break
  }
}
