// Deadline arithmetic across DST transitions (README "Deadlines"): spring forward and fall back in
// America/New_York and Europe/Paris, and zones without DST (Asia/Kolkata, UTC). A wall-clock time
// in the skipped hour moves forward to the first valid instant; one in the repeated hour is the
// first occurrence.
import { describe, expect, it } from 'vitest'
import {
  computeDeadline,
  describeRule,
  formatInstant,
  parseLocal,
  parseRule,
  resolveWall,
} from '../../src/engine/clock/calendar.ts'

const iso = (d: Date) => d.toISOString()
const deadline = (opened: string, rule: string, zone: string) =>
  computeDeadline(new Date(opened), parseRule(rule), zone)

describe('wall-clock times in IANA zones', () => {
  it('New York spring forward (2026-03-08 02:00 EST -> 03:00 EDT): 02:30 does not exist and becomes 03:00 EDT', () => {
    const r = resolveWall({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York')
    expect(new Date(r.instant).toISOString()).toBe('2026-03-08T07:00:00.000Z')
    expect(r.adjusted).toBe('skipped')
    // The edges: 01:59 EST exists, 03:00 EDT exists.
    expect(
      new Date(
        resolveWall({ year: 2026, month: 3, day: 8, hour: 1, minute: 59 }, 'America/New_York').instant,
      ).toISOString(),
    ).toBe('2026-03-08T06:59:00.000Z')
    expect(resolveWall({ year: 2026, month: 3, day: 8, hour: 3, minute: 0 }, 'America/New_York')).toEqual({
      instant: Date.parse('2026-03-08T07:00:00Z'),
      adjusted: null,
    })
  })

  it('New York fall back (2026-11-01 02:00 EDT -> 01:00 EST): 01:30 happens twice and is the first (EDT) one', () => {
    const r = resolveWall({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')
    expect(new Date(r.instant).toISOString()).toBe('2026-11-01T05:30:00.000Z')
    expect(r.adjusted).toBe('repeated')
  })

  it('Paris spring forward (2026-03-29 02:00 CET -> 03:00 CEST) and fall back (2026-10-25 03:00 CEST -> 02:00 CET)', () => {
    const gap = resolveWall({ year: 2026, month: 3, day: 29, hour: 2, minute: 15 }, 'Europe/Paris')
    expect(new Date(gap.instant).toISOString()).toBe('2026-03-29T01:00:00.000Z')
    expect(gap.adjusted).toBe('skipped')
    const twice = resolveWall({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Paris')
    expect(new Date(twice.instant).toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(twice.adjusted).toBe('repeated')
  })

  it('Kolkata (UTC+05:30, no DST) and UTC have no gaps and no repeats', () => {
    for (const [m, d] of [
      [3, 8],
      [3, 29],
      [10, 25],
      [11, 1],
    ] as const) {
      const k = resolveWall({ year: 2026, month: m, day: d, hour: 2, minute: 30 }, 'Asia/Kolkata')
      expect(k).toEqual({ instant: Date.UTC(2026, m - 1, d, 2, 30) - 5.5 * 3600_000, adjusted: null })
      const u = resolveWall({ year: 2026, month: m, day: d, hour: 2, minute: 30 }, 'UTC')
      expect(u).toEqual({ instant: Date.UTC(2026, m - 1, d, 2, 30), adjusted: null })
    }
  })
})

describe('deadline rules', () => {
  it('"72h" is 72 elapsed hours, across a DST change too', () => {
    expect(iso(deadline('2026-03-06T17:00:00Z', '72h', 'America/New_York').deadline)).toBe('2026-03-09T17:00:00.000Z')
    expect(iso(deadline('2026-03-06T17:00:00Z', '72 hours after the turn opens', 'America/New_York').deadline)).toBe(
      '2026-03-09T17:00:00.000Z',
    )
  })

  it('"3d" is three calendar days at the same local time: 71 real hours across spring forward, 73 across fall back', () => {
    const spring = deadline('2026-03-06T17:00:00Z', '3d', 'America/New_York').deadline // Fri 12:00 EST
    expect(iso(spring)).toBe('2026-03-09T16:00:00.000Z') // Mon 12:00 EDT
    const fall = deadline('2026-10-30T16:00:00Z', '3d', 'America/New_York').deadline // Fri 12:00 EDT
    expect(iso(fall)).toBe('2026-11-02T17:00:00.000Z') // Mon 12:00 EST
    expect(iso(deadline('2026-03-06T06:30:00Z', '3d', 'Asia/Kolkata').deadline)).toBe('2026-03-09T06:30:00.000Z')
  })

  it('"Fridays 18:00" stays at 18:00 local time on both sides of a transition', () => {
    const zone = 'America/New_York'
    let t = new Date('2026-02-25T12:00:00Z')
    const seen: string[] = []
    for (let i = 0; i < 3; i++) {
      t = computeDeadline(t, parseRule('Fridays 18:00'), zone).deadline
      seen.push(iso(t))
    }
    expect(seen).toEqual(['2026-02-27T23:00:00.000Z', '2026-03-06T23:00:00.000Z', '2026-03-13T22:00:00.000Z'])
    const paris = parseRule('Fri 18:00 Europe/Paris')
    expect(paris).toEqual({ at: '18:00', on: [5], zone: 'Europe/Paris' })
    expect(iso(computeDeadline(new Date('2026-03-25T12:00:00Z'), paris, 'UTC').deadline)).toBe(
      '2026-03-27T17:00:00.000Z',
    )
    expect(iso(computeDeadline(new Date('2026-03-30T12:00:00Z'), paris, 'UTC').deadline)).toBe(
      '2026-04-03T16:00:00.000Z',
    )
  })

  it('a rule landing in the skipped hour moves to the first valid instant and says so', () => {
    const ny = deadline('2026-03-05T17:00:00Z', 'Sundays 02:30', 'America/New_York')
    expect(iso(ny.deadline)).toBe('2026-03-08T07:00:00.000Z')
    expect(ny.note).toMatch(/does not exist in America\/New_York.*first valid instant/)
    const paris = deadline('2026-03-28T01:30:00Z', '1d', 'Europe/Paris') // Sat 02:30 CET + 1 day
    expect(iso(paris.deadline)).toBe('2026-03-29T01:00:00.000Z') // Sun 03:00 CEST
    expect(paris.note).toMatch(/02:30 does not exist/)
  })

  it('a rule landing in the repeated hour takes the first occurrence and says so', () => {
    const ny = deadline('2026-10-30T05:30:00Z', '2d', 'America/New_York') // Fri 01:30 EDT
    expect(iso(ny.deadline)).toBe('2026-11-01T05:30:00.000Z') // Sun 01:30 EDT, not 06:30Z (EST)
    expect(ny.note).toMatch(/happens twice/)
    const paris = deadline('2026-10-20T10:00:00Z', 'Sun 02:30', 'Europe/Paris')
    expect(iso(paris.deadline)).toBe('2026-10-25T00:30:00.000Z')
  })

  it('weekdays only: a deadline falling on a weekend moves to Monday at the same local time', () => {
    // Thursday 12:00 IST + 72h = Sunday 12:00 -> Monday 12:00.
    expect(iso(deadline('2026-03-05T06:30:00Z', '72h weekdays', 'Asia/Kolkata').deadline)).toBe(
      '2026-03-09T06:30:00.000Z',
    )
    // Friday 12:00 EST + 48 elapsed hours = Sunday 13:00 EDT (clocks went forward) -> Monday 13:00 EDT.
    expect(iso(deadline('2026-03-06T17:00:00Z', '48h mon-fri', 'America/New_York').deadline)).toBe(
      '2026-03-09T17:00:00.000Z',
    )
    // With calendar days instead the local time stays: Friday 12:00 EST + 2d = Sunday 12:00 EDT -> Monday 12:00 EDT.
    expect(iso(deadline('2026-03-06T17:00:00Z', '2d mon-fri', 'America/New_York').deadline)).toBe(
      '2026-03-09T16:00:00.000Z',
    )
    expect(iso(deadline('2026-03-02T12:00:00Z', '24h weekdays', 'UTC').deadline)).toBe('2026-03-03T12:00:00.000Z')
  })

  it('a time of day with a least lead time ("mon-fri 20:00 at least 24h")', () => {
    const rule = parseRule('mon-fri 20:00 at least 24h')
    expect(rule).toEqual({ at: '20:00', on: [1, 2, 3, 4, 5], hours: 24 })
    // Thursday 21:00 UTC + 24h = Friday 21:00, past 20:00 -> Monday 20:00.
    expect(iso(computeDeadline(new Date('2026-03-05T21:00:00Z'), rule, 'UTC').deadline)).toBe(
      '2026-03-09T20:00:00.000Z',
    )
    expect(describeRule(rule)).toBe('mon,tue,wed,thu,fri 20:00, at least 24h after the point opens')
  })

  it('never puts the deadline at the opening instant itself', () => {
    expect(iso(deadline('2026-03-06T23:00:00Z', 'Fridays 18:00', 'America/New_York').deadline)).toBe(
      '2026-03-13T22:00:00.000Z',
    )
  })

  it('refuses what it cannot read', () => {
    expect(() => parseRule('whenever')).toThrow(/cannot read "whenever"/)
    expect(() => parseRule('25:00')).toThrow(/not a time of day/)
    expect(() => parseRule('Fri 18:00 Mars/Olympus')).toThrow(/unknown time zone/)
    expect(() => parseRule('after the turn')).toThrow(/neither how long nor when/)
  })
})

describe('showing deadlines', () => {
  it('in UTC and the game zone, and the reader zone when set', () => {
    const at = '2026-03-05T12:00:00.000Z'
    expect(formatInstant(at, 'America/New_York')).toBe('2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York)')
    expect(formatInstant(at, 'America/New_York', 'Europe/Paris')).toBe(
      '2026-03-05 12:00 UTC (2026-03-05 07:00 EST America/New_York; 2026-03-05 13:00 GMT+1 Europe/Paris, your zone)',
    )
    expect(formatInstant(at, 'UTC', 'Asia/Kolkata')).toBe(
      '2026-03-05 12:00 UTC (2026-03-05 17:30 GMT+5:30 Asia/Kolkata, your zone)',
    )
    expect(formatInstant(at, 'UTC')).toBe('2026-03-05 12:00 UTC')
    expect(formatInstant('2026-07-05T12:00:00.000Z', 'America/New_York')).toContain('08:00 EDT')
  })

  it('reads what moderators type, in the game zone', () => {
    expect(iso(parseLocal('2026-03-08 02:30', 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z')
    expect(iso(parseLocal('2026-11-01 01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
    expect(iso(parseLocal('2026-03-14', 'Asia/Kolkata'))).toBe('2026-03-13T18:30:00.000Z')
    expect(iso(parseLocal('2026-03-14T18:00:00Z', 'Asia/Kolkata'))).toBe('2026-03-14T18:00:00.000Z')
    expect(() => parseLocal('2026-02-30', 'UTC')).toThrow(/not a date/)
  })
})
