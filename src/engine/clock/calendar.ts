// Deadline arithmetic in IANA zones. Deadlines are UTC instants; rules are
// evaluated in a zone with its real daylight-saving transitions (luxon's tz data). Two rulings:
//   - a wall-clock time that does not exist (the hour skipped when clocks go forward) moves forward
//     to the first valid instant, i.e. the moment the clocks jump (02:30 -> 03:00 in New York);
//   - a wall-clock time that happens twice (the hour repeated when clocks go back) is the FIRST
//     occurrence (01:30 EDT, not 01:30 EST). Luxon on its own picks the second: we do not.
// `h` in a rule is elapsed time (72h is always 72 real hours); `d` is calendar days at the same
// local time (3d across a DST change is 71 or 73 real hours).
import { DateTime, IANAZone } from 'luxon'

export interface DeadlineRule {
  /** Elapsed hours after the point opens (the least lead time). */
  hours?: number
  /** Calendar days after the point opens, at the same local wall-clock time. */
  days?: number
  /** 'HH:mm': the deadline falls at this local time, the first one at or after the lead time. */
  at?: string
  /** ISO weekdays (1 = Monday ... 7 = Sunday) the deadline may fall on; absent = any day. */
  on?: number[]
  /** Evaluate in this zone instead of the game's. */
  zone?: string
}

export interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

export interface Resolved {
  instant: number
  /** 'skipped': the wall time does not exist and moved forward; 'repeated': it exists twice, the first was taken. */
  adjusted: 'skipped' | 'repeated' | null
}

const HOUR = 3600_000
const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

export function isValidZone(zone: string): boolean {
  return typeof zone === 'string' && zone.length > 0 && IANAZone.isValidZone(zone)
}

/** The one refusal of a zone, wherever it was typed (command line, mail, a schedule rule). */
export function unknownZoneError(zone: string): Error {
  return new Error(`unknown time zone "${zone}" (use an IANA name such as America/New_York, Europe/Paris or UTC)`)
}

export function checkZone(zone: string): string {
  if (!isValidZone(zone)) throw unknownZoneError(zone)
  return zone
}

function zoneOf(zone: string): IANAZone {
  const z = IANAZone.create(zone)
  if (!z.isValid) throw unknownZoneError(zone)
  return z
}

/** Offset of `zone` at `instant`, in milliseconds (local = instant + offset). */
function offsetMs(z: IANAZone, instant: number): number {
  return z.offset(instant) * 60_000
}

/** The instant a local wall-clock time denotes in `zone`, with the two DST rulings above. */
export function resolveWall(wall: Wall, zone: string): Resolved {
  const z = zoneOf(zone)
  const w = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)
  const offsets = [
    ...new Set([
      offsetMs(z, w - 2 * 24 * HOUR),
      offsetMs(z, w - 12 * HOUR),
      offsetMs(z, w),
      offsetMs(z, w + 12 * HOUR),
      offsetMs(z, w + 2 * 24 * HOUR),
    ]),
  ]
  const valid = offsets
    .map((o) => w - o)
    .filter((t) => t + offsetMs(z, t) === w)
    .sort((a, b) => a - b)
  if (valid.length) return { instant: valid[0]!, adjusted: valid.length > 1 ? 'repeated' : null }
  // In a gap: find the transition between the two readings and take the first instant after it.
  const candidates = offsets.map((o) => w - o).sort((a, b) => a - b)
  let lo = candidates[0]!
  let hi = candidates.at(-1)!
  const before = offsetMs(z, lo)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (offsetMs(z, mid) === before) lo = mid
    else hi = mid
  }
  return { instant: hi, adjusted: 'skipped' }
}

function wallOf(instant: number, zone: string): Wall & { weekday: number } {
  const d = DateTime.fromMillis(instant, { zone })
  return { year: d.year, month: d.month, day: d.day, hour: d.hour, minute: d.minute, weekday: d.weekday }
}

/** The wall date `n` calendar days after `wall`'s date (time kept). */
function addDays(wall: Wall, n: number): Wall {
  const t = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + n, wall.hour, wall.minute))
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: wall.hour,
    minute: wall.minute,
  }
}

function weekdayOf(wall: Wall): number {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()
  return d === 0 ? 7 : d
}

export interface ComputedDeadline {
  deadline: Date
  /** Set when the rule landed on a skipped or repeated local time. */
  note: string | null
}

