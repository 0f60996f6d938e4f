// Receipt agrees with resolution, checked from what the player is shown: every order line the
// acknowledgement accepted names its units (ships, pieces, places); the resolution that used the
// orders must show the player each such line's units (by id or by name), whether it executed the
// order or says why not. A line the player is shown nothing about was dropped in silence.
import type { TurnAdjudicated } from '../../../src/engine/events.ts'
import { canSee } from '../../../src/games/contract.ts'
import type { Filed } from './fuzzPlay.ts'

/** Every `id` with a `name` beside it, anywhere in `v` (a pack's ships and places, a view's ships). */
export function namesOf(v: unknown, out = new Map<string, string[]>(), depth = 0): Map<string, string[]> {
  if (depth > 10) return out
  if (Array.isArray(v)) for (const x of v) namesOf(x, out, depth + 1)
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    if (typeof o.id === 'string' && typeof o.name === 'string') {
      const id = o.id.toUpperCase()
      out.set(id, [...new Set([...(out.get(id) ?? []), o.name])])
    }
    for (const x of Object.values(o)) namesOf(x, out, depth + 1)
  }
  return out
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether `text` mentions `word` as a word of its own (case-insensitive). */
function mentions(text: string, word: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9-])${escapeRegExp(word)}([^A-Za-z0-9-]|$)`, 'i').test(text)
}

export interface Silence {
  point: number
  role: string
  line: string
  units: string[]
}

/**
 * The accepted lines the player was shown nothing about in the resolution that used them. A line
 * is checked when it names a unit of the role's orders (`slots`) and is not a standing order
 * (`standing`: it waits for its event, and says so in the echo).
 */
export function silentLines(
  filed: readonly Filed[],
  results: readonly TurnAdjudicated[],
  names: Map<string, string[]>,
  standing: (line: string) => boolean,
): { silent: Silence[]; checked: number; unchecked: number } {
  // The set that counts is the last one accepted for a role at a point.
  const last = new Map<string, Filed>()
  for (const f of filed) if (f.accepted) last.set(`${f.point}/${f.role}`, f)
  const silent: Silence[] = []
  let checked = 0
  let unchecked = 0
  for (const f of last.values()) {
    const result = results.find((r) => r.point === f.point)
    if (!result) continue
    const shown = result.narrative
      .filter((n) => canSee({ kind: 'role', role: f.role }, n.audience))
      .map((n) => n.text)
      .join('\n')
    const slots = new Set(f.slots.map((s) => s.toUpperCase()))
    for (const line of f.normalised) {
      const units = [
        ...new Set(line.split(/[\s,;:>@=()+]+/).filter((t) => slots.has(t.toUpperCase()) && !/^\d+$/.test(t))),
      ]
      if (standing(line) || !units.length) {
        unchecked++
        continue
      }
      checked++
      const seen = units.some(
        (u) => mentions(shown, u) || (names.get(u.toUpperCase()) ?? []).some((n) => mentions(shown, n)),
      )
      if (!seen) silent.push({ point: f.point, role: f.role, line, units })
    }
  }
  return { silent, checked, unchecked }
}

/**
 * River and Coastal narrates shots, not steering: every accepted FIRE clause must show the player a
 * shot by that ship ("<name> <gun> ... at <target>, <band> range") or why she held her fire.
 */
export function silentFire(
  filed: readonly Filed[],
  results: readonly TurnAdjudicated[],
  names: Map<string, string[]>,
): { silent: Silence[]; checked: number } {
  const last = new Map<string, Filed>()
  for (const f of filed) if (f.accepted) last.set(`${f.point}/${f.role}`, f)
  const silent: Silence[] = []
  let checked = 0
  for (const f of last.values()) {
    const result = results.find((r) => r.point === f.point)
    if (!result) continue
    const shown = result.narrative.filter((n) => canSee({ kind: 'role', role: f.role }, n.audience)).map((n) => n.text)
    for (const line of f.normalised) {
      const ship = /^(\S+):/.exec(line)?.[1]
      if (!ship || !/(^|;)\s*FIRE\b/i.test(line.slice(ship.length + 1))) continue
      checked++
      const called = [ship, ...(names.get(ship.toUpperCase()) ?? [])]
      const fired = shown.some(
        (t) =>
          called.some((n) => t.startsWith(`${n} `) || t.startsWith(`${n}'s `)) &&
          / at .+ range|held fire|holds fire|bursts/.test(t),
      )
      if (!fired) silent.push({ point: f.point, role: f.role, line, units: [ship] })
    }
  }
  return { silent, checked }
}

/** The narrative words that report a campaign action of each kind, carried out or refused. */
const ACTION_WORDS: Record<string, RegExp> = {
  build: /\bbuil[dt]/i,
  relocate: /relocat/i,
  commission: /commission/i,
  contract: /contract/i,
  invest: /investment/i,
  letter: /letter/i,
  mission: /mission/i,
  recruit: /recruit/i,
  military: /recruit|military/i,
  requisition: /requisition/i,
  salvage: /salvage/i,
  pass: /pass/i,
  changesides: /sides/i,
}

/**
 * Infernal Machine: each campaign action the acknowledgement accepted is reported, carried out or
 * refused, in the resolution that used the orders (one entry for each), or is still queued at the end.
 */
export function silentActions(
  filed: readonly Filed[],
  results: readonly TurnAdjudicated[],
  stillQueued: readonly { kind: string }[],
): { silent: Silence[]; checked: number } {
  const last = new Map<string, Filed>()
  for (const f of filed) if (f.accepted) last.set(`${f.point}/${f.role}`, f)
  const silent: Silence[] = []
  let checked = 0
  const lastPoint = Math.max(0, ...results.map((r) => r.point))
  for (const f of last.values()) {
    const result = results.find((r) => r.point === f.point)
    if (!result) continue
    const shown = result.narrative.filter((n) => canSee({ kind: 'role', role: f.role }, n.audience)).map((n) => n.text)
    const actions = (f.commands as { kind: string }[]).filter((c) => ACTION_WORDS[c.kind])
    const kinds = new Set(actions.map((a) => a.kind))
    for (const kind of kinds) {
      const ordered = actions.filter((a) => a.kind === kind).length
      const queued = f.point === lastPoint ? stillQueued.filter((q) => q.kind === kind).length : 0
      // "Not taken, ...: invest, recruit": each action the season had no room for, by kind.
      const notTaken = shown
        .filter((t) => t.startsWith('Not taken'))
        .flatMap((t) => t.slice(t.indexOf(':') + 1).split(','))
        .filter((k) => k.trim() === kind).length
      const reported = shown.filter((t) => !t.startsWith('Not taken') && ACTION_WORDS[kind]!.test(t)).length + notTaken
      checked += ordered
      if (reported + queued < ordered)
        silent.push({
          point: f.point,
          role: f.role,
          line: `${ordered} ${kind} action(s), ${reported} reported`,
          units: [kind],
        })
    }
  }
  return { silent, checked }
}
