// What a player changes by mail besides orders and answers: press to other players, his time zone,
// declared absences.
import { sha256Hex } from '../util/canonical.ts'
import { endOfLocalDay, isValidZone, localDate } from './clock/calendar.ts'
import { gameStream } from './events.ts'
import { playerKey, serverSecret } from './keys.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { GameFold } from './fold.ts'
import type { CallResult, CallMeta } from './calls.ts'
import * as reporting from './reporting.ts'

/** PRESS: a message from one role to another (or ALL) through the judge, logged with its audience. */
export function sendPress(
  j: Judge,
  game: string,
  from: string,
  to: string,
  text: string,
  messageId: string | null,
): { ok: true; to: string[] } | { ok: false; reason: string } {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    const roles = [...fold.players.keys()]
    const targets = to === 'all' ? roles.filter((r) => r !== from) : roles.includes(to) && to !== from ? [to] : []
    if (!targets.length)
      return {
        ok: false as const,
        reason: `PRESS needs a role to write to: ${roles.filter((r) => r !== from).join(', ')} or ALL.`,
      }
    if (!text.trim()) return { ok: false as const, reason: 'PRESS needs the message on the lines after it.' }
    const [stored] = j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'PressSent',
        data: { from, to: targets, text, messageId },
        audience: { kind: 'roles', roles: [from, ...targets] },
        causation: messageId,
      },
    ])
    for (const r of targets) {
      const p = fold.players.get(r)!
      j.o.outbox.enqueue(
        {
          messageId: `press.${game}.${stored!.version}.${r}@${j.mailDomain}`,
          from: j.fromAddress,
          to: p.address,
          replyTo: j.replyAddress(game, r, playerKey(serverSecret(j.o.db), game, r, p.keyGeneration)),
          subject: `[${game}] Press from ${from}`,
          text: j.templates.render(null, 'notice.txt', {
            body: `Press from ${from} to ${targets.join(', ')}, relayed and logged by the judge:\n\n${text}\n\nTo answer, reply with PRESS ${from} on the first line.`,
          }),
        },
        { game, kind: 'press' },
      )
    }
    return { ok: true as const, to: targets }
  })
}

/** SET ZONE <iana>: deadlines in this player's mail are shown in their zone too (NONE clears it). */
export function setPlayerZone(
  j: Judge,
  game: string,
  role: string,
  zone: string | null,
  meta: CallMeta = {},
): CallResult {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
    const z = zone === null || /^(none|off|clear)$/i.test(zone.trim()) ? null : zone.trim()
    const tag = sha256Hex(`${meta.messageId ?? j.o.clock().toISOString()}|zone|${zone}`).slice(0, 12)
    if (z !== null && !isValidZone(z)) {
      const error = `"${z}" is not a time zone the judge knows; use an IANA name such as Europe/Paris, America/Chicago or Asia/Kolkata`
      if (meta.mail !== false)
        reporting.noticeTo(
          j,
          fold,
          role,
          'Time zone not set',
          error,
          `zone-error.${game}.${tag}`,
          'ack',
          meta.messageId,
        )
      return { ok: false as const, error }
    }
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'PlayerZoneSet',
        data: { role, zone: z },
        audience: { kind: 'roles', roles: [role] },
        causation: meta.messageId ?? null,
      },
    ])
    const after = j.load(game)
    const message = z
      ? `Deadlines will be shown in ${z} too. The current deadline: ${j.when(after, after.deadline?.deadline ?? null, role)}.`
      : `Your own zone is cleared: deadlines are shown in UTC and the game's zone (${after.schedule.zone}).`
    if (meta.mail !== false)
      reporting.noticeTo(
        j,
        after,
        role,
        `Time zone ${z ?? 'cleared'}`,
        message,
        `zone.${game}.${tag}`,
        'ack',
        meta.messageId,
      )
    return { ok: true as const, message }
  })
}

/**
 * SET ABSENCE <from> <to> (dates, inclusive, in the player's zone or else the game's): during the
 * absence the game does not wait for the role: its standing and default orders are used at the
 * deadline, no late notice names it, and decisions put to it take their defaults at once. Limits
 * (set by the moderator in the schedule): days per absence, days per role per game; no overlaps;
 * not in the past. The moderator (`by: 'moderator'`) is not bound by the limits.
 */
export function setAbsence(
  j: Judge,
  game: string,
  role: string,
  from: string,
  to: string,
  meta: CallMeta & { by?: string } = {},
): CallResult {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
    const byModerator = meta.by === 'moderator'
    const zone = fold.zones.get(role) ?? fold.schedule.zone
    const tag = sha256Hex(`${meta.messageId ?? j.o.clock().toISOString()}|absence|${from}|${to}`).slice(0, 12)
    const refuse = (error: string) => {
      if (meta.mail !== false)
        reporting.noticeTo(
          j,
          fold,
          role,
          'Absence not set',
          `SET ABSENCE ${from} ${to}: ${error}.`,
          `absence-error.${game}.${tag}`,
          'ack',
          meta.messageId,
        )
      return { ok: false as const, error }
    }
    const span = absenceSpan(j, fold, role, from, to, byModerator)
    if (typeof span === 'string') return refuse(span)
    const { days, start, end } = span
    const absenceId = [...fold.absences.values()].flat().reduce((n, a) => Math.max(n, a.absenceId), 0) + 1
    j.o.store.append(gameStream(game), fold.version, [
      {
        type: 'AbsenceSet',
        data: {
          role,
          absenceId,
          from: start.toISOString(),
          to: end.toISOString(),
          days,
          by: byModerator ? 'moderator' : role,
        },
        audience: { kind: 'public' },
        causation: meta.messageId ?? null,
      },
    ])
    const message = announceAbsence(j, game, role, span, zone, tag, meta)
    return { ok: true as const, message }
  })
}