/** The deadline a rule gives for a point that opens at `opened`, evaluated in `zone`. */
export function computeDeadline(opened: Date, rule: DeadlineRule, gameZone: string): ComputedDeadline {
  const zone = rule.zone ?? gameZone
  let t = opened.getTime()
  let adjusted: Resolved['adjusted'] = null
  let asked: Wall | null = null
  if (rule.days) {
    asked = addDays(wallOf(t, zone), rule.days)
    const r = resolveWall(asked, zone)
    t = r.instant
    adjusted = r.adjusted
  }
  if (rule.hours) t += Math.round(rule.hours * HOUR)
  const allowed = rule.on && rule.on.length ? new Set(rule.on) : null
  if (rule.at) {
    const [hh, mm] = rule.at.split(':').map(Number) as [number, number]
    const start = wallOf(t, zone)
    for (let i = 0; i < 400; i++) {
      const wall = addDays({ ...start, hour: hh, minute: mm }, i)
      if (allowed && !allowed.has(weekdayOf(wall))) continue
      const r = resolveWall(wall, zone)
      // At or after the lead time, and never the opening instant itself.
      if (r.instant < t || r.instant <= opened.getTime()) continue
      return { deadline: new Date(r.instant), note: noteFor(r.adjusted, wall, zone) }
    }
    throw new Error('no deadline within 400 days: check the rule')
  }
  if (allowed) {
    const start = wallOf(t, zone)
    if (!allowed.has(start.weekday)) {
      for (let i = 1; i <= 7; i++) {
        const wall = addDays(start, i)
        if (!allowed.has(weekdayOf(wall))) continue
        const r = resolveWall(wall, zone)
        return { deadline: new Date(r.instant), note: noteFor(r.adjusted, wall, zone) }
      }
    }
  }
  return { deadline: new Date(t), note: adjusted && asked ? noteFor(adjusted, asked, zone) : null }
}

