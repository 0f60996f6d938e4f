// A flooded ship settling on the bottom (rulebook §9 L799-803, §5 L303, L387; digest A11, §3.10;
// ruling RC-102). The text gives the water a depth (the random table's 3D6 or 4D6 feet, a scenario's
// general depth) and makes holed ships draw more, but never says what happens when a ship comes to
// draw the whole depth before she sinks at half as much again. The digest's answer is adopted: once
// a ship that has flooded draws at least the depth of the open water about her, she rests on the
// bottom for good, a grounding with no attempts to get off; her guns still fight.
import { pointInPolygon, type Point } from '../kit/geometry.ts'
import type { Scenario } from './scenario.ts'
import type { RiverState } from './state.ts'

/**
 * The depth of the open water at a point, tenths of a foot: on a random table the depth of the
 * square it lies in (its tide share added, tableLayout.ts), elsewhere the scenario's general depth.
 * Sandbars are not open water: their own test (ruling RC-11) stands.
 */
export function openWaterDepth(p: Point, sc: Scenario): number {
  const square = sc.hazards.find((h) => /^sq\d-depth$/.test(h.id) && pointInPolygon(p, h.polygon))
  return square?.depth ?? sc.depth
}

/** Ships that flooded this move or before to the depth about them settle on the bottom (ruling RC-102). */
export function settleFlooded(state: RiverState, sc: Scenario): { ship: string; text: string; rule: string }[] {
  const lines: { ship: string; text: string; rule: string }[] = []
  for (const s of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (s.status !== 'afloat' || s.id in state.exited || state.aground[s.id]?.kind === 'bottom') continue
    if (s.draught <= s.draughtStart || s.draught < openWaterDepth(s.pose.pos, sc)) continue
    state.aground[s.id] = { kind: 'bottom', attemptsLeft: 0 }
    s.aground = true
    s.anchored = false
    s.speed = 0
    s.morale = [...s.morale, 'aground']
    lines.push({
      ship: s.id,
      text: `${s.name}, flooded to ${s.draught / 10} ft, settles on the bottom for good`,
      rule: '§9 L799-803, ruling RC-102',
    })
  }
  return lines
}
