// Sunken vessels (rulebook §8 L529-531, digest A20, ruling RC-20): in a river or estuary a ship that
// sinks leaves her hull on the bottom where she went down, for the rest of the game. A ship crossing
// it is snagged (moveStep.ts) and gets two attempts to work clear, each on a 6. The judge's helm
// steers round only the wrecks her side knows of: her own side's losses, and enemies it saw go down.
import { hullPolygon } from './hull.ts'
import type { RiverPack } from './pack.ts'
import { otherSide, type RiverState } from './state.ts'

/** The wrecks as movement hazards. */
export const wreckHazards = (state: RiverState) =>
  (state.wrecks ?? []).map((w) => ({ id: w.id, kind: 'wreck' as const, polygon: w.polygon }))

/** Each ship sunk or blown up this move leaves a wreck; the enemy knows of it if he saw her at the start of the move. */
export function recordWrecks(state: RiverState, seenAtStart: RiverState['seen'], pack: RiverPack): void {
  const wrecks = state.wrecks ?? []
  for (const s of Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if ((s.status !== 'sunk' && s.status !== 'exploded') || s.id in state.exited) continue
    const id = `wreck-${s.id}`
    if (wrecks.some((w) => w.id === id)) continue
    const c = pack.classes[s.classKey]!
    const enemy = otherSide(s.side)
    wrecks.push({
      id,
      polygon: hullPolygon(s.pose, { length: c.length, beam: c.beam }),
      knownTo: seenAtStart[enemy].includes(s.id) ? [s.side, enemy] : [s.side],
    })
  }
  state.wrecks = wrecks
}
