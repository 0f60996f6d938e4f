// The Confederate supply phase and the victory check (RB 13, 16): forts cut off from every friendly
// city and port wither, the wear and tear of war costs victory points by the dice, the points stay
// within -5 and 50, and the Union wins when it holds the Mississippi, Atlanta and Richmond (or, at
// the end, sixteen cities with one of those two) while the Confederate points are below zero.
import { PUBLIC, type Dice } from '../contract.ts'
import type { RebelMap } from './map.ts'
import type { Control } from './state.ts'
import type { Side } from './setup.ts'

export const VP_MIN = -5
export const VP_MAX = 50
export const MISSISSIPPI = ['MEMP', 'VICK', 'NORL'] as const

/** RB 13.22: never below -5; the cap of 50 is applied at the end of the supply phase (13.23). */
export function clampVp(vp: number, opts: { cap?: boolean } = {}): number {
  return Math.min(opts.cap === false ? Number.POSITIVE_INFINITY : VP_MAX, Math.max(VP_MIN, vp))
}

export const holder = (map: RebelMap, control: Control, id: string): Side | 'neutral' =>
  control[id] ?? map.space(id).side ?? 'neutral'

/** The Confederacy's original cities and ports (RB 14.23): ocean ports, river ports and inland cities on its side. */
export function confederateCities(map: RebelMap): string[] {
  return map.spaces
    .filter((s) => s.side === 'CSA' && (s.kind === 'oceanPort' || s.kind === 'riverPort' || s.kind === 'inlandCity'))
    .map((s) => s.id)
}

/**
 * RB 13.11: the forts that wither at the start of the supply phase. A fort is supplied when a land
 * or river line joins it to a city or port its holder controls (one step: the play book's Island
 * No. 10 withers as soon as Memphis falls). A Union-held Forts Jackson & St. Philip is supplied from
 * the sea. Ports and cities never wither (13.13).
 */
export function witheringForts(map: RebelMap, control: Control): { fort: string; from: Side; to: Side }[] {
  const out: { fort: string; from: Side; to: Side }[] = []
  for (const fort of map.spaces.filter((s) => s.kind === 'fort')) {
    const side = holder(map, control, fort.id)
    if (side === 'neutral') continue
    if (side === 'USA' && fort.id === 'FJSP') continue
    const supplied = map.neighbours(fort.id, ['land', 'river', 'river-noships']).some((n) => {
      const s = map.space(n)
      return (
        (s.kind === 'oceanPort' || s.kind === 'riverPort' || s.kind === 'inlandCity') &&
        holder(map, control, n) === side
      )
    })
    if (!supplied) out.push({ fort: fort.id, from: side, to: side === 'CSA' ? 'USA' : 'CSA' })
  }
  return out
}

/** RB 13.12: two dice; the difference is what the Confederacy loses for a withered fort of its own, or gains for a Union one. */
export function witheringVp(dice: Dice, fort: string, from: Side): { dice: [number, number]; vp: number } {
  const a = dice.roll(`${fort} withers: first die`, 6, PUBLIC)
  const b = dice.roll(`${fort} withers: second die`, 6, PUBLIC)
  const diff = Math.abs(a - b)
  return { dice: [a, b], vp: from === 'CSA' ? -diff : diff }
}

/** RB 13.21: the supply dice: one, and one more each for the Mississippi lost, Atlanta lost and Richmond lost. */
export function supplyDiceCount(map: RebelMap, control: Control): { count: number; reasons: string[] } {
  const reasons: string[] = []
  if (!MISSISSIPPI.some((id) => holder(map, control, id) === 'CSA')) reasons.push('the Mississippi is lost')
  if (holder(map, control, 'ATLA') !== 'CSA') reasons.push('Atlanta is lost')
  if (holder(map, control, 'RICH') !== 'CSA') reasons.push('Richmond is lost')
  return { count: 1 + reasons.length, reasons }
}

/** Rolls the supply dice; the total is the points lost (13.21). */
export function supplyLoss(dice: Dice, count: number): { dice: number[]; vp: number } {
  const rolled = Array.from({ length: count }, (_, i) => dice.roll(`supply die ${i + 1}`, 6, PUBLIC))
  return { dice: rolled, vp: -rolled.reduce((a, b) => a + b, 0) }
}

/**
 * RB 16.11-16.13: whether the Union has won at the end of its turn. Always: the Mississippi,
 * Atlanta and Richmond held and the Confederate points below zero. At the end of the last turn
 * also: the Mississippi, Richmond or Atlanta, and 16 or more Confederate cities, points below zero.
 */
export function unionVictory(map: RebelMap, control: Control, vp: number, lastTurn: boolean): string | null {
  if (vp >= 0) return null
  const union = (id: string) => holder(map, control, id) === 'USA'
  const river = MISSISSIPPI.every(union)
  if (river && union('ATLA') && union('RICH'))
    return 'the Union holds the Mississippi, Atlanta and Richmond while the Confederacy is below zero (16.11)'
  const taken = confederateCities(map).filter(union).length
  if (lastTurn && river && (union('ATLA') || union('RICH')) && taken >= 16)
    return `the Union holds ${taken} Confederate cities with the Mississippi and ${union('RICH') ? 'Richmond' : 'Atlanta'} while the Confederacy is below zero (16.11)`
  return null
}