function noteFor(adjusted: Resolved['adjusted'], wall: Wall, zone: string): string | null {
  const hm = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`
  if (adjusted === 'skipped')
    return `${hm} does not exist in ${zone} that day (clocks go forward): moved to the first valid instant`
  if (adjusted === 'repeated') return `${hm} happens twice in ${zone} that day (clocks go back): the first one`
  return null
}

// ------------------------------------------------------------------ rule text

const WEEKDAY_WORDS: Record<string, number> = {}
;[
  ['mon', 'monday'],
  ['tue', 'tues', 'tuesday'],
  ['wed', 'weds', 'wednesday'],
  ['thu', 'thur', 'thurs', 'thursday'],
  ['fri', 'friday'],
  ['sat', 'saturday'],
  ['sun', 'sunday'],
].forEach((names, i) => {
  for (const n of names) {
    WEEKDAY_WORDS[n] = i + 1
    WEEKDAY_WORDS[`${n}s`] = i + 1
  }
})
const FILLER = new Set([
  'after',
  'the',
  'turn',
  'point',
  'phase',
  'opens',
  'open',
  'opening',
  'at',
  'on',
  'only',
  'min',
  'minimum',
  'least',
  'and',
  'later',
  'from',
  'every',
  'each',
  'in',
  'of',
  'a',
  'it',
])

/**
 * Reads a deadline rule written the way a moderator would say it:
 *   "72h", "72 hours after the turn opens", "3d", "Fridays 18:00", "Fri 18:00 America/New_York",
 *   "48h weekdays", "mon-fri 20:00 at least 24h", "daily 12:00".
 */
export function parseRule(text: string): DeadlineRule {
  const rule: DeadlineRule = {}
  const tokens = text
    .replace(/(\d)\s+(h|hrs?|hours?|d|days?)\b/gi, '$1$2')
    .split(/[\s,]+/)
    .filter(Boolean)
  const on = new Set<number>()
  for (const raw of tokens) {
    const t = raw.toLowerCase()
    let m: RegExpExecArray | null
    if ((m = /^(\d+(?:\.\d+)?)(h|hrs?|hours?)$/.exec(t))) rule.hours = (rule.hours ?? 0) + Number(m[1])
    else if ((m = /^(\d+)(d|days?)$/.exec(t))) rule.days = (rule.days ?? 0) + Number(m[1])
    else if ((m = /^(\d{1,2}):(\d{2})$/.exec(t))) {
      const h = Number(m[1])
      const mi = Number(m[2])
      if (h > 23 || mi > 59) throw new Error(`"${raw}" is not a time of day (00:00-23:59)`)
      rule.at = `${String(h).padStart(2, '0')}:${m[2]}`
    } else if (t === 'weekdays' || t === 'weekday') [1, 2, 3, 4, 5].forEach((d) => on.add(d))
    else if (t === 'weekends' || t === 'weekend') [6, 7].forEach((d) => on.add(d))
    else if (t === 'daily' || t === 'any' || t === 'everyday') [1, 2, 3, 4, 5, 6, 7].forEach((d) => on.add(d))
    else if (WEEKDAY_WORDS[t]) on.add(WEEKDAY_WORDS[t]!)
    else if ((m = /^([a-z]+)-([a-z]+)$/.exec(t)) && WEEKDAY_WORDS[m[1]!] && WEEKDAY_WORDS[m[2]!]) {
      const a = WEEKDAY_WORDS[m[1]!]!
      const b = WEEKDAY_WORDS[m[2]!]!
      for (let d = a; ; d = (d % 7) + 1) {
        on.add(d)
        if (d === b) break
      }
    } else if (raw.includes('/') || t === 'utc') {
      rule.zone = checkZone(t === 'utc' ? 'UTC' : raw)
    } else if (!FILLER.has(t))
      throw new Error(
        `cannot read "${raw}" in the deadline rule "${text}"; write e.g. "72h", "3d", "Fridays 18:00", "48h weekdays" or "mon-fri 20:00 at least 24h"`,
      )
  }
  if (on.size && on.size < 7) rule.on = [...on].sort((a, b) => a - b)
  if (!rule.hours && !rule.days && !rule.at && !rule.on)
    throw new Error(`the deadline rule "${text}" says neither how long nor when`)
  return rule
}

/** A rule in words, for reports and the CLI. */
export function describeRule(rule: DeadlineRule): string {
  const parts: string[] = []
  const days = rule.on ? rule.on.map((d) => DAY_NAMES[d - 1]).join(',') : ''
  const lead = [rule.days ? `${rule.days}d` : '', rule.hours ? `${rule.hours}h` : ''].filter(Boolean).join(' ')
  if (rule.at) {
    parts.push(`${days ? `${days} ` : 'next '}${rule.at}`)
    if (lead) parts.push(`at least ${lead} after the point opens`)
  } else {
    if (lead) parts.push(`${lead} after the point opens`)
    if (days) parts.push(`moved to the next of ${days} at the same local time`)
  }
  if (rule.zone) parts.push(`(${rule.zone})`)
  return parts.join(', ')
}

// ------------------------------------------------------------------ showing instants

function inZone(utc: DateTime, zone: string): string {
  // Luxon prints "Invalid DateTime" for a zone it does not know; say which zone instead.
  return `${utc.setZone(zoneOf(zone)).toFormat('yyyy-LL-dd HH:mm ZZZZ')} ${zone}`
}

/**
 * "2026-11-25 18:00 UTC (13:00 EST America/New_York)": the instant in UTC and in the game's zone,
 * and, when the reader set one, in the reader's own zone as well. Without a reader zone this is
 * the same text for every mail.
 */
export function formatInstant(iso: string | null, gameZone: string, readerZone?: string | null): string {
  if (!iso) return 'no deadline set'
  // Every letter and acknowledgement names the same few deadlines, and formatting one in a zone
  // (luxon, Intl) costs more than filing the orders: remember the last few hundred.
  const key = `${iso}|${gameZone}|${readerZone ?? ''}`
  const known = formatted.get(key)
  if (known !== undefined) return known
  const text = formatFresh(iso, gameZone, readerZone)
  if (formatted.size >= 500) formatted.clear()
  formatted.set(key, text)
  return text
}

const formatted = new Map<string, string>()

function formatFresh(iso: string, gameZone: string, readerZone?: string | null): string {
  const utc = DateTime.fromISO(iso, { zone: 'utc' })
  const text = `${utc.toFormat('yyyy-LL-dd HH:mm')} UTC`
  const zones: string[] = []
  if (gameZone !== 'UTC' && gameZone !== 'utc') zones.push(inZone(utc, gameZone))
  if (readerZone && readerZone !== gameZone && readerZone !== 'UTC') zones.push(`${inZone(utc, readerZone)}, your zone`)
  return zones.length ? `${text} (${zones.join('; ')})` : text
}

/**
 * A date or date-time a person typed, read in `zone`: "2026-03-14", "2026-03-14 18:00",
 * "2026-03-14T18:00", or a full ISO instant with Z or an offset. Dates alone are midnight.
 */
export function parseLocal(text: string, zone: string): Date {
  const t = text.trim()
  if (/[zZ]$|[+-]\d{2}:?\d{2}$/.test(t) && /T/.test(t)) {
    const d = DateTime.fromISO(t, { setZone: true })
    if (!d.isValid) throw new Error(`"${text}" is not a date and time`)
    return d.toJSDate()
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2}))?$/.exec(t)
  if (!m) throw new Error(`"${text}" is not a date (write YYYY-MM-DD or YYYY-MM-DD HH:MM)`)
  const wall = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
  }
  const check = DateTime.fromObject(wall, { zone: 'utc' })
  if (!check.isValid || check.day !== wall.day) throw new Error(`"${text}" is not a date`)
  return new Date(resolveWall(wall, zone).instant)
}

/** The local calendar date (YYYY-MM-DD) of an instant in `zone`. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-LL-dd')
}

/** Midnight starting the day after `date` (YYYY-MM-DD) in `zone`. */
export function endOfLocalDay(date: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const next = addDays({ year: y, month: m, day: d, hour: 0, minute: 0 }, 1)
  return new Date(resolveWall(next, zone).instant)
}

export function hoursText(ms: number): string {
  const h = ms / HOUR
  if (h >= 48 && Number.isInteger(h / 24)) return `${h / 24} days`
  return `${Math.round(h * 10) / 10} hours`
}
