// What a Rebel Raiders report shows of the board. In the basic game everything on the map is public
// (the hands come with the cards), so every reader gets the same situation.
import { confederateBuilds, unionBuilds } from './builds.ts'
import { checkMove } from './movement.ts'
import type { RebelPack } from './pack.ts'
import { buildContext, moveContext } from './position.ts'
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

/**
 * The form at the foot of the phasing player's report: for each of his ships the spaces it can reach
 * this phase (checked as the orders will be), or in a build phase what he has to spend; as comments,
 * with an example line to edit.
 */
export function orderForm(s: RrState, pack: RebelPack, role: string): string[] {
  const side = role === 'confederate' ? 'CSA' : 'USA'
  if ((s.phase.startsWith('csa') ? 'CSA' : 'USA') !== side || s.finished) return []
  const lines = [`# ${turnName(s.turn)}: ${phaseName(s.phase)}. One order a line; "#" starts a comment.`]
  if (s.phase.endsWith('build')) {
    const ctx = buildContext(s, pack, 0)
    const builds = side === 'CSA' ? confederateBuilds(s.citiesLost) : unionBuilds(s.turn)
    lines.push(`# Builds this phase: ${builds} (unused ones are lost). BUILD <type> [AT <space>], e.g.`)
    lines.push(side === 'CSA' ? '# BUILD RUNNER AT WILM' : '# BUILD SLOOP')
    if (side === 'CSA')
      lines.push(
        `# Arsenal batteries: ${['ATLA', 'RICH'].filter((c) => (ctx.control[c] ?? 'CSA') === 'CSA' && !ctx.razed.has(c)).length}; EXCHANGE <n> buys special build points at 5 VP each.`,
      )
    lines.push('PASS')
    return lines
  }
  const ctx = moveContext(s, pack)
  for (const p of s.pieces.filter((x) => x.side === side && x.type !== 'battery')) {
    const mp = pack.pieces.types.find((t) => t.type === p.type)!.mp
    const reach: string[] = []
    const seen = new Map<string, string[]>([[p.at, []]])
    let frontier = [p.at]
    for (let d = 0; d < mp && frontier.length; d++) {
      const next: string[] = []
      for (const at of frontier)
        for (const n of pack.map.neighbours(at, ['port', 'sea', 'river'])) {
          if (seen.has(n)) continue
          const path = [...seen.get(at)!, n]
          if (
            !checkMove(
              ctx,
              p,
              path.map((enter) => ({ enter })),
            ).ok
          )
            continue
          seen.set(n, path)
          reach.push(n)
          next.push(n)
        }
      frontier = next
    }
    // Wrapped so that a mail reader's line stays short.
    let line = `# ${p.id} in ${pack.map.space(p.at).name}, ${mp} MP:`
    if (!reach.length) line += ' cannot move'
    for (const r of reach) {
      if (line.length + r.length + 1 > 100) {
        lines.push(line)
        line = '#  '
      }
      line += ` ${r}`
    }
    lines.push(line)
  }
  lines.push('# e.g. MOVE <ship>[,<ship>] <space> > <space> > ...; POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT')
  lines.push('PASS')
  return lines
}
