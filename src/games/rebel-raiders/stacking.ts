// Stacking (RB 6.12): at most three batteries in a port, city or fort; at most six warships of a
// side in any space; and, apart, at most six blockade runners; the Navy Yards hold any number. A
// player over a limit loses the pieces of his choice; without a choice, the ones that came last.
import type { RebelPack } from './pack.ts'
import type { Side } from './setup.ts'
import type { RrPiece } from './state.ts'

const WARSHIPS = new Set(['gunboat', 'ironclad', 'sloop', 'raider'])

/** The pieces over a limit, with the rule they break: those in `recent` (moved or placed this phase) go first. */
export function overStacked(
  pieces: RrPiece[],
  pack: RebelPack,
  recent: ReadonlySet<string> = new Set(),
): { piece: RrPiece; why: string }[] {
  const out: { piece: RrPiece; why: string }[] = []
  const limits = pack.pieces.stacking
  const groups = new Map<string, RrPiece[]>()
  for (const p of pieces) {
    if (pack.map.space(p.at).unlimitedStacking) continue
    const kind =
      p.type === 'battery' ? 'battery' : p.type === 'runner' ? 'runner' : WARSHIPS.has(p.type) ? 'warship' : null
    if (!kind) continue
    const key = `${p.at}|${p.side}|${kind}`
    groups.set(key, [...(groups.get(key) ?? []), p])
  }
  for (const [key, all] of groups) {
    const list = [...all.filter((p) => !recent.has(p.id)), ...all.filter((p) => recent.has(p.id))]
    const kind = key.split('|')[2]!
    const max =
      kind === 'battery'
        ? limits.batteriesPerSpace
        : kind === 'runner'
          ? limits.runnersPerSpace
          : limits.warshipsPerSidePerSpace
    const side = key.split('|')[1] as Side
    for (const piece of list.slice(max).reverse())
      out.push({
        piece,
        why: `${pack.map.space(piece.at).name} holds at most ${max} ${side === 'CSA' ? 'Confederate' : 'Union'} ${kind === 'warship' ? 'warships' : `${kind === 'battery' ? 'batteries' : 'blockade runners'}`} (6.12)`,
      })
  }
  return out
}