/** SET ABSENCE NONE: withdraws the role's absences that have not ended. */
export function cancelAbsence(j: Judge, game: string, role: string, meta: CallMeta & { by?: string } = {}): CallResult {
  return j.o.store.transaction(() => {
    const fold = j.load(game)
    if (!fold.players.has(role)) return { ok: false as const, error: `game ${game} has no role "${role}"` }
    const now = j.o.clock().getTime()
    const open = (fold.absences.get(role) ?? []).filter((a) => Date.parse(a.to) > now)
    const tag = sha256Hex(`${meta.messageId ?? j.o.clock().toISOString()}|absence-none`).slice(0, 12)
    if (!open.length) return { ok: true as const, message: 'You had no absence to cancel.' }
    j.o.store.append(
      gameStream(game),
      fold.version,
      open.map((a) => ({
        type: 'AbsenceCancelled',
        data: { role, absenceId: a.absenceId, by: meta.by ?? role },
        audience: { kind: 'public' },
        causation: meta.messageId ?? null,
      })),
    )
    const message = `Cancelled: ${open.map((a) => `absence ${a.absenceId}`).join(', ')}. The game waits for your orders again.`
    if (meta.mail !== false)
      reporting.noticeTo(
        j,
        fold,
        role,
        'Absence cancelled',
        message,
        `absence-none.${game}.${tag}`,
        'ack',
        meta.messageId,
      )
    return { ok: true as const, message }
  })
}

interface AbsenceSpan {
  /** The first and last day as written (YYYY-MM-DD, in the zone). */
  f: string
  l: string
  days: number
  start: Date
  end: Date
}

/** The absence's days and instants, or why it cannot be set (the limits bind the player, not the moderator). */
function absenceSpan(
  j: Judge,
  fold: GameFold,
  role: string,
  from: string,
  to: string,
  byModerator: boolean,
): AbsenceSpan | string {
  const zone = fold.zones.get(role) ?? fold.schedule.zone
  const dateRe = /^\d{4}-\d{2}-\d{2}$/
  if (!dateRe.test(from.trim()) || !dateRe.test(to.trim()))
    return 'write the first and last day of the absence as YYYY-MM-DD, e.g. SET ABSENCE 2026-07-01 2026-07-10'
  const f = from.trim()
  const l = to.trim()
  const dayNo = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86400_000
  if (Number.isNaN(dayNo(f)) || Number.isNaN(dayNo(l))) return 'not a date'
  const days = dayNo(l) - dayNo(f) + 1
  if (days < 1) return 'the last day is before the first'
  const today = localDate(j.o.clock(), zone)
  if (!byModerator) {
    if (fold.schedule.absenceMaxDays <= 0) return 'absences are not allowed in this game (ask the moderator)'
    if (dayNo(f) < dayNo(today)) return `the absence cannot start in the past (today is ${today} in ${zone})`
    if (days > fold.schedule.absenceMaxDays)
      return `an absence may last at most ${fold.schedule.absenceMaxDays} days in this game (this one is ${days})`
    const used = (fold.absences.get(role) ?? []).reduce((n, a) => n + a.days, 0)
    if (used + days > fold.schedule.absenceTotalDays)
      return `this role may be away at most ${fold.schedule.absenceTotalDays} days in this game; ${used} are already taken`
  }
  const start = endOfLocalDay(
    new Date(Date.UTC(Number(f.slice(0, 4)), Number(f.slice(5, 7)) - 1, Number(f.slice(8, 10)) - 1))
      .toISOString()
      .slice(0, 10),
    zone,
  )
  const end = endOfLocalDay(l, zone)
  const clash = (fold.absences.get(role) ?? []).find(
    (a) => Date.parse(a.from) < end.getTime() && start.getTime() < Date.parse(a.to),
  )
  if (clash)
    return `it overlaps your absence ${clash.absenceId} (${clash.from} to ${clash.to}); cancel that one first with SET ABSENCE NONE`
  return { f, l, days, start, end }
}

/** Tells the player the absence and what it means, and the moderator that it was set; returns the player's text. */
function announceAbsence(
  j: Judge,
  game: string,
  role: string,
  span: AbsenceSpan,
  zone: string,
  tag: string,
  meta: CallMeta,
): string {
  const { f, l, days, start, end } = span
  const after = j.load(game)
  const message = [
    `You are away from ${f} to ${l} inclusive (${days} day(s), ${zone}): from ${j.when(after, start.toISOString(), role)} to ${j.when(after, end.toISOString(), role)}.`,
    "While you are away the game does not wait for you: if your orders are missing at a deadline, your standing orders and the rules' defaults are used, and no late notice names you. Decisions put to you take their defaults at once.",
    'Orders you send before or during the absence are used as usual. Cancel with SET ABSENCE NONE.',
  ].join('\n')
  if (meta.mail !== false)
    reporting.noticeTo(
      j,
      after,
      role,
      `Absence ${f} to ${l} recorded`,
      message,
      `absence.${game}.${tag}`,
      'ack',
      meta.messageId,
    )
  reporting.noticeTo(
    j,
    after,
    null,
    `Absence: ${role} ${f} to ${l}`,
    `${role} (${after.players.get(role)!.address}) set an absence from ${f} to ${l} (${days} day(s)).`,
    `absence.${game}.${tag}`,
  )
  return message
}
