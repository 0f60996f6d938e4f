// Prize crews (rulebook §12 L1125, ruling RC-60): the boarders who took a ship may sail her. They
// need a CPV for the engine room and one for the boiler room; with fewer she stays a hulk out of the
// fight (RC-45). A prize changes hands: her new side orders her, she has no captain of quality (a
// prize master, Intelligent, with no morale or gunnery score), and it takes her a move to get under
// way and man her guns. For objectives she still counts as taken from her old side.
import { crewSplit } from './derive.ts'
import type { RiverPack } from './pack.ts'
import type { ShipState } from './ship.ts'
import type { RiverState } from './state.ts'

type Line = { ship: string; text: string; rule: string }

/** The side a ship fought for at the start: a prize's old side. */
export const ownerOf = (s: ShipState) => s.prizeOf ?? s.side

/**
 * The `crew` boarders of `captorId` still aboard the captured `prizeId` take her over, if they are
 * enough for the engine and boiler rooms. Mutates `state`; returns what is said.
 */
export function takePrize(state: RiverState, prizeId: string, captorId: string, crew: number, pack: RiverPack): Line[] {
  const t = pack.tables.crew
  const p = state.ships[prizeId]!
  const captor = state.ships[captorId]!
  if (p.status !== 'captured' || crew < t.engine + t.boiler || captor.crew.spare < crew) return []
  const c = pack.classes[p.classKey]!
  const n = state.move
  const split = crewSplit(crew, c.guns.length, pack.tables)
  const old = p.side
  captor.crew.spare -= crew
  captor.cpvStart -= crew // they have left her company for the prize
  c.guns.forEach((g, i) => {
    const gs = p.guns[g.id]!
    gs.crewed = i < split.guns
    // §12 L1125: a move to man the guns; they are back the move after it (upkeep.ts).
    if (gs.status === 'ok') Object.assign(gs, { status: 'out', outUntil: n + 1 })
  })
  Object.assign(p, {
    side: captor.side,
    prizeOf: old,
    status: 'afloat',
    speed: 0,
    crew: { engine: split.engine, boiler: split.boiler, spare: split.spare },
    cpvStart: crew,
    cpvLost: 0,
    captain: { quality: 'intelligent', green: 0, red: 0, yellow: 0, alive: true },
    firedOnBy: [],
    morale: [],
  } satisfies Partial<ShipState>)
  // ... and a move to get under way: no speed through the next move.
  p.effects.push({ kind: 'speedMinus', amount: c.maxSpeed, until: n + 1 })
  delete state.directives?.[p.id]
  delete state.lastOrders[p.id]
  const lines: Line[] = [
    { ship: captorId, text: `${captor.name} puts a prize crew of ${crew} into ${p.name}`, rule: '§12 L1125' },
  ]
  const fc = state.commanders[old]
  if (fc.alive && fc.aboard === p.id) {
    fc.alive = false
    fc.aboard = null
    lines.push({ ship: captorId, text: `The ${old} fleet commander is taken prisoner in ${p.name}`, rule: '§12 L1125' })
  }
  return lines
}
