// What a Rebel Raiders report shows of the board. In the basic game everything on the map is public
// (the hands come with the cards), so every reader gets the same situation.
import type { RebelPack } from './pack.ts'
import { phaseName, type RrState, turnName } from './state.ts'

export function statusModel(s: RrState, pack: RebelPack) {
  const bySpace = new Map<string, string[]>()
  for (const p of s.pieces)
    bySpace.set(p.at, [
      ...(bySpace.get(p.at) ?? []),
      `${p.side === 'CSA' ? 'C' : 'U'} ${p.id}${p.cargo ? ` (cargo ${p.cargo})` : ''}`,
    ])
  const intercept = Object.entries(s.intercept)
    .map(([at, how]) => `${how === 'stack' ? 'one die a stack' : 'one die a ship'}${at === 'ALL' ? '' : ` at ${at}`}`)
    .join('; ')
  return {
    turn: turnName(s.turn),
    phase: phaseName(s.phase),
    points: s.vp,
    citiesLost: s.citiesLost,
    unionAssaults: s.unionPawns,
    counterattacks: s.csaPawns,
    unionHolds: Object.entries(s.control)
      .filter(([, side]) => side === 'USA')
      .map(([id]) => pack.map.space(id).name),
    // In the map's order, so that a reader finds a space where he found it last time.
    spaces: pack.map.spaces
      .filter((sp) => bySpace.has(sp.id))
      .map((sp) => ({ name: `${sp.name} (${sp.id})`, pieces: bySpace.get(sp.id)!.join(', ') })),
    arriving: s.arriving.map(
      (a) => `${a.side === 'CSA' ? 'Confederate' : 'Union'} ${a.type}${a.at ? ` at ${a.at}` : ''}`,
    ),
    intercept,
  }
}
