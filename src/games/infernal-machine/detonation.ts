// Detonation results and the Concussion Check (Rule Book p.6-7): the Detonation Table column comes
// from the Red cubes drawn (ruling IM-4), one column right for a strong target; then the crank is set,
// the die rolled, and cubes drawn one at a time for their crank-and-zone modifier.
import { randomMalfunction } from './malfunction.ts'
import { placeFatigue } from './markers.ts'
import { type Ctx, d10, drawCube, type FogCell, loseBoat, note, type Sortie } from './sortie.ts'
import type { TargetMarker } from './tacticalPack.ts'
import { bandOf, CHARGE_SIZES, type ChargeSize, type Crank, type Zone } from './terms.ts'

export interface ConcussionChoices {
  /** Set before the die (p.7). */
  concussionCrank(s: Sortie): Crank
  /** After the die and each cube: draw another? `total` is the roll with the cubes so far, `reds` the Red drawn. */
  drawAnother(total: number, needed: number, s: Sortie, reds?: number): boolean
}

/** The automatic answers (R2, the default of CUBES STOP AT SAFE): crank Easy, and draw while short of the value and cubes remain. */
export const AUTO_CONCUSSION: ConcussionChoices = {
  concussionCrank: () => 'easy',
  drawAnother: (total, needed, s) => total < needed && s.pool.black + s.pool.red > 0,
}

/** The Detonation Table for the Red count, B-or-S and number cells rolled at once (p.6). */
export function detonationResult(
  ctx: Ctx,
  s: Sortie,
  target: TargetMarker,
  red: number,
): 'B' | 'S' | 'miss' | { fog: FogCell } {
  const table = ctx.pack.tactical.detonationTable
  const shift = target.strong ? ctx.pack.tactical.detonation.strongShift : 0
  const col = table[Math.min(red + shift, table.length - 1)]!
  const size = chargeSize(ctx, s)
  const cell = col[bandOf(s.boat.elevation)][CHARGE_SIZES.indexOf(size)]!
  const where = `${red} Red${shift ? ', strong target one column right' : ''}, ${size} charge`
  if (cell === 'B' || cell === 'S') {
    note(ctx, 'p.6', `Detonation Table (${where}): ${cell === 'B' ? 'Big Hole' : 'Small Hole'}`)
    return cell
  }
  if (s.fog) {
    const what = cell === 'BS' ? 'Big or Small' : `${cell} for a Small Hole`
    note(ctx, 'p.6', `Detonation Table (${where}): ${what}; Fog of War: the die waits for the end of the season`)
    return { fog: cell }
  }
  if (cell === 'BS') {
    const roll = d10(ctx, 'detonation big or small')
    const r = roll >= ctx.pack.tactical.detonation.bigOrSmallAtLeast ? 'B' : 'S'
    note(ctx, 'p.6', `Detonation Table (${where}): Big or Small, ${roll}: ${r === 'B' ? 'Big Hole' : 'Small Hole'}`)
    return r
  }
  const roll = d10(ctx, 'detonation small or miss')
  const r = roll >= cell ? 'S' : 'miss'
  note(ctx, 'p.6', `Detonation Table (${where}): ${cell}, rolled ${roll}: ${r === 'S' ? 'Small Hole' : 'Miss'}`)
  return r
}

function chargeSize(ctx: Ctx, s: Sortie): ChargeSize {
  const charge = s.boat.parts.find((p) => p.kind === 'charge')
  return (charge && ctx.pack.components.get(charge.component)?.size) || 'medium'
}

/** The modifier one cube gives the Concussion Check for this crank in this zone (p.7). */
export function cubeModifier(ctx: Ctx, zone: Zone, cube: 'black' | 'red', crank: Crank): number {
  return ctx.pack.tactical.concussionCubes.find((c) => c.zone === zone && c.cube === cube)![crank]
}

/** Concussion Check (p.7): survive on the value or more; otherwise Lost with no Escape. */
export function concussionCheck(ctx: Ctx, s: Sortie, value: number, choices: ConcussionChoices): boolean {
  const zone = s.tactical?.zone ?? 'far'
  const crank = choices.concussionCrank(s)
  if (crank !== 'easy') {
    const placed = placeFatigue(ctx.pack, s.boat, crank === 'full' ? 1 : 2)
    s.boat = placed.boat
    note(ctx, 'p.7', `Concussion crank ${crank}: ${placed.notes.join('; ')}`)
    if (placed.allPanicked) loseBoat(ctx, s, 'p.22', 'every crewman panicked')
  }
  const roll = d10(ctx, 'concussion')
  const sturdy = s.boat.parts.some((p) => p.component === 'sturdy-prow') || s.boat.tiles.includes('sturdy-prow')
  let total = roll + (sturdy ? ctx.pack.tactical.sturdyProw.concussion : 0)
  note(ctx, 'p.7', `Concussion Check against ${value}: rolled ${roll}${sturdy ? ' +1 Sturdy Prow' : ''} = ${total}`)
  let n = 0
  let reds = 0
  while (choices.drawAnother(total, value, s, reds)) {
    const cube = drawCube(ctx, s, `concussion cube ${++n}`)
    if (!cube) break
    if (cube === 'red') reds++
    const mod = cubeModifier(ctx, zone, cube, crank)
    total += mod
    note(ctx, 'p.7', `cube ${n}: ${cube}, ${mod >= 0 ? '+' : ''}${mod} (${zone}, ${crank}): ${total}`)
    if (cube === 'red') randomMalfunction(ctx, s, 'damage', `concussion cube ${n}`)
  }
  if (total >= value) {
    note(ctx, 'p.7', `${total} against ${value}: the fishboat survives the blast`)
    return true
  }
  s.noEscape = true
  loseBoat(ctx, s, 'p.7', `concussion (${total} against ${value}); no Escape`)
  return false
}
