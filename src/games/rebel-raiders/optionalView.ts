// The optional rules' lines in a report (PB 18): which are in play and where each stands. All of it
// is public but the spaces the Confederate sends Lee and his militia to (his alone).
import type { Viewer } from '../contract.ts'
import { OPTIONAL_RULES } from './optionalRules.ts'
import type { RebelPack } from './pack.ts'
import { type RrState, turnName } from './state.ts'
import { resolveTrack } from './unionResolve.ts'

export function optionalSummary(s: RrState, pack: RebelPack, viewer: Viewer): string[] {
  const rules = s.options.rules
  if (!rules.length) return []
  const m = s.marks ?? {}
  const now = (turn?: number) => turn === s.turn
  const lines = [`In play: ${rules.map((r) => `${r} ${OPTIONAL_RULES[r] ?? ''}`.trim()).join('; ')}.`]
  if (rules.includes('18.4'))
    lines.push(
      `Union Resolve: ${m.resolveFailures ?? 0} failure(s); the track stands at ${resolveTrack(pack, s)}${m.resolveFour ? '; a 4 is in the cup' : ''}.`,
    )
  if (now(m.riots?.turn))
    lines.push(`Draft Riots this turn: ${m.riots!.builds} Union build(s) lost, no extra assault nor card.`)
  if (m.protection)
    lines.push('Commercial interests demand two sloops in every zone with a raider by the end of the Union move.')
  if (m.yankee && now(m.yankee.turn))
    lines.push(`Yankee Industry ${m.yankee.industry} and Conscription ${m.yankee.conscription} build(s) this turn.`)
  if (m.hunts && m.hunts.turn >= s.turn && m.hunts.left)
    lines.push(`Hunt's Artillery: ${m.hunts.left} for ${turnName(m.hunts.turn)}.`)
  if (m.upgrade && m.upgrade >= s.turn) lines.push(`Two If By Sea: a second ocean landing in ${turnName(m.upgrade)}.`)
  const csa = viewer.kind === 'moderator' || (viewer.kind === 'role' && viewer.role === 'confederate')
  if (m.militia && now(m.militia.turn) && m.militia.at.length)
    lines.push(
      csa
        ? `Militia this turn: ${m.militia.at.map((a) => a ?? 'for the first assaults').join(', ')}.`
        : `Militia this turn: ${m.militia.at.length}.`,
    )
  if (m.markersKept) lines.push(`The Lion's Roar kept ${m.markersKept} 2-VP cargo marker(s).`)
  if (rules.includes('18.5')) {
    const lee = m.lee
    const where =
      lee?.at && now(lee.turn) ? `holds ${lee.at} this turn` : lee?.free ? 'free to go anywhere' : 'in Virginia'
    lines.push(`Lee: ${where}${csa && m.leeWanted?.length ? `; sent to ${m.leeWanted.join(', ')}` : ''}.`)
  }
  return lines
}
