// PB 18.4 Union Resolve: after each Union move of 1863 and 1864, before the Union's production, the
// Union draws chits from a cup of ten (the pack's table); when their sum passes the weighted count of Confederate cities
// and ports it holds, its resolve fails. A first failure costs a card a draw, a second a free pawn a
// turn as well, a third ends the game in a Confederate victory. Sudden death (18.61) then also needs
// a failure (optionalRules.ts). The chits are drawn in the open, one die of the cup's size each.
import { PUBLIC } from '../contract.ts'
import type { RebelMap } from './map.ts'
import type { RebelPack } from './pack.ts'
import { usesRule } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'
import { dateOf, type RrState } from './state.ts'
import { confederateCities, holder, MISSISSIPPI } from './supply.ts'

/** 18.41: the cup of the pack's chits; a 4 takes the place of a 1 once a counterattack has won from August 1863. */
export function chitPool(pack: RebelPack, s: RrState): number[] {
  const t = pack.optional.unionResolve
  if (!s.marks?.resolveFour) return [...t.chits]
  const one = t.chits.indexOf(1)
  return [...t.chits.filter((_, i) => i !== one), t.fourChit]
}

/** 18.42: the cities and ports the Union holds, one each but the pack's weights (Richmond, Atlanta, Mobile) and groups worth more when all are held; capped. */
export function resolveTrack(pack: RebelPack, s: RrState): number {
  const t = pack.optional.unionResolve
  const union = (id: string) => holder(pack.map, s.control, id) === 'USA'
  const worth = (id: string): number => {
    const group = t.allHeld.find((g) => g.spaces.includes(id))
    return t.weights[id] ?? (group?.spaces.every(union) ? group.each : 1)
  }
  const total = confederateCities(pack.map)
    .filter(union)
    .reduce((n, id) => n + worth(id), 0)
  return Math.min(t.trackCap, total)
}

const AT_SEA = new Set(['coastal', 'highSeas', 'whaling'])
/** A coastal or high seas zone or the Whaling Grounds (RB 7.34). */
export const atSea = (map: RebelMap, id: string): boolean => AT_SEA.has(map.space(id).kind)

/** Confederate raiders at sea (not in a port): 18.41's and 18.33's count. */
export function raidersAtSea(map: RebelMap, s: RrState): number {
  return s.pieces.filter((p) => p.side === 'CSA' && p.type === 'raider' && atSea(map, p.at)).length
}

/** 18.41: two chits in 1863, three in 1864, with the situation's additions and subtractions (never below none). */
export function chitCount(pack: RebelPack, s: RrState): { count: number; why: string[] } {
  const map = pack.map
  const why: string[] = []
  let count = pack.optional.unionResolve.chitsByYear[String(dateOf(s.turn).year)] ?? 0
  const add = (n: number, reason: string) => {
    count += n
    why.push(`${n > 0 ? '+' : ''}${n} ${reason}`)
  }
  const union = (id: string) => holder(map, s.control, id) === 'USA'
  if (s.vp >= 20) add(1, 'for 20 VP or more')
  if (s.vp >= 40) add(2, 'for 40 VP or more')
  const raiders = raidersAtSea(map, s)
  if (raiders >= 3) add(1, 'for 3 or more raiders at sea')
  if (raiders >= 5) add(1, 'for 5 or more raiders at sea')
  if (s.vp <= 0) add(-1, 'for a Confederacy at 0 VP or less')
  if (union('RICH')) add(-2, 'for Richmond')
  if (union('ATLA')) add(-1, 'for Atlanta')
  if (MISSISSIPPI.every(union)) add(-1, 'for the three Mississippi ports')
  return { count: Math.max(0, count), why }
}

/** 18.4 at the end of a Union move of 1863 or 1864: the chits drawn and, past the track, a failure and its price. */
export function unionResolve(run: PhaseRun): void {
  const s = run.s
  const year = dateOf(s.turn).year
  if (!usesRule(s, '18.4') || s.finished || year < 1863 || year > 1864) return
  const track = resolveTrack(run.pack, s)
  const { count, why } = chitCount(run.pack, s)
  const pool = chitPool(run.pack, s)
  const most = [...pool]
    .sort((a, b) => b - a)
    .slice(0, count)
    .reduce((n, c) => n + c, 0)
  const reasons = why.length ? ` (${why.join(', ')})` : ''
  if (most <= track) {
    run.say(
      '18.41',
      `Union Resolve: ${count} chit(s)${reasons} cannot pass the ${track} of the resolve track; none are drawn.`,
    )
    return
  }
  const drawn: number[] = []
  for (let i = 1; i <= count; i++) {
    const pick = run.dice.roll(`18.4 resolve chit ${i}`, pool.length, PUBLIC) - 1
    drawn.push(...pool.splice(pick, 1))
  }
  const sum = drawn.reduce((n, c) => n + c, 0)
  if (sum <= track) {
    run.say(
      '18.43',
      `Union Resolve holds: chits ${drawn.join(', ')}${reasons} = ${sum}, against ${track} on the track.`,
    )
    return
  }
  const marks = (s.marks ??= {})
  marks.resolveFailures = (marks.resolveFailures ?? 0) + 1
  const price = [
    'the Union draws a card fewer each build from now on',
    'the Union also has one free cannon pawn a turn instead of two',
    'the Lincoln administration makes peace',
  ][Math.min(2, marks.resolveFailures - 1)]
  run.say(
    '18.43',
    `Union Resolve fails (${marks.resolveFailures}): chits ${drawn.join(', ')}${reasons} = ${sum}, more than ${track} on the track: ${price}.`,
  )
  if (marks.resolveFailures >= 3) {
    s.finished = true
    s.winner = 'CSA'
    s.result = 'Confederate victory: the Union fails its resolve a third time and makes peace (18.43)'
    run.say('18.43', s.result)
  }
}

/** 18.43's first failure: a card fewer in each Union build draw. */
export const resolveDrawPenalty = (s: RrState): number => ((s.marks?.resolveFailures ?? 0) >= 1 ? 1 : 0)

/** 18.43's second failure: one free cannon pawn a turn instead of two (RB 11.1). */
export const freeUnionPawns = (s: RrState): number => ((s.marks?.resolveFailures ?? 0) >= 2 ? 1 : 2)

/** 18.41: a Confederate counterattack won from August 1863 puts a 4 in the cup for a 1. */
export function counterattackWon(run: PhaseRun): void {
  const s = run.s
  if (!usesRule(s, '18.4') || s.turn < 8 || s.marks?.resolveFour) return
  ;(s.marks ??= {}).resolveFour = true
  run.say('18.41', 'The Confederate counterattack wins: a 4 replaces a 1 among the Union Resolve chits.')
}
